/**
 * `payout-retry`: every minute, makes the next attempt of each payout or savings withdrawal whose
 * transfer failed and whose backoff is over (core/tontines/savings-transfers.ts decides when, how
 * often, and when to give up).
 *
 * Guarantees
 * - Each failed attempt is retried once: SavingsTransfers locks it and clears its retry time in
 *   the transaction that books the next attempt, so two replicas (or two runs) never both retry it.
 * - A transfer given up is logged at error for the treasurer (the member was told, in the outbox).
 * - One transfer's failure is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../../core/shared/clock.ts';
import type { TransferAttemptRepository } from '../../../core/tontines/ports.ts';
import type { SavingsTransfers } from '../../../core/tontines/savings-transfers.ts';
import type { Job, JobReport } from '../job-runner.ts';

/** At most this many transfers are retried per run; the rest wait a minute. */
export const RETRY_BATCH = 100;

export class PayoutRetryJob implements Job {
  readonly name = 'payout-retry';
  readonly schedules = ['* * * * *'];

  constructor(private readonly deps: { attempts: TransferAttemptRepository; transfers: SavingsTransfers; clock: Clock; logger: Logger }) {}

  async run(): Promise<JobReport> {
    const { attempts, transfers, clock, logger } = this.deps;
    const report = { retried: 0, givenUp: 0, notDue: 0, errors: 0 };
    for (const failed of await attempts.listRetriesDue(clock.now(), RETRY_BATCH)) {
      try {
        const retried = await transfers.retry(failed.reference);
        if (retried.outcome === 'retried') report.retried++;
        else if (retried.outcome === 'not_due') report.notDue++;
        else {
          report.givenUp++;
          logger.error({ reference: failed.reference, kind: failed.kind, attempt: failed.attempt, memberId: failed.memberId }, 'transfer given up: the money stays in the pool, member told');
        }
      } catch (error) {
        report.errors++;
        logger.error({ err: error, reference: failed.reference }, 'transfer retry failed');
      }
    }
    return report;
  }
}
