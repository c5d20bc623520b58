/**
 * `payment-polling`: every minute, asks the provider about the mobile-money payments still
 * pending after PAYMENT_POLL_AFTER_SECONDS — contribution collections, payout and withdrawal
 * transfers, loan repayment collections and loan disbursements — since MTN sends a callback at most once and never
 * retries it. The answer goes through SettlePaymentReport, the very path a callback takes.
 *
 * Guarantees
 * - A payment the provider reports successful or failed (EXPIRED included) is settled exactly as
 *   its callback would settle it: confirmation, ledger entry and notice once (a callback that
 *   arrives as well answers `exists`); a failed transfer is booked back and retried.
 * - Fair: each run asks the POLL_BATCH payments (and as many loan collections) least recently
 *   asked, and marks them asked, so hundreds stuck at the provider never starve the newer ones.
 * - A collection the provider has never heard of (`mobile_money_reference_unknown`: the request
 *   never reached it) is given up as failed, so the member can pay again. A transfer the provider
 *   has never heard of was stored but never sent (a crash, an unreachable provider): it is sent
 *   now under its same reference.
 * - A payment still pending at the provider, or a provider that does not answer now, is left as
 *   it is and asked again later; one payment's failure does not stop the others.
 */
import type { Logger } from 'pino';
import type { Money } from '../../../core/money/money.ts';
import type { MobileMoney, MobileMoneyProvider } from '../../../core/payments/ports.ts';
import type { Clock } from '../../../core/shared/clock.ts';
import type { SavingsTransfers } from '../../../core/tontines/savings-transfers.ts';
import type { LoanDisbursementAttempts, MikroOrmLoanCollections } from '../../../adapters/postgres/mikro-orm-loan-repository.ts';
import type { PostgresPaymentRepository } from '../../../adapters/postgres/postgres-payment-repository.ts';
import type { Lending } from '../../modules/loans-module.ts';
import type { SettlePaymentReport } from '../../payments/settle-payment-report.ts';
import type { Job, JobReport } from '../job-runner.ts';

/** At most this many payments (and loan collections, and loan disbursements) are asked about per run, least recently asked first. */
export const POLL_BATCH = 200;

type PollOutcome = 'settled' | 'failed' | 'stillPending' | 'unavailable' | 'resent';

interface Pollable {
  kind: 'collection' | 'transfer' | 'disbursement';
  provider: MobileMoneyProvider;
  reference: string;
  amount: Money;
}

export class PaymentPollingJob implements Job {
  readonly name = 'payment-polling';
  readonly schedules = ['* * * * *'];

  constructor(
    private readonly deps: {
      payments: PostgresPaymentRepository;
      loanCollections: MikroOrmLoanCollections;
      disbursements: LoanDisbursementAttempts;
      lending: Lending;
      mobileMoney: MobileMoney;
      settle: SettlePaymentReport;
      transfers: SavingsTransfers;
      clock: Clock;
      logger: Logger;
      pollAfterSeconds: number;
    },
  ) {}

  async run(): Promise<JobReport> {
    const { payments, loanCollections, disbursements, clock, pollAfterSeconds } = this.deps;
    const now = clock.now();
    const before = new Date(now.getTime() - pollAfterSeconds * 1000);
    const pending: Pollable[] = [
      ...(await payments.listPendingOlderThan(before, POLL_BATCH, now)).map((p) => ({
        kind: p.kind === 'contribution' ? ('collection' as const) : ('transfer' as const),
        provider: p.provider,
        reference: p.reference,
        amount: p.amount,
      })),
      ...(await loanCollections.listRequestedOlderThan(before, POLL_BATCH, now)).map((c) => ({ kind: 'collection' as const, provider: c.provider, reference: c.reference, amount: c.amount })),
      ...(await disbursements.listPendingOlderThan(before, POLL_BATCH, now)).map((d) => ({ kind: 'disbursement' as const, provider: d.provider, reference: d.reference, amount: d.amount })),
    ];
    const report = { asked: pending.length, settled: 0, failed: 0, stillPending: 0, unavailable: 0, resent: 0, errors: 0 };
    for (const payment of pending) {
      try {
        report[await this.poll(payment)]++;
      } catch (error) {
        report.errors++;
        this.deps.logger.error({ err: error, reference: payment.reference, kind: payment.kind }, 'payment poll failed');
      }
    }
    return report;
  }

  private async poll(payment: Pollable): Promise<PollOutcome> {
    const { mobileMoney, settle, transfers, lending, logger } = this.deps;
    const status =
      payment.kind === 'collection'
        ? await mobileMoney.collectionStatus(payment.provider, payment.reference)
        : await mobileMoney.transferStatus(payment.provider, payment.reference);
    if (!status.ok) {
      if (status.error === 'mobile_money_unavailable') return 'unavailable';
      if (payment.kind !== 'collection') {
        const sent = payment.kind === 'transfer' ? await transfers.send(payment.reference) : await lending.sendDisbursement(payment.reference);
        return sent.ok ? 'resent' : sent.error === 'mobile_money_refused' ? 'failed' : 'unavailable';
      }
      const expired = await settle.expire(payment.reference, payment.amount);
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
