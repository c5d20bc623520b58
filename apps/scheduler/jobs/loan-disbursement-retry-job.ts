/**
 * `loan-disbursement-retry`: every minute, makes the next attempt of each loan disbursement whose
 * transfer failed and whose backoff is over (core/loans/disburse-loan.ts decides when, how often,
 * and when to give up), as `payout-retry` does for savings transfers.
 *
 * Guarantees
 * - Each failed attempt is retried once: it is locked and its retry time cleared in the
 *   transaction that books the next attempt, so two replicas (or two runs) never both retry it.
 * - A disbursement given up is logged at error for an admin (the member was told, in the outbox);
 *   the loan stays approved.
 * - One loan's failure is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import type { retryDisbursement } from '../../../core/loans/disburse-loan.ts';
import type { DisbursementAttemptRepository } from '../../../core/loans/ports.ts';
import type { Clock } from '../../../core/shared/clock.ts';
import type { Job, JobReport } from '../job-runner.ts';
import { RETRY_BATCH } from './payout-retry-job.ts';

export class LoanDisbursementRetryJob implements Job {
  readonly name = 'loan-disbursement-retry';
  readonly schedules = ['* * * * *'];

  constructor(
    private readonly deps: {
      disbursements: DisbursementAttemptRepository;
      /** Makes the next attempt of a failed disbursement whose backoff is over (core/loans/disburse-loan.ts). */
      retryDisbursement: (reference: string) => ReturnType<typeof retryDisbursement>;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  async run(): Promise<JobReport> {
    const { disbursements, retryDisbursement, clock, logger } = this.deps;
    const report = { retried: 0, givenUp: 0, notDue: 0, errors: 0 };
    for (const failed of await disbursements.listRetriesDue(clock.now(), RETRY_BATCH)) {
      try {
        const retried = await retryDisbursement(failed.reference);
        if (retried.outcome === 'retried') report.retried++;
        else if (retried.outcome === 'not_due') report.notDue++;
        else {
          report.givenUp++;
          logger.error({ reference: failed.reference, loanId: failed.loanId, attempt: failed.attempt, memberId: failed.memberId }, 'loan disbursement given up: the loan stays approved, member told');
        }
      } catch (error) {
        report.errors++;
        logger.error({ err: error, reference: failed.reference }, 'loan disbursement retry failed');
      }
    }
    return report;
  }
}
