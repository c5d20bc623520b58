/**
 * Group announcements (DOMAIN.md "Open books"): a change to a group's rotation (the payout order
 * drawn, two turns swapped, the rotation started) or to its fines (a fine waived, the late fine
 * rule changed, DOMAIN.md "Fines") is told to every member, the one who made it
 * included, as in-app notifications the Notifier also sends by SMS in each member's language.
 *
 * Guarantees
 * - One notice per member per change: the use case announces only when its change is made, in
 *   the change's unit of work, so a retried or refused request announces nothing more.
 * - Who is named as others see them: first name and the last name's initial ("Amina U."), never a
 *   phone number (member-names.ts publicName).
 * - One SMS: the group's name and each member's name are cut (NAME_LIMITS) so that every language's
 *   words, parameters included, fit 160 GSM-7 characters (apps/notifications catalogue test).
 *
 * Templates (for the Notifier's renderer): tontine_order_drawn {tontineName, actor},
 * tontine_turns_swapped {tontineName, first, firstCycle, second, secondCycle},
 * tontine_started {tontineName, actor, dueDate};
 * a group decision (core/decisions): tontine_proposal_opened {tontineName, actor, kind, closesOn},
 * tontine_decision_closed {tontineName, actor, kind, result, yes, no} — `kind` is the proposal's
 * kind and `result` its status (passed, rejected, void), codes each language words;
  * fine_waived {tontineName, member, amount, and
 * actor and reason when the admin waived it; neither for a group decision}, fine_rule_changed
 * {tontineName, fine ("500 RWF" or "5%"), graceDays, and actor when the creator set it},
 * fine_rule_removed {tontineName, and actor when the creator removed it}.
 */
import { Money } from '../money/money.ts';
import { formatDate, kigaliDateOf } from '../shared/calendar.ts';
import { clip, publicName, shortPublicName } from './member-names.ts';
import type { MemberNotification, MemberProfiles } from './ports.ts';
import type { Contribution } from '../contributions/contribution.ts';
import type { LateFineRule } from './late-fine.ts';
import type { Tontine, TurnSwap } from './tontine.ts';

/**
 * The longest group name and member's first name an announcement carries, in characters ("Amina
 * U." adds 3), and the part of an admin's reason for a waiver an SMS carries (the whole reason is
 * on the group's page).
 */
const NAME_LIMITS = { tontineName: 24, firstName: 11, reason: 30 } as const;

/** How these members are named in an announcement (one read for all of them). */
async function namer(profiles: MemberProfiles, userIds: readonly string[]): Promise<(userId: string) => string> {
  const found = await profiles.profiles(userIds);
  return (userId) => shortPublicName(found.get(userId), NAME_LIMITS.firstName);
}

function toEveryMember(tontine: Tontine, template: string, params: Record<string, string>): MemberNotification[] {
  const all = { tontineName: clip(tontine.name, NAME_LIMITS.tontineName), ...params };
  return tontine.members.map((m) => ({ userId: m.userId, type: 'other', template, params: all }));
}

/** The admin drew the payout order at random; every member can re-check it from its seed. */
export async function orderDrawnNotices(tontine: Tontine, adminId: string, profiles: MemberProfiles): Promise<MemberNotification[]> {
  const nameOf = await namer(profiles, [adminId]);
  return toEveryMember(tontine, 'tontine_order_drawn', { actor: nameOf(adminId) });
}

/** Two members traded turns at their own request: each one's new cycle. */
export async function turnsSwappedNotices(tontine: Tontine, swap: TurnSwap, profiles: MemberProfiles): Promise<MemberNotification[]> {
  const nameOf = await namer(profiles, [swap.proposerId, swap.counterpartyId]);
  const cycleOf = (userId: string) => String(tontine.payoutOrder.indexOf(userId) + 1);
  return toEveryMember(tontine, 'tontine_turns_swapped', {
    first: nameOf(swap.proposerId),
    firstCycle: cycleOf(swap.proposerId),
    second: nameOf(swap.counterpartyId),
    secondCycle: cycleOf(swap.counterpartyId),
  });
}

/** The admin started the rotation: when the first contribution is due. */
export async function startedNotices(tontine: Tontine, adminId: string, profiles: MemberProfiles): Promise<MemberNotification[]> {
  const nameOf = await namer(profiles, [adminId]);
  return toEveryMember(tontine, 'tontine_started', { actor: nameOf(adminId), dueDate: formatDate(tontine.dueDateOf(1)) });
}

/** What a group decision announces: its kind, its author, its expiry, and once closed its status and count. */
export interface DecisionNotice {
  kind: string;
  authorId: string;
  closesAt: Date;
}

/** A member proposed something the group votes on: what, by whom, until when (Kigali day). */
export async function proposalOpenedNotices(tontine: Tontine, proposal: DecisionNotice, profiles: MemberProfiles): Promise<MemberNotification[]> {
  const nameOf = await namer(profiles, [proposal.authorId]);
  return toEveryMember(tontine, 'tontine_proposal_opened', { actor: nameOf(proposal.authorId), kind: proposal.kind, closesOn: formatDate(kigaliDateOf(proposal.closesAt)) });
}

/** The vote closed: passed (and applied), rejected, or void (passed, but the group's state no longer allowed it), with the count. */
export async function decisionClosedNotices(
  tontine: Tontine,
  proposal: DecisionNotice & { status: string },
  count: { yes: number; no: number },
  profiles: MemberProfiles,
): Promise<MemberNotification[]> {
  const nameOf = await namer(profiles, [proposal.authorId]);
  return toEveryMember(tontine, 'tontine_decision_closed', {
    actor: nameOf(proposal.authorId),
    kind: proposal.kind,
    result: proposal.status,
    yes: String(count.yes),
    no: String(count.no),
  });
}
/** Who waived a fine or changed the rule: the group's admin (creator) by name, or a group decision. */
export type FineDecider = { kind: 'admin'; userId: string; reason: string } | { kind: 'creator'; userId: string } | { kind: 'decision'; proposalId: string };

/** A member's fine was waived: by whom and why (the admin), or by a group decision. */
export async function fineWaivedNotices(tontine: Tontine, fine: Contribution, by: FineDecider, profiles: MemberProfiles): Promise<MemberNotification[]> {
  const nameOf = await namer(profiles, by.kind === 'decision' ? [fine.memberId] : [fine.memberId, by.userId]);
  return toEveryMember(tontine, 'fine_waived', {
    member: nameOf(fine.memberId),
    amount: fine.amount.format(),
    ...(by.kind === 'decision' ? {} : { actor: nameOf(by.userId) }),
    ...(by.kind === 'admin' ? { reason: clip(by.reason.trim(), NAME_LIMITS.reason) } : {}),
  });
}

/** The late fine rule changed (or was removed): what it is now, and who set it when not the group. */
export async function fineRuleNotices(tontine: Tontine, rule: LateFineRule | null, by: FineDecider, profiles: MemberProfiles): Promise<MemberNotification[]> {
  const actor: Record<string, string> = by.kind === 'decision' ? {} : { actor: (await namer(profiles, [by.userId]))(by.userId) };
  if (!rule) return toEveryMember(tontine, 'fine_rule_removed', actor);
  const fine = rule.kind === 'fixed' ? Money.ofFrancs(rule.value).format() : `${rule.value}%`;
  return toEveryMember(tontine, 'fine_rule_changed', { ...actor, fine, graceDays: String(rule.graceDays) });
}
