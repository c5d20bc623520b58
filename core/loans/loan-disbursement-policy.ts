/**
 * LoanDisbursementPolicy: what a loan disbursement's transfer (core/transfers) failing, being
 * retried or given up means for the loan (the Guarantees are disburse-loan.ts's).
 *
 * Guarantees
 * - A failure turns the loan back to `approved` without schedule, in the unit of work that
 *   reverses the attempt's entry; a loan that already took a repayment (or is no longer active)
 *   cannot take it: `contradicts_books`, nothing changes.
 * - A retry books the loan active again with a new schedule and the next attempt together
 *   (bookDisbursement); a loan disbursed meanwhile is `not_owed`; a member without a wallet, or a
 *   loan gone, `cannot_pay`.
 * - Given up: the loan stays `approved`, and the member is told.
 */
import { ok, err, type Result } from '../shared/result.ts';
import type { TransferPolicy } from '../transfers/ports.ts';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { bookDisbursement, type DisburseLoanDeps } from './disburse-loan.ts';
import { transitionLoan } from './loan.ts';
import { disbursementFailedNotice } from './loan-notices.ts';

export type LoanDisbursementPolicyDeps = Pick<DisburseLoanDeps, 'loans' | 'borrowers' | 'requestTransfer' | 'notifier' | 'clock'>;

export class LoanDisbursementPolicy implements TransferPolicy {
  readonly retriesOnSchedule = true;

  constructor(private readonly deps: LoanDisbursementPolicyDeps) {}

  async failed(transfer: OutgoingTransfer): Promise<'booked_back' | 'contradicts_books'> {
    const loan = await this.deps.loans.findById(transfer.subjectId);
    const back = loan && transitionLoan(loan.status, 'disbursement_failed');
    if (!loan || !back?.ok || loan.totalPaid.isPositive()) return 'contradicts_books';
    const { disbursedAt: _paidOutAt, ...undisbursed } = loan;
    await this.deps.loans.save({ ...undisbursed, status: back.value, schedule: [] });
    return 'booked_back';
  }

  async rebook(failed: OutgoingTransfer, attempt: number): Promise<Result<OutgoingTransfer, 'not_owed' | 'cannot_pay'>> {
    const booked = await bookDisbursement(this.deps, failed.subjectId, attempt);
    if (booked.ok) return ok(booked.value);
    // Disbursed meanwhile by an admin: nothing is owed; otherwise (no wallet) a person must act.
    return err(booked.error === 'loan_transition_not_allowed' ? 'not_owed' : 'cannot_pay');
  }

  async givenUp(transfer: OutgoingTransfer): Promise<void> {
    const loan = await this.deps.loans.findById(transfer.subjectId);
    if (loan) await this.deps.notifier.notify(disbursementFailedNotice(loan));
  }
}
