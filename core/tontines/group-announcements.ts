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
 * tontine_started {tontineName, actor, dueDate}, fine_waived {tontineName, member, amount, and
 * actor and reason when the admin waived it; neither for a group decision}, fine_rule_changed
 * {tontineName, fine ("500 RWF" or "5%"), graceDays, and actor when the creator set it},
 * fine_rule_removed {tontineName, and actor when the creator removed it}.
 */
import { Money } from '../money/money.ts';
import { formatDate } from '../shared/calendar.ts';
import { publicName } from './member-names.ts';
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

/** `text` cut to `max` code points, the cut marked by a final '.' (a space or hyphen before it dropped). */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').replace(/[\s-]+$/, '')}.`;
}

/** How these members are named in an announcement (one read for all of them). */
async function namer(profiles: MemberProfiles, userIds: readonly string[]): Promise<(userId: string) => string> {
  const found = await profiles.profiles(userIds);
  return (userId) => {
    const profile = found.get(userId);
    // The first name is cut, not the initial that tells two Aminas apart.
    return publicName(profile && { ...profile, firstName: clip(profile.firstName.trim(), NAME_LIMITS.firstName) });
  };
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
