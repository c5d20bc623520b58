/**
 * Disburse an approved loan by mobile money: the loan's rule (it turns active with its schedule)
 * booked together with its transfer, which the outgoing-transfers module (core/transfers) carries
 * to the provider's last word, retries and gives up. LoanDisbursementPolicy says what a failure,
 * a retry and giving up mean for the loan.
 *
 * Guarantees
 * - Stored before sent (PROVIDERS.md §2a): the loan turning active with its schedule, the entry
 *   debiting the loan receivable and crediting the provider's clearing account, and the attempt
 *   (`requested`) commit in one unit of work; the provider is asked only after it committed, so
 *   a callback, however fast, finds the attempt. A crash or an unreachable provider leaves an
 *   attempt awaiting the provider that is asked again under the SAME reference.
 * - References: attempt 1 is `loan-disbursement:<loanId>`, attempt n is
 *   `loan-disbursement:<loanId>-<n>`; the loan is lent in whole francs, each transfer of exactly
 *   its amount. At most one attempt is booked and not reversed at any time, so the loan is paid once.
 * - Settled once (core/transfers SettleTransfer): a repeated report answers `exists`, a success
 *   after a failure `contradicts_books` (a person must look: the member may have been paid twice).
 *   Neither changes anything.
 * - A failed attempt moved no money: in one unit of work its entry is reversed (a reversal entry,
 *   never an edit) and the loan goes back to `approved` without schedule (transition
 *   `disbursement_failed`), its disbursement due again after RETRY_BACKOFF_MINUTES[n − 1]. A loan
 *   that already took a repayment is not turned back: that report is `contradicts_books`, and the
 *   attempt is `disputed` (no longer polled; an admin looks).
 * - A retry books attempt n + 1 to the member's wallet as it is then; the schedule runs monthly
 *   from the Kigali day of the disbursement actually made. A loan disbursed meanwhile (by an
 *   admin) owes nothing: the retry books nothing.
 * - Bounded: after MAX_TRANSFER_ATTEMPTS failed attempts, or when the member has no wallet,
 *   it is given up: the loan stays `approved` (an admin may disburse it again) and the member is told.
 * - The member is told of the disbursement once, when the first attempt is booked.
 */
import { accounts } from '../ledger/accounts.ts';
import type { MobileMoneyError } from '../payments/ports.ts';
import { kigaliDateOf } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import type { RequestTransfer } from '../transfers/request-transfer.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { amortisationSchedule } from './amortisation.ts';
import { disbursementNotice } from './loan-notices.ts';
import { transitionLoan, type Loan } from './loan.ts';
import type { Borrowers, LoanRepository } from './ports.ts';

export interface DisburseLoanDeps {
  loans: LoanRepository;
  borrowers: Borrowers;
  requestTransfer: Pick<RequestTransfer, 'execute'>;
  sendTransfer: Pick<SendTransfer, 'execute'>;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
}

export const DISBURSEMENT_REFERENCE_PREFIX = 'loan-disbursement:';

export type DisburseLoanError = 'loan_not_found' | 'loan_transition_not_allowed' | 'no_mobile_money_number' | MobileMoneyError;

/** Books the loan's first disbursement attempt, then sends it. An unreachable provider leaves it awaiting the provider (re-sent by polling). */
export class DisburseLoan {
  constructor(private readonly deps: DisburseLoanDeps) {}

  async execute(input: { loanId: string }): Promise<Result<Loan, DisburseLoanError>> {
    const { deps } = this;
    const opened = await deps.uow.run(() => bookDisbursement(deps, input.loanId, 1));
    if (!opened.ok) return opened;
    const sent = await deps.sendTransfer.execute({ reference: opened.value.reference });
    if (!sent.ok && sent.error !== 'mobile_money_unavailable') return sent;
    const loan = await deps.loans.findById(input.loanId);
    invariant(loan, `loan ${input.loanId} vanished`);
    return ok(loan);
  }
}

export type BookDisbursementError = 'loan_not_found' | 'loan_transition_not_allowed' | 'no_mobile_money_number';

/** In the caller's unit of work: the loan active with its schedule, and its transfer attempt booked and stored. */
export async function bookDisbursement(
  deps: Omit<DisburseLoanDeps, 'sendTransfer' | 'uow'>,
  loanId: string,
  attempt: number,
): Promise<Result<OutgoingTransfer, BookDisbursementError>> {
  const loan = await deps.loans.findById(loanId);
  if (!loan) return err('loan_not_found');
  const status = transitionLoan(loan.status, 'disburse');
  if (!status.ok) return status;
  const wallet = (await deps.borrowers.profileOf(loan.memberId))?.wallet;
  if (!wallet) return err('no_mobile_money_number');

  const now = deps.clock.now();
  const active: Loan = {
    ...loan,
    status: status.value,
    disbursedAt: now,
    schedule: amortisationSchedule({ principal: loan.amount, annualRateBps: loan.annualRateBps, termMonths: loan.termMonths }, kigaliDateOf(now)),
  };
  const booked = await deps.requestTransfer.execute({
    purpose: 'loan_disbursement',
    subjectId: loan.id,
    debitedAccount: accounts.loan(loan.id),
    transferReference: `${DISBURSEMENT_REFERENCE_PREFIX}${loan.id}`,
    attempt,
    memberId: loan.memberId,
    wallet,
    amount: loan.amount,
    description: 'Ikimina: loan disbursement',
  });
  // A loan receivable is an asset: lending more never takes it below zero.
  invariant(booked.ok, `loan ${loan.id} disbursement could not be booked: ${booked.ok ? '' : booked.error}`);
  await deps.loans.save(active);
  if (attempt === 1) await deps.notifier.notify(disbursementNotice(active));
  return ok(booked.value);
}
