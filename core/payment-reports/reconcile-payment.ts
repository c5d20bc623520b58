/**
 * ReconcilePayment: asks the provider what became of one payment or transfer, and books only what
 * the provider itself answers. A provider's callback is a hint, never proof: the callback route and
 * the polling job both come here, so a forged, repeated, reordered or stale callback can at most
 * make the app ask the provider sooner.
 *
 * Guarantees
 * - The provider is asked with its own status query (collection or transfer, by the direction the
 *   payment was made in); nothing else is read from outside. Its answer is settled through the one
 *   settlement path (`settle`), which books it once, checks the amount against the stored payment,
 *   and answers a repeat `exists`.
 * - An answer in another currency than the payments are made in is not booked: it is a dispute.
 * - An answer that contradicts the books (another amount than was asked; a success after a booked
 *   failure) books nothing and raises a dispute for an admin, once per reference, problem and
 *   reported status, however often the provider is asked; the dispute and its audit entry
 *   (`transfer_disputed`) commit together.
 * - A pending answer changes nothing. A provider that cannot be reached, or that has never heard
 *   of the reference, changes nothing here: the caller decides (the polling job gives a collection
 *   up, or sends a transfer again under the same reference, after its stated wait).
 */
import type { AuditTrail } from '../audit/ports.ts';
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type {
  DisputeProblem,
  MobileMoney,
  MobileMoneyProvider,
  MobileMoneyStatusError,
  MobileMoneyStatusReport,
  PaymentDirection,
  PaymentDisputes,
  Settled,
  SettleError,
} from '../payments/ports.ts';

export interface ReconcilePaymentInput {
  direction: PaymentDirection;
  reference: string;
  /** The provider the payment went to (stored with it); the configured default when absent. */
  provider?: MobileMoneyProvider;
}

export type ReconcileError = MobileMoneyStatusError | SettleError;

export interface ReconcilePaymentDeps {
  mobileMoney: Pick<MobileMoney, 'collectionStatus' | 'transferStatus'>;
  /** The provider asked when the input names none (the sandbox, or the first live provider). */
  provider: MobileMoneyProvider;
  /** The currency every payment is asked in (RWF; MTN's sandbox speaks only EUR). */
  currency: string;
  /** Per provider, when one is asked in another currency than `currency`. */
  currencies?: Partial<Record<MobileMoneyProvider, string>>;
  /** The one settlement path, shared with nothing but this use case and the polling job's expiry. */
  settle: (report: MobileMoneyStatusReport) => Promise<Result<Settled, SettleError>>;
  disputes: PaymentDisputes;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
}

export class ReconcilePayment {
  constructor(private readonly deps: ReconcilePaymentDeps) {}

  async execute(input: ReconcilePaymentInput): Promise<Result<Settled, ReconcileError>> {
    const { mobileMoney } = this.deps;
    const provider = input.provider ?? this.deps.provider;
    const answer =
      input.direction === 'collection' ? await mobileMoney.collectionStatus(provider, input.reference) : await mobileMoney.transferStatus(provider, input.reference);
    if (!answer.ok) return answer;
    return this.settleReport(provider, input.direction, answer.value);
  }

  /**
   * The provider's own answer on one payment (a status query's, or a card processor's verify call
   * through ConfirmCardPayment), booked with the same checks: another currency or amount, or an
   * answer that contradicts the books, books nothing and raises a dispute.
   */
  async settleReport(provider: MobileMoneyProvider, direction: PaymentDirection, report: MobileMoneyStatusReport): Promise<Result<Settled, ReconcileError>> {
    const { settle } = this.deps;
    const currency = this.deps.currencies?.[provider] ?? this.deps.currency;
    if (report.status === 'pending') return settle(report);
    if (report.currency !== currency) {
      await this.dispute(provider, direction, 'currency_mismatch', report);
      return ok({ outcome: 'disputed', paymentStatus: 'pending' });
    }
    const settled = await settle(report);
    if (!settled.ok) {
      if (settled.error === 'payment_amount_mismatch') await this.dispute(provider, direction, 'amount_mismatch', report);
      return err(settled.error);
    }
    if (settled.value.outcome === 'disputed') await this.dispute(provider, direction, 'contradicts_books', report);
    return settled;
  }

  private async dispute(provider: MobileMoneyProvider, direction: PaymentDirection, problem: DisputeProblem, report: MobileMoneyStatusReport): Promise<void> {
    const { disputes, audit, uow, clock } = this.deps;
    await uow.run(async () => {
      const raised = await disputes.raise({
        reference: report.reference,
        direction,
        problem,
        reportedStatus: report.status,
        reportedAmount: report.amount,
        reportedCurrency: report.currency,
        providerTransactionId: report.providerTransactionId,
        reason: report.reason,
        raisedAt: clock.now(),
      });
      if (raised === 'exists') return;
      await audit.record({
        action: 'transfer_disputed',
        actor: `provider:${provider}`,
        subject: `payment:${report.reference}`,
        details: { direction, problem, reportedStatus: report.status, reportedAmount: report.amount?.toDecimal() ?? null, reportedCurrency: report.currency },
      });
    });
  }
}
