/**
 * WaiveFine: a member's late fine is cancelled, by the group's admin with a reason every member
 * sees, or by a group decision (the decisions module calls this once a `waive_fine` proposal
 * passed; it has checked the vote).
 *
 * Input: `{ fineId, tontineId?, by }` with `by` one of
 * - `{ kind: 'admin', userId, reason }`: the caller must be the group's admin (`only_admin_can_waive`);
 *   a member of the group who is not gets 403, anyone else `tontine_not_found`/`not_a_member` as
 *   for any members-only part of a group (tontine-access.ts); the reason is trimmed, 3 to
 *   MAX_REASON characters (`waiver_reason_invalid`);
 * - `{ kind: 'decision', proposalId }`: the proposal that decided it, kept with the waiver.
 *
 * Guarantees
 * - Only a pending fine can be waived: a paid one is `fine_already_paid`, a waived one
 *   `fine_already_waived` (a retried request announces nothing more); an id of no fine (or of a
 *   fine of another group than `tontineId`) is `fine_not_found`.
 * - The waiver (who, why, when) is stored with the fine under its lock, and every member is told
 *   in the same unit of work, in-app and by SMS (group-announcements.ts fine_waived).
 * - A payment already on its way is not stopped: if the provider later confirms it, the money is
 *   booked in the pool and the fine is paid (money a provider confirms is never lost).
 */
import type { ContributionRepository } from '../contributions/ports.ts';
import type { WaiveError } from '../contributions/contribution.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { fineWaivedNotices } from './group-announcements.ts';
import type { MemberProfiles, Notifier, TontineRepository } from './ports.ts';
import { memberTontine, type TontineAccessError } from './tontine-access.ts';

export const MIN_REASON = 3;
export const MAX_REASON = 300;

export type WaiveFineBy = { kind: 'admin'; userId: string; reason: string } | { kind: 'decision'; proposalId: string };

export interface WaiveFineInput {
  fineId: string;
  /** The group the caller names (the HTTP path): a fine of another group is `fine_not_found`. */
  tontineId?: string;
  by: WaiveFineBy;
}

export type WaiveFineError = WaiveError | TontineAccessError | 'only_admin_can_waive' | 'waiver_reason_invalid';

export interface WaivedFine {
  fineId: string;
  tontineId: string;
  memberId: string;
}

export class WaiveFine {
  constructor(
    private readonly deps: {
      tontines: Pick<TontineRepository, 'get'>;
      contributions: Pick<ContributionRepository, 'findById' | 'save'>;
      profiles: MemberProfiles;
      notifier: Notifier;
      uow: UnitOfWork;
      clock: Clock;
    },
  ) {}

  execute(input: WaiveFineInput): Promise<Result<WaivedFine, WaiveFineError>> {
    const { tontines, contributions, profiles, notifier, uow, clock } = this.deps;
    const { by } = input;
    return uow.run(async () => {
      if (input.tontineId !== undefined && by.kind === 'admin') {
        const member = memberTontine(await tontines.get(input.tontineId), by.userId);
        if (!member.ok) return member;
      }
      const fine = await contributions.findById(input.fineId);
      if (!fine || !fine.isFine || (input.tontineId !== undefined && fine.tontineId !== input.tontineId)) return err('fine_not_found');
      const tontine = await tontines.get(fine.tontineId);
      if (!tontine) return err('fine_not_found');
      if (by.kind === 'admin') {
        if (!tontine.isMember(by.userId)) return err('fine_not_found');
        if (!tontine.isAdmin(by.userId)) return err('only_admin_can_waive');
        const reason = by.reason.trim();
        if (Array.from(reason).length < MIN_REASON || Array.from(reason).length > MAX_REASON) return err('waiver_reason_invalid');
      }
      const now = clock.now();
      const waived = fine.waive(by.kind === 'admin' ? { kind: 'admin', userId: by.userId, reason: by.reason.trim(), at: now } : { kind: 'decision', proposalId: by.proposalId, at: now });
      if (!waived.ok) return waived;
      await contributions.save([fine]);
      await notifier.notifyAll(await fineWaivedNotices(tontine, fine, by, profiles));
      return ok({ fineId: fine.id, tontineId: fine.tontineId, memberId: fine.memberId });
    });
  }
}
