/**
 * Disburse an approved loan by mobile money; it becomes `active` with its schedule.
 *
 * Guarantees
 * - The transfer's reference is `loan-disbursement:<loanId>`, so a retried disbursement pays once.
 * - The loan is lent in whole francs and the transfer is of exactly its amount.
 * - When the provider accepts the transfer, one entry debits the loan receivable and credits the
 *   provider's clearing account, in the same unit of work as the loan becoming active.
 * - The schedule's instalments fall due monthly from the Kigali day of disbursement.
 * - The member is notified of the disbursement in the same unit of work.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit, journalEntry } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { MobileMoney, MobileMoneyError } from '../payments/ports.ts';
import { kigaliDateOf } from '../shared/calendar.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { amortisationSchedule } from './amortisation.ts';
import { transitionLoan, type Loan } from './loan.ts';
import type { Notifier } from '../tontines/ports.ts';
import { disbursementNotice } from './loan-notices.ts';
import type { Borrowers, LoanRepository } from './ports.ts';

export interface DisburseLoanDeps {
  loans: LoanRepository;
  borrowers: Borrowers;
  mobileMoney: Pick<MobileMoney, 'transfer'>;
  journal: JournalWriter;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  notifier: Notifier;
}

export const DISBURSEMENT_REFERENCE_PREFIX = 'loan-disbursement:';

export type DisburseLoanError = 'loan_not_found' | 'loan_transition_not_allowed' | 'no_mobile_money_number' | MobileMoneyError;

export async function disburseLoan(deps: DisburseLoanDeps, input: { loanId: string }): Promise<Result<Loan, DisburseLoanError>> {
  const loan = await deps.loans.findById(input.loanId);
  if (!loan) return err('loan_not_found');
  const status = transitionLoan(loan.status, 'disburse');
  if (!status.ok) return status;
  const wallet = (await deps.borrowers.profileOf(loan.memberId))?.wallet;
  if (!wallet) return err('no_mobile_money_number');

  const reference = `${DISBURSEMENT_REFERENCE_PREFIX}${loan.id}`;
  const transfer = await deps.mobileMoney.transfer({
    reference,
    provider: wallet.provider,
    msisdn: wallet.msisdn,
    amount: loan.amount,
    description: 'Ikimina: loan disbursement',
  });
  if (!transfer.ok) return transfer;

  return deps.unitOfWork.run(async () => {
    const now = deps.clock.now();
    const active: Loan = {
      ...loan,
      status: status.value,
      disbursedAt: now,
      schedule: amortisationSchedule({ principal: loan.amount, annualRateBps: loan.annualRateBps, termMonths: loan.termMonths }, kigaliDateOf(now)),
    };
    const entry = journalEntry({
      id: deps.ids.newId(),
      key: reference,
      kind: 'loan_disbursed',
      occurredAt: now,
      postings: [debit(accounts.loan(loan.id), loan.amount), credit(accounts.mobileMoney(wallet.provider), loan.amount)],
    });
    invariant(entry.ok, 'a disbursement entry always balances');
    const posted = await deps.journal.post(entry.value);
    invariant(posted.ok, `loan ${loan.id} disbursement could not be posted: ${posted.ok ? '' : posted.error}`);
    await deps.loans.save(active);
    await deps.notifier.notify(disbursementNotice(active));
    return ok(active);
  });
}
