/**
 * `payment-polling`: every minute, asks the provider about the mobile-money payments still
 * pending after PAYMENT_POLL_AFTER_SECONDS, since MTN sends a callback at most once and never
 * retries it. The answer goes through SettlePaymentReport, the very path a callback takes.
 *
 * Guarantees
 * - A payment the provider reports successful or failed (EXPIRED included) is settled exactly as
 *   its callback would settle it: confirmation, ledger entry and notice once (a callback that
 *   arrives as well answers `exists`).
 * - A payment the provider has never heard of (`mobile_money_reference_unknown`: the request never
 *   reached it) is given up as failed, so the member can pay again.
 * - A payment still pending at the provider, or a provider that does not answer now, is left as
 *   it is and asked again at the next run; one payment's failure does not stop the others.
 */
import type { Logger } from 'pino';
import type { MobileMoney } from '../../../core/payments/ports.ts';
import type { Clock } from '../../../core/shared/clock.ts';
import type { PaymentRecord, PostgresPaymentRepository } from '../../../adapters/postgres/postgres-payment-repository.ts';
import type { SettlePaymentReport } from '../../payments/settle-payment-report.ts';
import type { Job, JobReport } from '../job-runner.ts';

/** At most this many payments are asked about per run (oldest first); the rest wait a minute. */
export const POLL_BATCH = 200;

export class PaymentPollingJob implements Job {
  readonly name = 'payment-polling';
  readonly schedules = ['* * * * *'];

  constructor(
    private readonly deps: {
      payments: PostgresPaymentRepository;
      mobileMoney: MobileMoney;
      settle: SettlePaymentReport;
      clock: Clock;
      logger: Logger;
      pollAfterSeconds: number;
    },
  ) {}

  async run(): Promise<JobReport> {
    const { payments, clock, pollAfterSeconds } = this.deps;
    const pending = await payments.listPendingOlderThan(new Date(clock.now().getTime() - pollAfterSeconds * 1000), POLL_BATCH);
    const report = { asked: pending.length, settled: 0, failed: 0, stillPending: 0, unavailable: 0, errors: 0 };
    for (const payment of pending) {
      try {
        const outcome = await this.poll(payment);
        report[outcome]++;
      } catch (error) {
        report.errors++;
        this.deps.logger.error({ err: error, reference: payment.reference, kind: payment.kind }, 'payment poll failed');
      }
    }
    return report;
  }

  private async poll(payment: PaymentRecord): Promise<'settled' | 'failed' | 'stillPending' | 'unavailable'> {
    const { mobileMoney, settle, logger } = this.deps;
    const status =
      payment.kind === 'contribution'
        ? await mobileMoney.collectionStatus(payment.provider, payment.reference)
        : await mobileMoney.transferStatus(payment.provider, payment.reference);
    if (!status.ok) {
      if (status.error === 'mobile_money_unavailable') return 'unavailable';
      const expired = await settle.expire(payment);
      if (!expired.ok) logger.warn({ reference: payment.reference, error: expired.error }, 'unknown payment not expired');
      return 'failed';
    }
    if (status.value.status === 'pending') return 'stillPending';
    const settled = await settle.execute(status.value);
    if (!settled.ok) {
      logger.warn({ reference: payment.reference, error: settled.error }, 'polled payment not settled');
      return 'unavailable';
    }
    return settled.value.outcome === 'failed' ? 'failed' : 'settled';
  }
}
