/**
 * `transfer-retry` (formerly `payout-retry` and `loan-disbursement-retry`, names it still answers
 * to): every minute, makes the next attempt of each outgoing transfer — payout, savings
 * withdrawal, loan disbursement — whose attempt failed and whose backoff is over
 * (core/transfers decides when, how often, and when to give up).
 *
 * Guarantees
 * - Each failed attempt is retried once: RetryTransfer locks it and clears its retry time in the
 *   transaction that books the next attempt, so two replicas (or two runs) never both retry it.
 * - A transfer given up is logged at error for the treasurer (the member was told, in the outbox;
 *   the money stays where it was: the pool, or the loan stays approved).
 * - One transfer's failure is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../../core/shared/clock.ts';
import type { OutgoingTransfers } from '../../../core/transfers/ports.ts';
import type { RetryTransfer } from '../../../core/transfers/retry-transfer.ts';
import type { Job, JobReport } from '../job-runner.ts';

/** At most this many transfers are retried per run; the rest wait a minute. */
export const RETRY_BATCH = 100;

export class TransferRetryJob implements Job {
  readonly name = 'transfer-retry';
  readonly aliases = ['payout-retry', 'loan-disbursement-retry'];
  readonly schedules = ['* * * * *'];

  constructor(private readonly deps: { transfers: Pick<OutgoingTransfers, 'listRetriesDue'>; retryTransfer: Pick<RetryTransfer, 'execute'>; clock: Clock; logger: Logger }) {}

  async run(): Promise<JobReport> {
    const { transfers, retryTransfer, clock, logger } = this.deps;
    const report = { retried: 0, givenUp: 0, notDue: 0, errors: 0 };
    for (const failed of await transfers.listRetriesDue(clock.now(), RETRY_BATCH)) {
      try {
        const retried = await retryTransfer.execute({ reference: failed.reference });
        if (retried.outcome === 'retried') report.retried++;
        else if (retried.outcome === 'not_due') report.notDue++;
        else {
          report.givenUp++;
          logger.error(
            { reference: failed.reference, purpose: failed.purpose, subjectId: failed.subjectId, attempt: failed.attempt, memberId: failed.memberId },
            'transfer given up: the money stays where it was, member told',
          );
        }
      } catch (error) {
        report.errors++;
        logger.error({ err: error, reference: failed.reference }, 'transfer retry failed');
      }
    }
    return report;
  }
}
