/**
 * SendMonthlyStatements: at the start of a month, every member of every active group receives the
 * group's statement of the Kigali month that ended (monthly-statement.ts): its balance, what came
 * in and went out and to whom, and who is paid next and when — in the app and by SMS, in their
 * language (the Notifier).
 *
 * Guarantees
 * - Once per group and month: recording the statement (`MonthlyStatements.recordOnce`, unique on
 *   group and month) and writing every member's notice happen in one unit of work, so a re-run of
 *   the job, two replicas racing or a crash at any point never send it twice nor lose it.
 * - Only active rotating groups whose rotation started before the month ended (a group started
 *   since has no month to tell); never personal savings, forming, completed or cancelled groups.
 * - The figures are read from the group's books (PoolBooks), in the same unit of work.
 * - One group's failure (say, a member's account gone) is left in the event log, nothing of it is
 *   recorded, and it does not stop the others; the next run tries it again.
 */
import { formatMonth, kigaliDateOf, lastEndedKigaliMonth } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { monthlyFigures, monthlyStatementNotices, namedInStatement, postingsSince } from './monthly-statement.ts';
import type { MemberProfiles, MonthlyStatements, Notifier, PoolBooks, TontineRepository } from './ports.ts';

/** Groups handled per run; a catch-up run takes the rest. */
const GROUPS_PER_RUN = 500;

export interface SendMonthlyStatementsDeps {
  statements: MonthlyStatements;
  tontines: Pick<TontineRepository, 'get'>;
  books: PoolBooks;
  profiles: MemberProfiles;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
  events: EventLog;
}

export interface StatementReport {
  /** Groups whose statement was sent by this run. */
  sent: number;
  /** Groups a racing run had sent meanwhile. */
  alreadySent: number;
  /** Notices written (one per member of the groups sent). */
  members: number;
  failed: number;
}

export class SendMonthlyStatements {
  constructor(private readonly deps: SendMonthlyStatementsDeps) {}

  async execute(): Promise<StatementReport> {
    const { statements, clock, events } = this.deps;
    const now = clock.now();
    const month = lastEndedKigaliMonth(now);
    const monthKey = formatMonth(month);
    // The day after the month: a rotation started before it has a month to tell.
    const startedBefore = kigaliDateOf(month.end);
    const report: StatementReport = { sent: 0, alreadySent: 0, members: 0, failed: 0 };
    for (const tontineId of await statements.groupsAwaiting(monthKey, startedBefore, GROUPS_PER_RUN)) {
      try {
        const members = await this.deps.uow.run(async () => {
          if (!(await statements.recordOnce(tontineId, monthKey, now))) return undefined;
          const tontine = await this.deps.tontines.get(tontineId);
          if (!tontine || tontine.status !== 'active' || tontine.isPersonalSavings) return 0;
          const figures = monthlyFigures(await postingsSince(this.deps.books, tontineId, month), month);
          const profiles = await this.deps.profiles.profiles(namedInStatement(tontine, figures));
          const notices = monthlyStatementNotices(tontine, month, figures, profiles);
          await this.deps.notifier.notifyAll(notices);
          return notices.length;
        });
        if (members === undefined) report.alreadySent++;
        else {
          report.sent++;
          report.members += members;
        }
      } catch (error) {
        report.failed++;
        events.error({ err: error, tontineId, month: monthKey }, 'monthly statement not sent');
      }
    }
    return report;
  }
}
