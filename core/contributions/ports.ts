/** Ports of the contributions module. */
import type { LocalDate } from '../shared/calendar.ts';
import type { Tontine } from '../tontines/tontine.ts';
import type { ReminderOffset } from './contribution-reminders.ts';
import type { Contribution } from './contribution.ts';

/** One cycle of one tontine. */
export interface CycleOf {
  tontineId: string;
  cycle: number;
}

export interface ContributionRepository {
  findById(id: string): Promise<Contribution | undefined>;
  /** The contributions with these ids, by id (unknown ids absent); a database locks them, in id order, until the unit of work ends. */
  findByIds(ids: readonly string[]): Promise<ReadonlyMap<string, Contribution>>;
  /**
   * The contributions whose payment attempts carry these provider references, by reference (a
   * contribution with two of them appears once, under both); references of no contribution are
   * absent. A database locks the contributions until the unit of work ends.
   */
  findByPaymentReferences(providerReferences: readonly string[]): Promise<ReadonlyMap<string, Contribution>>;
  /** The lists hold contributions, never a late fine (a fine is found by id or reference, or by `listFinesOf`). */
  listByTontine(tontineId: string): Promise<Contribution[]>;
  /** The contributions of all these groups (one read for many). */
  listByTontines(tontineIds: readonly string[]): Promise<Contribution[]>;
  listByMember(memberId: string): Promise<Contribution[]>;
  /** The late fines of a group, each member's, by due date. */
  listFinesOf(tontineId: string): Promise<Contribution[]>;
  /** How many contributions of each cycle are still unpaid, in the order asked (counts, so a big group loads nothing). */
  countPendingInCycles(cycles: readonly CycleOf[]): Promise<number[]>;
  save(contributions: readonly Contribution[]): Promise<void>;
}

/** What a notice about a contribution is: a reminder at one of its offsets, or the overdue notice. */
export type ContributionNoticeKind = ReminderOffset | 'overdue';

/** A pending contribution and the name of its group, for the notice about it. */
export interface PendingContribution {
  contribution: Contribution;
  tontineName: string;
}

/**
 * The notices already sent about contributions, and the pending contributions that may need one.
 *
 * - `pendingInActiveTontines` reads only contributions still pending, of groups that are running,
 *   due between the two days (inclusive), by due date.
 * - `recordOnce` inserts (contribution, kind) or finds it there, in the caller's unit of work, and
 *   answers true only to the call that recorded it: of two replicas racing to send the same
 *   notice, the second waits on the first's row and learns it is not new.
 */
export interface ContributionNotices {
  pendingInActiveTontines(dueFrom: LocalDate, dueTo: LocalDate): Promise<PendingContribution[]>;
  recordOnce(contributionId: string, kind: ContributionNoticeKind, at: Date): Promise<boolean>;
  /** The reminder keys (`reminderKey`) already sent for these contributions. */
  sentReminderKeys(contributionIds: readonly string[]): Promise<Set<string>>;
  /** Contributions among these whose overdue notice was sent. */
  overdueNoticed(contributionIds: readonly string[]): Promise<Set<string>>;
}

/** What a member has saved, as one read saw it. */
export interface MemberSavings {
  /** The member's groups of every status, newest first, each with its members. */
  readonly tontines: Tontine[];
  /** The member's contributions in every group, with their payment attempts, by due date (no late fine). */
  readonly contributions: Contribution[];
  /** The member's late fines still owed (pending), with their payment attempts, by due date. */
  readonly fines: Contribution[];
  /** The first names of the members in those groups' payout orders, by user id. */
  readonly firstNames: ReadonlyMap<string, string>;
}

/** A member's savings in one read (the USSD menu reads them on most screens, each a round trip). */
export interface MemberSavingsReads {
  savingsOf(userId: string): Promise<MemberSavings>;
}
