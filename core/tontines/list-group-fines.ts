/**
 * ListGroupFines: a member reads the late fines of their group (DOMAIN.md "Fines", "Open books"):
 * whose, of which cycle, how much, whether paid, owed or waived, and for a waived one, who waived
 * it and why, so every member sees the reason.
 *
 * Guarantees
 * - For the group's members only (`not_a_member`); someone else's personal savings, or an id of
 *   no group, is `tontine_not_found` (tontine-access.ts).
 * - A member is named by first name and last initial ("Amina U."), never a phone number; `mine`
 *   marks the caller's own fines, the only ones they can pay (PayContribution pays only the
 *   member who owes it).
 * - Owed fines first (oldest first), then the rest, newest first.
 */
import type { ContributionView } from '../contributions/contribution.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import type { Money } from '../money/money.ts';
import type { LocalDate } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import { publicName } from './member-names.ts';
import type { MemberProfiles, TontineRepository } from './ports.ts';
import { memberTontine, type TontineAccessError } from './tontine-access.ts';

export interface GroupFine {
  id: string;
  member: string;
  mine: boolean;
  cycle: number;
  amount: Money;
  /** The day it was posted, due at once. */
  postedOn: LocalDate;
  status: ContributionView;
  paidAt: Date | null;
  /** Who waived it ("Amina U.", or null for a group decision) and why (null for a group decision). */
  waiver: { by: 'admin' | 'decision'; actor: string | null; reason: string | null; at: Date } | null;
}

export class ListGroupFines {
  constructor(
    private readonly deps: {
      tontines: Pick<TontineRepository, 'get'>;
      contributions: Pick<ContributionRepository, 'listFinesOf'>;
      profiles: MemberProfiles;
      clock: Clock;
    },
  ) {}

  async execute(input: { tontineId: string; userId: string }): Promise<Result<GroupFine[], TontineAccessError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const fines = await this.deps.contributions.listFinesOf(member.value.id);
    const people = [...new Set(fines.flatMap((f) => [f.memberId, ...(f.waiver?.kind === 'admin' ? [f.waiver.userId] : [])]))];
    const profiles = people.length > 0 ? await this.deps.profiles.profiles(people) : new Map();
    const now = this.deps.clock.now();
    const owed = (s: ContributionView) => s === 'pending' || s === 'overdue';
    const listed = fines.map((f): GroupFine => ({
      id: f.id,
      member: publicName(profiles.get(f.memberId)),
      mine: f.memberId === input.userId,
      cycle: f.cycle,
      amount: f.amount,
      postedOn: f.dueDate,
      status: f.viewAt(now),
      paidAt: f.paidAt,
      waiver: f.waiver && {
        by: f.waiver.kind,
        actor: f.waiver.kind === 'admin' ? publicName(profiles.get(f.waiver.userId)) : null,
        reason: f.waiver.kind === 'admin' ? f.waiver.reason : null,
        at: f.waiver.at,
      },
    }));
    // listFinesOf is oldest first: owed ones keep that order, the others are reversed.
    return ok([...listed.filter((f) => owed(f.status)), ...listed.filter((f) => !owed(f.status)).reverse()]);
  }
}
