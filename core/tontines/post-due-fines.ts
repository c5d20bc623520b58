/**
 * PostDueFines (job `late-fines`): when a group's late fine grace ends on a member's unpaid
 * contribution, the fine is posted: a contribution of the same member, group and cycle, due at
 * once, paid like any other (DOMAIN.md "Fines"); the member is told (fine_posted).
 *
 * Guarantees
 * - Once per contribution: each fine is posted in its own unit of work under the lock of the
 *   contribution it fines, after checking that none was posted meanwhile, and the database holds
 *   at most one fine per contribution; a second run, or another replica's, posts nothing more.
 * - A fine is never fined; a contribution paid (or a fine waived) before the run is not fined.
 * - The amount is the group's rule of the day applied to the contribution (late-fine.ts): whole
 *   francs. Only graces that ended on or after the rule took effect are fined.
 * - At most FINE_BATCH per run; one failure is left in the event log and does not stop the others.
 */
import { finePostedNotice } from '../contributions/contribution-notices.ts';
import { Contribution } from '../contributions/contribution.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import { kigaliDateOf } from '../shared/calendar.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { fineAmount, isFineDue } from './late-fine.ts';
import type { LateContribution, LateContributions, Notifier } from './ports.ts';

export const FINE_BATCH = 500;

export interface PostDueFinesDeps {
  late: LateContributions;
  contributions: Pick<ContributionRepository, 'findById' | 'save'>;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  events: EventLog;
}

export interface PostedFinesReport {
  posted: number;
  skipped: number;
  failed: number;
}

export class PostDueFines {
  constructor(private readonly deps: PostDueFinesDeps) {}

  async execute(): Promise<PostedFinesReport> {
    const { late, clock, events } = this.deps;
    const today = kigaliDateOf(clock.now());
    const report: PostedFinesReport = { posted: 0, skipped: 0, failed: 0 };
    for (const due of await late.dueForFine(today, FINE_BATCH)) {
      try {
        report[(await this.post(due)) ? 'posted' : 'skipped']++;
      } catch (error) {
        report.failed++;
        events.error({ err: error, contributionId: due.contribution.id }, 'late fine not posted');
      }
    }
    return report;
  }

  private post({ contribution, rule, tontineName }: LateContribution): Promise<boolean> {
    const { late, contributions, notifier, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const now = clock.now();
      const today = kigaliDateOf(now);
      // Locked: a payment confirmed meanwhile, or a fine another run posted, is seen now.
      const current = await contributions.findById(contribution.id);
      if (!current || current.isFine || current.status !== 'pending' || !isFineDue(rule, current.dueDate, today)) return false;
      if (await late.isFined(current.id)) return false;
      const fine = Contribution.fine({ id: ids.newId(), of: current, amount: fineAmount(rule, current.amount), at: now });
      await contributions.save([fine]);
      await notifier.notify(finePostedNotice(fine, tontineName));
      return true;
    });
  }
}
