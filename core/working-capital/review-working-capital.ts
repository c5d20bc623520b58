/**
 * The admin's review of working capital left `pending` (`npm run admin -- loans review`), and the
 * daily pass that reminds a shortfall and marks what is unpaid after 18 months `overdue`.
 *
 * Guarantees
 * - Review: only a `pending` one is approved (it then awaits the owner's acceptance of the key
 *   facts recorded at application) or rejected with a reason; the owner is told either way, and
 *   the decision is written to the audit log with who made it.
 * - Daily pass: for an active or overdue advance, a shortfall on the minimum pace (1/18 of the
 *   total per 60 days) at the end of a 60-day window is reminded once per window (in-app and SMS,
 *   in the owner's language); an active one with something owed past its due date turns `overdue`
 *   and the owner is told. Running it twice changes nothing more.
 */
import type { AuditTrail } from '../audit/ports.ts';
import { formatDate, kigaliDateOf } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import type { WorkingCapitalLoans } from './ports.ts';
import { DAY_MS, MINIMUM_PACE_DAYS, minimumPace, owedOn, transitionWorkingCapital, type WorkingCapitalLoan } from './working-capital.ts';
import { decisionNotice, overdueNotice, shortfallNotice } from './working-capital-notices.ts';

export interface ReviewWorkingCapitalDeps {
  loans: Pick<WorkingCapitalLoans, 'findById' | 'save' | 'listPending' | 'listRepaying'>;
  /** The decision's audit row (`working_capital_approve|reject`, with who decided), in its transaction. */
  audit?: AuditTrail;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
}

export class ReviewWorkingCapital {
  constructor(private readonly deps: ReviewWorkingCapitalDeps) {}

  listPending(): Promise<WorkingCapitalLoan[]> {
    return this.deps.loans.listPending();
  }

  decide(input: { loanId: string; decision: 'approve' | 'reject'; reason: string; decidedBy?: string }): Promise<Result<WorkingCapitalLoan, 'working_capital_not_found' | 'working_capital_transition_not_allowed'>> {
    return this.deps.uow.run(async () => {
      const loan = await this.deps.loans.findById(input.loanId);
      if (!loan) return err('working_capital_not_found');
      const status = transitionWorkingCapital(loan.status, input.decision);
      if (!status.ok) return status;
      const decided: WorkingCapitalLoan = { ...loan, status: status.value, reviewReason: input.reason };
      await this.deps.loans.save(decided);
      await this.deps.audit?.record({ action: `working_capital_${input.decision}`, actor: input.decidedBy ?? 'admin', subject: `working_capital:${decided.id}`, details: { status: decided.status, reason: input.reason || null, merchantId: decided.merchantId } });
      await this.deps.notifier.notify(decisionNotice(decided));
      return ok(decided);
    });
  }
}

export class RefreshWorkingCapital {
  constructor(private readonly deps: ReviewWorkingCapitalDeps) {}

  /** Answers how many shortfalls were reminded and how many advances turned overdue. */
  async execute(): Promise<{ reminded: number; overdue: number }> {
    const now = this.deps.clock.now();
    let reminded = 0;
    let overdue = 0;
    for (const candidate of await this.deps.loans.listRepaying()) {
      await this.deps.uow.run(async () => {
        const loan = await this.deps.loans.findById(candidate.id);
        if (!loan?.disbursedAt || (loan.status !== 'active' && loan.status !== 'overdue')) return;
        let next = loan;
        const pace = minimumPace({ total: loan.keyFacts.totalRepayable, repaid: loan.repaid, disbursedAt: loan.disbursedAt, now });
        if (pace.windows > loan.remindedWindow) {
          if (pace.shortfall.isPositive()) {
            const dueBy = formatDate(kigaliDateOf(new Date(loan.disbursedAt.getTime() + (pace.windows + 1) * MINIMUM_PACE_DAYS * DAY_MS)));
            await this.deps.notifier.notify(shortfallNotice(loan, pace.shortfall, dueBy));
            reminded += 1;
          }
          next = { ...next, remindedWindow: pace.windows };
        }
        if (loan.status === 'active' && loan.dueAt && now.getTime() >= loan.dueAt.getTime() && owedOn(loan).isPositive()) {
          const status = transitionWorkingCapital(loan.status, 'fall_overdue');
          if (status.ok) {
            next = { ...next, status: status.value };
            await this.deps.notifier.notify(overdueNotice(next));
            overdue += 1;
          }
        }
        if (next !== loan) await this.deps.loans.save(next);
      });
    }
    return { reminded, overdue };
  }
}
