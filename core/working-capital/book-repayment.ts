/**
 * Booking a working-capital repayment, whatever brought the money (a settlement's withholding, a
 * mobile-money or card payment): one rule.
 *
 * Guarantees
 * - In the caller's unit of work: one balanced entry keyed by the repayment's reference
 *   (`working-capital-repayment:<reference>`) debiting where the money is (the merchant's payable,
 *   or the provider's clearing account) and crediting the working-capital receivable with the
 *   principal part and fee income with the fee part (principal first); the repayment row; the
 *   advance's `repaid`, and `repaid` status once nothing is owed.
 * - Never more than owed: what is booked as repaid is capped at what is owed; anything beyond (a
 *   mobile-money payment that arrived after a withholding took part of it) is credited to the
 *   merchant's payable and paid out with the next settlement, never kept.
 * - Idempotent: a reference booked before (`exists`) changes nothing.
 */
import { accounts, type AccountId } from '../ledger/accounts.ts';
import { credit, debit, journalEntry, type Posting } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import { Money } from '../money/money.ts';
import type { IdGenerator } from '../shared/clock.ts';
import { invariant } from '../shared/result.ts';
import type { RepaymentSource, WorkingCapitalLoans, WorkingCapitalRepayment, WorkingCapitalRepayments } from './ports.ts';
import { owedOn, principalOutstanding, splitRepayment, transitionWorkingCapital, type WorkingCapitalLoan } from './working-capital.ts';

export interface BookRepaymentDeps {
  loans: Pick<WorkingCapitalLoans, 'save'>;
  repayments: Pick<WorkingCapitalRepayments, 'add'>;
  journal: JournalWriter;
  ids: IdGenerator;
}

export const REPAYMENT_ENTRY_KIND: Readonly<Record<RepaymentSource, string>> = {
  settlement: 'working_capital_withheld',
  mobile_money: 'working_capital_repaid',
  // The same entry as by mobile money: only the account debited (card clearing) tells them apart.
  card: 'working_capital_repaid',
};

export async function bookRepayment(
  deps: BookRepaymentDeps,
  input: { loan: WorkingCapitalLoan; amount: Money; source: RepaymentSource; reference: string; from: AccountId; at: Date },
): Promise<{ outcome: 'booked' | 'exists'; loan: WorkingCapitalLoan; repayment?: WorkingCapitalRepayment }> {
  const { loan } = input;
  const amount = Money.min(input.amount, owedOn(loan));
  // Money that came in beyond what is owed (a withholding booked while a payment was on its way)
  // is the merchant's: it goes to the merchant's payable, paid out with the next settlement.
  const excess = input.amount.minus(amount);
  invariant(amount.isPositive() || excess.isPositive(), `working capital ${loan.id}: nothing to repay`);
  const split = splitRepayment(amount, principalOutstanding(loan));
  const postings: Posting[] = [debit(input.from, input.amount)];
  if (split.principal.isPositive()) postings.push(credit(accounts.workingCapital(loan.id), split.principal));
  if (split.fee.isPositive()) postings.push(credit(accounts.feeIncome, split.fee));
  if (excess.isPositive()) postings.push(credit(accounts.merchantPayable(loan.merchantId), excess));
  const entry = journalEntry({ id: deps.ids.newId(), key: `working-capital-repayment:${input.reference}`, kind: REPAYMENT_ENTRY_KIND[input.source], occurredAt: input.at, postings });
  invariant(entry.ok, 'a repayment entry balances');
  const posted = await deps.journal.post(entry.value);
  if (!posted.ok && posted.error === 'exists') return { outcome: 'exists', loan };
  invariant(posted.ok, `working capital ${loan.id}: repayment could not be posted: ${posted.ok ? '' : posted.error}`);
  if (!amount.isPositive()) return { outcome: 'booked', loan };
  const repayment: WorkingCapitalRepayment = { id: deps.ids.newId(), loanId: loan.id, source: input.source, reference: input.reference, amount, principal: split.principal, fee: split.fee, at: input.at };
  invariant((await deps.repayments.add(repayment)) === 'added', `working capital repayment ${input.reference} recorded twice`);
  const repaid = loan.repaid.plus(amount);
  const done = repaid.equals(loan.keyFacts.totalRepayable) ? transitionWorkingCapital(loan.status, 'repay_in_full') : undefined;
  const updated: WorkingCapitalLoan = { ...loan, repaid, ...(done?.ok ? { status: done.value } : {}) };
  await deps.loans.save(updated);
  return { outcome: 'booked', loan: updated, repayment };
}
