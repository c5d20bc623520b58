/**
 * RetryDueTransfers: make the next attempt of each outgoing transfer — payout, savings
 * withdrawal, loan disbursement — whose attempt failed and whose backoff is over (RetryTransfer
 * and core/transfers/transfer.ts decide when, how often, and when to give up).
 *
 * Guarantees
 * - Each failed attempt is retried once: RetryTransfer locks it and clears its retry time in the
 *   unit of work that books the next attempt, so two replicas (or two runs) never both retry it.
 * - A transfer given up is left in the event log at error for the treasurer (the member was told,
 *   in the outbox; the money stays where it was: the pool, or the loan stays approved).
 * - At most RETRY_BATCH per run; one transfer's failure is logged and does not stop the others.
 */
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import type { OutgoingTransfers } from './ports.ts';
import type { RetryTransfer } from './retry-transfer.ts';

/** At most this many transfers are retried per run; the rest wait for the next. */
export const RETRY_BATCH = 100;

export interface RetryDueTransfersDeps {
  transfers: Pick<OutgoingTransfers, 'listRetriesDue'>;
  retryTransfer: Pick<RetryTransfer, 'execute'>;
  clock: Clock;
  events: EventLog;
}

export interface RetryReport {
  retried: number;
  givenUp: number;
  notDue: number;
  errors: number;
}

export class RetryDueTransfers {
  constructor(private readonly deps: RetryDueTransfersDeps) {}

  async execute(): Promise<RetryReport> {
    const { transfers, retryTransfer, clock, events } = this.deps;
    const report: RetryReport = { retried: 0, givenUp: 0, notDue: 0, errors: 0 };
    for (const failed of await transfers.listRetriesDue(clock.now(), RETRY_BATCH)) {
      try {
        const retried = await retryTransfer.execute({ reference: failed.reference });
        if (retried.outcome === 'retried') report.retried++;
        else if (retried.outcome === 'not_due') report.notDue++;
        else {
          report.givenUp++;
          events.error(
            { reference: failed.reference, purpose: failed.purpose, subjectId: failed.subjectId, attempt: failed.attempt, memberId: failed.memberId },
            'transfer given up: the money stays where it was, member told',
          );
        }
      } catch (error) {
        report.errors++;
        events.error({ err: error, reference: failed.reference }, 'transfer retry failed');
      }
    }
    return report;
  }
}
