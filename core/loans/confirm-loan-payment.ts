/**
 * Confirm a loan payment: the provider's word (callback or status poll) on one of our loan
 * references, `loan-repayment:<collectionId>` or `loan-disbursement:<loanId>`. The payment
 * callback dispatcher calls this one use case for every reference `isLoanPaymentReference` owns.
 *
 * Guarantees
 * - Keyed by our reference: the first success of a collection books the repayment once
 *   (RecordLoanRepayment: ledger, loan, notice in one unit of work); a repeat answers `exists`.
 * - A success for another amount than was asked (a disbursement's report of any outcome for
 *   another amount) is refused (`amount_mismatch`) and books nothing.
 * - A failed collection is marked failed and the loan is unchanged, so the member can pay again.
 * - A disbursement attempt (`loan-disbursement:<loanId>[-<n>]`) is settled through the
 *   outgoing-transfers module (core/transfers SettleTransfer, LoanDisbursementPolicy): a failure is
 *   booked back and retried; a report that contradicts the books (a success after a failure, a
 *   failure of a loan already repaid into) is `disbursement_failed`, for an admin.
 */
import type { Money } from '../money/money.ts';
import type { MobileMoneyStatus } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { reportedOutcome, type SettleTransfer } from '../transfers/settle-transfer.ts';
import { DISBURSEMENT_REFERENCE_PREFIX } from './disburse-loan.ts';
import type { RepaymentError } from './loan.ts';
import type { LoanCollectionRepository } from './ports.ts';
import { RecordLoanRepayment, type RecordLoanRepaymentDeps } from './record-loan-repayment.ts';
import { REPAYMENT_REFERENCE_PREFIX } from './start-loan-repayment.ts';

export function isLoanPaymentReference(reference: string): boolean {
  return reference.startsWith(REPAYMENT_REFERENCE_PREFIX) || reference.startsWith(DISBURSEMENT_REFERENCE_PREFIX);
}

export interface LoanPaymentReport {
  reference: string;
  status: MobileMoneyStatus;
  /** Undefined when the provider states none (Airtel). */
  amount: Money | undefined;
  reason?: string | undefined;
}

export type ConfirmLoanPaymentError = 'payment_not_found' | 'amount_mismatch' | 'payment_already_confirmed' | 'disbursement_failed' | 'loan_not_found' | RepaymentError;

export type ConfirmLoanPaymentDeps = RecordLoanRepaymentDeps & { collections: LoanCollectionRepository; settleTransfer: Pick<SettleTransfer, 'execute'> };

export class ConfirmLoanPayment {
  private readonly recordRepayment: RecordLoanRepayment;

  constructor(private readonly deps: ConfirmLoanPaymentDeps) {
    this.recordRepayment = new RecordLoanRepayment(deps);
  }

  async execute(report: LoanPaymentReport): Promise<Result<'applied' | 'exists' | 'failed' | 'pending', ConfirmLoanPaymentError>> {
    const deps = this.deps;
    if (report.reference.startsWith(DISBURSEMENT_REFERENCE_PREFIX)) {
      const settled = await deps.settleTransfer.execute({ reference: report.reference, status: report.status, amount: report.amount, reason: report.reason });
      if (!settled.ok) return settled;
      const outcome = reportedOutcome(settled.value);
      return outcome === 'disputed' ? err('disbursement_failed') : ok(outcome);
    }
    return deps.uow.run(async () => {
      const collection = await deps.collections.findByReference(report.reference);
      if (!collection) return err('payment_not_found');
      if (report.status === 'pending') return ok('pending' as const);
      const now = deps.clock.now();
      if (report.status === 'failed') {
        if (collection.status === 'succeeded') return err('payment_already_confirmed');
        if (collection.status === 'requested') await deps.collections.save({ ...collection, status: 'failed', settledAt: now, ...(report.reason ? { failureReason: report.reason } : {}) });
        return ok('failed' as const);
      }
      if (report.amount !== undefined && !report.amount.equals(collection.amount)) return err('amount_mismatch');
      if (collection.status === 'succeeded') return ok('exists' as const);
      const recorded = await this.recordRepayment.execute({
        loanId: collection.loanId,
        amount: collection.amount,
        provider: collection.provider,
        providerReference: collection.reference,
      });
      const refused = recorded.ok || recorded.error === 'exists' ? undefined : recorded.error;
      if (refused) {
        // The money arrived but cannot go on the loan (paid meanwhile): kept for an admin to refund.
        await deps.collections.save({ ...collection, status: 'succeeded', settledAt: now, failureReason: refused });
        return err(refused);
      }
      await deps.collections.save({ ...collection, status: 'succeeded', settledAt: now });
      return ok(recorded.ok ? ('applied' as const) : ('exists' as const));
    });
  }
}
