/**
 * SettlePaymentReport: what the app does with the provider's word on one payment, whether it came
 * by callback (`PUT|POST /api/payments/callbacks/mtn/:token`, through ReconcilePayment) or from the polling job's status query
 * (`collectionStatus` / `transferStatus`): both call this, so a payment settles the same way.
 * It is the one dispatch point: loan references (`isLoanPaymentReference`) go to
 * ConfirmLoanPayment, merchant payments (`merchant-payment:`) to SettleMerchantPaymentReport,
 * working-capital repayments (`working-capital-repayment:`) to ConfirmWorkingCapitalRepayment, refunds of
 * reversed merchant payments (`merchant-refund:`), merchant settlements (`STL-`), agent commission
 * payouts (`COM-`) and working-capital disbursements (`working-capital:`) straight to SettleTransfer, contributions to ConfirmContributionPayment, payouts and withdrawals
 * to the outgoing-transfers module (core/transfers SettleTransfer).
 *
 * Guarantees
 * - A contribution payment is confirmed through ConfirmContributionPayment: the contribution, its
 *   ledger entry (clearing → pool) and the member's "payment received" notification (in-app, SMS,
 *   e-mail, in the outbox) commit in one transaction. A repeat answers `exists` and changes
 *   nothing; the same reference with another amount is refused (`payment_amount_mismatch`),
 *   books nothing and is logged at warn.
 * - After a confirmation that completed a contribution, the cycle is checked again once the
 *   transaction committed (a concurrent confirmation may have paid the last one), and when it is
 *   complete PayoutIfCycleComplete pays the pot out; it locks the tontine and is keyed by cycle,
 *   so concurrent checks pay once. The confirmation itself locks only its contribution. The
 *   caller is answered after that check; a check that fails is logged and does not change the
 *   answer (the money is booked): the `payout-due` job pays the cycle.
 * - A transfer (payout, withdrawal) is settled once through SettleTransfer: a failed one is
 *   reversed in the ledger and retried by the `transfer-retry` job; one given up, or a success that
 *   contradicts an earlier failure, is logged at error for the treasurer. The provider's
 *   transaction id and reason are kept with the attempt.
 * - A loan repayment is confirmed once (ledger, loan, notice together); a repeat answers `exists`,
 *   another amount `payment_amount_mismatch`; a report the loan cannot take (a failed
 *   disbursement, a repayment the loan no longer owes) is logged at error for an admin, `ignored`.
 * - A pending report changes nothing.
 * - Reports that arrive together are settled together (GroupCommit): their final answers are
 *   confirmed as contribution payments in one transaction (ConfirmContributionPayment.executeAll:
 *   locks, ledger entries, contributions, notices, each a few statements for the whole batch), and
 *   the payments are read (one query) only for the reports it leaves unanswered: pending ones,
 *   transfers, unknown references, refusals to log. Each caller is answered after that transaction
 *   committed, with its own report's outcome, exactly as if it had come alone; a report that makes
 *   its batch fail is settled alone, so it fails alone.
 */
import type { ConfirmContributionPayment } from '../contributions/confirm-contribution-payment.ts';
import type { ConfirmPaymentError, Contribution } from '../contributions/contribution.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import { isLoanPaymentReference, type ConfirmLoanPayment } from '../loans/confirm-loan-payment.ts';
import type { LoanCollection, LoanCollectionRepository } from '../loans/ports.ts';
import { isCommissionPayoutReference } from '../agents/commission.ts';
import { isMerchantRefundReference } from '../merchants/merchant-reversal.ts';
import { isMerchantPaymentReference } from '../merchants/settle-merchant-payment-report.ts';
import type { Money } from '../money/money.ts';
import type { BatchQueue, Batching } from '../shared/batching.ts';
import type { EventLog } from '../shared/event-log.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { isSettlementBatchReference } from '../settlements/settlement-batch.ts';
import { isWorkingCapitalTransferReference } from '../working-capital/accept-working-capital.ts';
import { isWorkingCapitalRepaymentReference } from '../working-capital/repay-working-capital.ts';
import type { PayoutIfCycleComplete } from '../tontines/payout-if-cycle-complete.ts';
import type { Notifier, TontineNames } from '../tontines/ports.ts';
import { reportedOutcome, type SettleTransfer } from '../transfers/settle-transfer.ts';
import type { MobileMoneyStatus, MobileMoneyStatusReport, PaymentRecord, PaymentRepository, Settled, SettleError, SettleOutcome } from '../payments/ports.ts';

const COLLECTION_STATUS: Readonly<Record<LoanCollection['status'], MobileMoneyStatus>> = { requested: 'pending', succeeded: 'successful', failed: 'failed' };

type SettleResult = Result<Settled, SettleError>;

export interface SettlePaymentReportDeps {
  payments: PaymentRepository;
  contributions: Pick<ContributionRepository, 'countPendingInCycles'>;
  tontines: TontineNames;
  confirm: Pick<ConfirmContributionPayment, 'executeAll'>;
  payout: Pick<PayoutIfCycleComplete, 'execute'>;
  settleTransfer: Pick<SettleTransfer, 'execute'>;
  confirmLoanPayment: Pick<ConfirmLoanPayment, 'execute'>;
  loanCollections: Pick<LoanCollectionRepository, 'findByReference'>;
  /** Customers' payments to merchants (`merchant-payment:<id>`): core/merchants/settle-merchant-payment-report.ts. */
  merchantPayments: { execute(report: MobileMoneyStatusReport): Promise<SettleResult> };
  /** Merchants' working-capital repayments by mobile money (`working-capital-repayment:<id>`): core/working-capital/repay-working-capital.ts. */
  workingCapitalRepayments: { execute(report: MobileMoneyStatusReport): Promise<SettleResult> };
  notifier: Notifier;
  /** Reports of the same moment share one unit of work (GroupCommit in adapters). */
  batching: Batching;
  uow: UnitOfWork;
  log: EventLog;
}

export class SettlePaymentReport {
  private readonly batches: BatchQueue<MobileMoneyStatusReport, SettleResult>;

  constructor(private readonly deps: SettlePaymentReportDeps) {
    this.batches = deps.batching((reports: MobileMoneyStatusReport[]) => this.settleAll(reports));
  }

  execute(report: MobileMoneyStatusReport): Promise<SettleResult> {
    if (isLoanPaymentReference(report.reference)) return this.settleLoan(report);
    if (isMerchantPaymentReference(report.reference)) return this.deps.merchantPayments.execute(report);
    if (isWorkingCapitalRepaymentReference(report.reference)) return this.deps.workingCapitalRepayments.execute(report);
    if (isMerchantRefundReference(report.reference) || isSettlementBatchReference(report.reference) || isCommissionPayoutReference(report.reference) || isWorkingCapitalTransferReference(report.reference)) {
      return this.settleBusinessTransfer(report);
    }
    return this.batches.submit(report);
  }

  /**
   * A refund to a merchant's customer, a merchant's settlement, an agent's commission payout: an
   * outgoing transfer and nothing more, no member's payment. Settled once by SettleTransfer, whose
   * purpose policy does the rest in its unit of work (a refund's failure booked back and retried on
   * the transfers' schedule; a settlement batch or commission payout completed or failed with its
   * transfer), with the provider's amount checked against the attempt's.
   */
  private async settleBusinessTransfer(report: MobileMoneyStatusReport): Promise<SettleResult> {
    const settled = await this.deps.settleTransfer.execute({ reference: report.reference, status: report.status, amount: report.amount, providerTransactionId: report.providerTransactionId, reason: report.reason });
    if (!settled.ok) return settled.error === 'amount_mismatch' ? this.amountMismatch(report.reference, undefined, report) : err(settled.error);
    if (settled.value === 'given_up' || settled.value === 'contradicts_books') this.deps.log.error({ reference: report.reference, outcome: settled.value }, 'merchant refund, settlement or commission transfer needs an admin');
    const outcome = reportedOutcome(settled.value);
    const paymentStatus = report.status === 'pending' ? 'pending' : settled.value === 'applied' || settled.value === 'exists' ? report.status : 'failed';
    return ok({ outcome, paymentStatus });
  }

  /** The provider has never heard of this collection (the request never reached it): it failed. */
  expire(reference: string, amount: Money): Promise<Result<Settled, SettleError>> {
    return this.execute({ reference, status: 'failed', amount, currency: '', providerTransactionId: undefined, reason: 'REFERENCE_UNKNOWN' });
  }

  private async settleLoan(report: MobileMoneyStatusReport): Promise<Result<Settled, SettleError>> {
    const { confirmLoanPayment, loanCollections, log } = this.deps;
    const confirmed = await confirmLoanPayment.execute(report);
    const collection = await loanCollections.findByReference(report.reference);
    // A disbursement has no collection: its transfer was booked when the provider accepted it.
    const paymentStatus = collection ? COLLECTION_STATUS[collection.status] : report.status;
    if (confirmed.ok) return ok({ outcome: confirmed.value, paymentStatus });
    if (confirmed.error === 'payment_not_found') return err('payment_not_found');
    if (confirmed.error === 'amount_mismatch') return this.amountMismatch(report.reference, collection?.amount, report);
    // A report contradicting the books (a success after a booked failure, a repayment the loan no
    // longer owes) needs a person, not a retry: it is disputed.
    log.error({ reference: report.reference, error: confirmed.error, status: report.status }, 'loan payment report contradicts the books: disputed');
    return ok({ outcome: 'disputed', paymentStatus });
  }

  /**
   * The reports of one batch, answered in order. The usual report, a contribution payment's final
   * answer, goes straight to the batch's transaction; the payment itself is read only for what that
   * does not settle: a pending report, a transfer, an unknown reference, a refusal to log.
   */
  private async settleAll(reports: readonly MobileMoneyStatusReport[]): Promise<(SettleResult | Promise<SettleResult>)[]> {
    const finals = reports.flatMap((report, index) => (report.status === 'pending' ? [] : [{ index, report }]));
    const confirmed = await this.settleContributions(finals.map(({ report }) => report));
    const results: (SettleResult | Promise<SettleResult> | undefined)[] = reports.map(() => undefined);
    const refusals = new Map<number, ConfirmPaymentError>();
    finals.forEach(({ index }, i) => {
      const answer = confirmed[i]!;
      if ('settled' in answer) results[index] = answer.settled;
      else refusals.set(index, answer.refused);
    });

    const unsettled = reports.flatMap((report, index) => (results[index] === undefined ? [{ index, report }] : []));
    if (unsettled.length === 0) return results as (SettleResult | Promise<SettleResult>)[];
    const payments = await this.deps.payments.findByReferences(unsettled.map(({ report }) => report.reference));
    for (const { index, report } of unsettled) {
      const payment = payments.get(report.reference);
      const refusal = refusals.get(index);
      if (!payment) {
        this.deps.log.warn({ reference: report.reference, status: report.status }, 'mobile-money report for an unknown payment');
        results[index] = err('payment_not_found');
      } else if (report.status === 'pending') {
        results[index] = ok({ outcome: 'pending', paymentStatus: payment.status });
      } else if (payment.kind !== 'contribution') {
        results[index] = await this.settleTransfer(payment, report);
      } else if (refusal === 'amount_mismatch') {
        results[index] = this.amountMismatch(payment.reference, payment.amount, report);
      } else {
        // A success after a failure, or a second payment of a paid contribution: money may sit at
        // the provider with no contribution to book it to, which a person must look at.
        this.deps.log.error({ reference: payment.reference, error: refusal, status: report.status }, 'mobile-money report contradicts the books: disputed');
        results[index] = ok({ outcome: 'disputed', paymentStatus: payment.status });
      }
    }
    return results as (SettleResult | Promise<SettleResult>)[];
  }

  /**
   * Final reports confirmed as contribution payments in one transaction: each answered, or refused
   * (not a contribution's payment, or contradicting it), to be answered once its payment is read.
   * An answer is given once the payout check that follows the commit is done, but the batch does
   * not wait for that check: the next batch can start as soon as this one committed.
   */
  private async settleContributions(reports: readonly MobileMoneyStatusReport[]): Promise<({ settled: Promise<SettleResult> } | { refused: ConfirmPaymentError })[]> {
    if (reports.length === 0) return [];
    const { uow, confirm, notifier, tontines } = this.deps;
    const confirmed = await uow.run(async () => {
      const results = await confirm.executeAll(
        reports.map((report) => ({
          providerReference: report.reference,
          outcome: report.status === 'successful' ? 'successful' : 'failed',
          amount: report.amount,
          providerTransactionId: report.providerTransactionId,
          reason: report.reason,
        })),
      );
      // A repeated failure report must not tell the member twice.
      const toTell = results.flatMap((r, i) => (r.ok && r.value.settledNow ? [{ ...r.value, report: reports[i]! }] : []));
      const names = await tontines.namesOf(toTell.map(({ contribution }) => contribution.tontineId));
      await notifier.notifyAll(
        toTell.map(({ outcome, contribution, report }) => {
          const template = outcome !== 'applied' ? 'payment_failed' : contribution.isFine ? 'fine_received' : 'contribution_received';
          return {
            userId: contribution.memberId,
            // Both notices are of the specification's type 'other' (only a payout is 'payout_received').
            type: 'other' as const,
            template,
            params: { tontineName: names.get(contribution.tontineId) ?? '', amount: contribution.amount.format(), cycle: String(contribution.cycle), reason: report.reason ?? '' },
          };
        }),
      );
      return results;
    });
    const checked = this.payOutCompletedCycles(confirmed.flatMap((r) => (r.ok && r.value.outcome === 'applied' ? [r.value.contribution] : [])));

    return confirmed.map((result) => {
      if (!result.ok) return { refused: result.error };
      // A contribution payment this report settled is what the report said: no second read.
      const { outcome } = result.value;
      return { settled: checked.then(() => ok({ outcome, paymentStatus: outcome === 'failed' ? 'failed' : 'successful' })) };
    });
  }

  /**
   * The cycles these payments completed, paid out. Counted after the commit, when two last
   * payments of a cycle confirmed side by side in two transactions see each other. The payments
   * are booked whatever happens here: a failure is logged, and the `payout-due` job pays the cycle.
   */
  private async payOutCompletedCycles(paid: readonly Contribution[]): Promise<void> {
    if (paid.length === 0) return;
    try {
      const pending = await this.deps.contributions.countPendingInCycles(paid.map((c) => ({ tontineId: c.tontineId, cycle: c.cycle })));
      for (const tontineId of new Set(paid.filter((_, i) => pending[i] === 0).map((c) => c.tontineId))) await this.payOutIfComplete(tontineId);
    } catch (error) {
      this.deps.log.error({ err: error, tontineIds: [...new Set(paid.map((c) => c.tontineId))] }, 'payout check after confirmation failed: the payout-due job will pay the cycle');
    }
  }

  private amountMismatch(reference: string, expected: Money | undefined, report: MobileMoneyStatusReport): Result<never, SettleError> {
    this.deps.log.warn({ reference, expected: expected?.toDecimal(), reported: report.amount?.toDecimal() }, 'payment amount mismatch: refused');
    return err('payment_amount_mismatch');
  }

  private async payOutIfComplete(tontineId: string): Promise<void> {
    const paid = await this.deps.payout.execute({ tontineId });
    // The `payout-due` job pays a complete cycle this could not pay now; nothing is lost.
    if (!paid.ok && paid.error !== 'tontine_not_active') this.deps.log.warn({ tontineId, error: paid.error }, 'payout postponed');
  }

  private async settleTransfer(payment: PaymentRecord, report: MobileMoneyStatusReport): Promise<SettleResult> {
    const outcome = await this.settleTransferOutcome(payment, report);
    if (!outcome.ok) return outcome;
    return ok({ outcome: outcome.value, paymentStatus: (await this.deps.payments.findById(payment.id))?.status ?? payment.status });
  }

  private async settleTransferOutcome(payment: PaymentRecord, report: MobileMoneyStatusReport): Promise<Result<SettleOutcome, SettleError>> {
    // The provider moved another amount than we asked it to: nothing is booked, a person looks.
    if (report.amount !== undefined && !report.amount.equals(payment.amount)) return this.amountMismatch(payment.reference, payment.amount, report);
    const settled = await this.deps.settleTransfer.execute({
      reference: payment.reference,
      status: report.status,
      providerTransactionId: report.providerTransactionId,
      reason: report.reason,
    });
    if (!settled.ok) {
      if (settled.error === 'amount_mismatch') return this.amountMismatch(payment.reference, payment.amount, report);
      return err(settled.error);
    }
    const log = { reference: payment.reference, kind: payment.kind, attempt: payment.attempt, reason: report.reason };
    if (settled.value === 'failed') this.deps.log.warn(log, 'mobile-money transfer failed: booked back, retry scheduled');
    if (settled.value === 'given_up') this.deps.log.error(log, 'mobile-money transfer failed for the last time: the money stays in the pool, member told');
    if (settled.value === 'contradicts_books') this.deps.log.error(log, 'mobile-money transfer reported successful after it failed and was booked back: disputed, check for a double payment');
    return ok(reportedOutcome(settled.value));
  }
}
