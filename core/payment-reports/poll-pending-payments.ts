/**
 * PollPendingPayments: ask the provider about the mobile-money payments still pending after a
 * while — contribution collections, loan repayment collections, customers' payments to merchants, and outgoing transfers awaiting
 * the provider (payouts, withdrawals, loan disbursements …) — since MTN sends a callback at most
 * once and never retries it. It asks through ReconcilePayment, the very path a verified callback
 * takes: the provider's own status answer is the only thing ever booked.
 *
 * Guarantees
 * - A payment the provider reports successful or failed (EXPIRED included) is settled exactly as
 *   its callback would settle it: confirmation, ledger entry and notice once (a callback that
 *   arrives as well answers `exists`); a failed transfer is booked back and retried; an answer
 *   that contradicts the books is disputed, not booked. A disputed transfer is no longer asked
 *   about: an admin looks at it.
 * - Fair: each run asks the POLL_BATCH payments (and as many loan collections and transfers)
 *   least recently asked, and marks them asked, so hundreds stuck at the provider never starve
 *   the newer ones.
 * - A collection the provider has never heard of (`mobile_money_reference_unknown`: the request
 *   never reached it) is given up as failed, so the member can pay again. A transfer the provider
 *   has never heard of was stored but never sent (a crash, an unreachable provider): it is sent
 *   now under its same reference.
 * - A payment still pending at the provider, or a provider that does not answer now, is left as
 *   it is and asked again later; one payment's failure is left in the event log and does not
 *   stop the others.
 */
import type { LoanCollectionRepository } from '../loans/ports.ts';
import type { Money } from '../money/money.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import type { OutgoingTransfers } from '../transfers/ports.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';
import type { MobileMoneyProvider, PaymentRepository } from '../payments/ports.ts';
import type { ReconcilePayment } from './reconcile-payment.ts';
import { isCardProvider } from '../payments/card-checkout.ts';
import type { ConfirmCardPayment } from './confirm-card-payment.ts';
import type { SettlePaymentReport } from './settle-payment-report.ts';

/** At most this many payments (and loan collections, and outgoing transfers) are asked about per run, least recently asked first. */
export const POLL_BATCH = 200;

export interface PollPendingPaymentsDeps {
  payments: Pick<PaymentRepository, 'listPendingOlderThan'>;
  loanCollections: Pick<LoanCollectionRepository, 'listRequestedOlderThan'>;
  transfers: Pick<OutgoingTransfers, 'listPendingOlderThan'>;
  /** Customers' payments to merchants still pending (core/merchants). */
  merchantPayments: { listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<{ provider: MobileMoneyProvider; transactionReference: string; amount: Money; createdAt: Date }[]> };
  /** Merchants' working-capital repayments still requested (core/working-capital). */
  workingCapitalCollections?: { listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<{ provider: MobileMoneyProvider; transactionReference: string; amount: Money; requestedAt: Date }[]> };
  reconcile: Pick<ReconcilePayment, 'execute'>;
  /** Card payments (provider `flutterwave`) are asked of the card processor's verify call. */
  cards: Pick<ConfirmCardPayment, 'execute'>;
  settle: Pick<SettlePaymentReport, 'expire'>;
  sendTransfer: Pick<SendTransfer, 'execute'>;
  clock: Clock;
  events: EventLog;
}

export interface PollPendingPaymentsInput {
  /** Payments younger than this are left to their callback. */
  pollAfterSeconds: number;
}

export interface PollReport {
  asked: number;
  settled: number;
  failed: number;
  stillPending: number;
  unavailable: number;
  resent: number;
  disputed: number;
  errors: number;
}

type PollOutcome = Exclude<keyof PollReport, 'asked' | 'errors'>;

interface Pollable {
  kind: 'collection' | 'transfer';
  provider: MobileMoneyProvider;
  reference: string;
  amount: Money;
  startedAt: Date;
}

export class PollPendingPayments {
  constructor(private readonly deps: PollPendingPaymentsDeps) {}

  async execute({ pollAfterSeconds }: PollPendingPaymentsInput): Promise<PollReport> {
    const { payments, loanCollections, transfers, merchantPayments, workingCapitalCollections, clock, events } = this.deps;
    const now = clock.now();
    const before = new Date(now.getTime() - pollAfterSeconds * 1000);
    const pending: Pollable[] = [
      ...(await payments.listPendingOlderThan(before, POLL_BATCH, now)).map((p) => ({ kind: 'collection' as const, provider: p.provider, reference: p.reference, amount: p.amount, startedAt: p.createdAt })),
      ...(await loanCollections.listRequestedOlderThan(before, POLL_BATCH, now)).map((c) => ({ kind: 'collection' as const, provider: c.provider, reference: c.reference, amount: c.amount, startedAt: c.requestedAt })),
      ...(await transfers.listPendingOlderThan(before, POLL_BATCH, now)).map((t) => ({ kind: 'transfer' as const, provider: t.provider, reference: t.reference, amount: t.amount, startedAt: now })),
      ...(await merchantPayments.listPendingOlderThan(before, POLL_BATCH, now)).map((t) => ({ kind: 'collection' as const, provider: t.provider, reference: t.transactionReference, amount: t.amount, startedAt: t.createdAt })),
      ...((await workingCapitalCollections?.listPendingOlderThan(before, POLL_BATCH, now)) ?? []).map((t) => ({ kind: 'collection' as const, provider: t.provider, reference: t.transactionReference, amount: t.amount, startedAt: t.requestedAt })),
    ];
    const report: PollReport = { asked: pending.length, settled: 0, failed: 0, stillPending: 0, unavailable: 0, resent: 0, disputed: 0, errors: 0 };
    for (const payment of pending) {
      try {
        report[await this.poll(payment)]++;
      } catch (error) {
        report.errors++;
        events.error({ err: error, reference: payment.reference, kind: payment.kind }, 'payment poll failed');
      }
    }
    return report;
  }

  private async poll(payment: Pollable): Promise<PollOutcome> {
    const { reconcile, settle, sendTransfer, events } = this.deps;
    if (isCardProvider(payment.provider)) return this.pollCard(payment);
    const reconciled = await reconcile.execute({ direction: payment.kind, reference: payment.reference, provider: payment.provider });
    if (reconciled.ok) {
      const { outcome } = reconciled.value;
      return outcome === 'pending' ? 'stillPending' : outcome === 'failed' ? 'failed' : outcome === 'disputed' ? 'disputed' : 'settled';
    }
    if (reconciled.error === 'mobile_money_unavailable') return 'unavailable';
    if (reconciled.error === 'mobile_money_reference_unknown') {
      // The provider itself says it never saw this reference, PAYMENT_POLL_AFTER_SECONDS after we
      // stored it: a transfer is sent (again) under the same reference, a collection given up.
      if (payment.kind !== 'collection') {
        const sent = await sendTransfer.execute({ reference: payment.reference });
        return sent.ok ? 'resent' : sent.error === 'mobile_money_refused' ? 'failed' : 'unavailable';
      }
      const expired = await settle.expire(payment.reference, payment.amount);
      if (!expired.ok) events.warn({ reference: payment.reference, error: expired.error }, 'unknown payment not expired');
      return 'failed';
    }
    events.warn({ reference: payment.reference, error: reconciled.error }, 'polled payment not settled');
    return reconciled.error === 'payment_amount_mismatch' ? 'disputed' : 'unavailable';
  }

  /**
   * A card payment: the processor's verify call, through the path its webhook takes. One it never
   * heard of is given up only once its checkout can no longer be open (ConfirmCardPayment).
   */
  private async pollCard(payment: Pollable): Promise<PollOutcome> {
    const confirmed = await this.deps.cards.execute({ reference: payment.reference, stored: { amount: payment.amount, startedAt: payment.startedAt } });
    if (confirmed.ok) {
      const { outcome } = confirmed.value;
      return outcome === 'pending' ? 'stillPending' : outcome === 'failed' ? 'failed' : outcome === 'disputed' ? 'disputed' : 'settled';
    }
    if (confirmed.error === 'card_transaction_unknown') return 'stillPending';
    if (confirmed.error === 'payment_amount_mismatch' || confirmed.error === 'card_reference_mismatch') return 'disputed';
    if (confirmed.error !== 'card_checkout_unavailable') this.deps.events.warn({ reference: payment.reference, error: confirmed.error }, 'polled card payment not settled');
    return 'unavailable';
  }
}
