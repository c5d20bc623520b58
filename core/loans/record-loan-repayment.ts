/**
 * RecordLoanRepayment: book a confirmed loan repayment (the step ConfirmLoanPayment takes for the
 * provider's success on a collection).
 *
 * Guarantees
 * - A repayment is keyed by (provider, provider reference): a repeated callback answers `exists`
 *   and changes nothing.
 * - The amount goes to interest due first, then principal (core/loans/loan.ts); one entry debits
 *   the provider's clearing account and credits the loan receivable (principal) and interest
 *   income (interest), in the same unit of work as the loan's new total paid and status.
 * - An amount above what the schedule still owes is refused (`repayment_exceeds_balance`) and left
 *   for an admin to refund: the loan is never overpaid.
 * - The member is notified of the repayment in the same unit of work.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit, journalEntry, type Posting } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { applyRepayment, type Loan, type RepaymentError } from './loan.ts';
import type { Notifier } from '../tontines/ports.ts';
import { repaymentNotice } from './loan-notices.ts';
import type { LoanRepository } from './ports.ts';

export interface RecordLoanRepaymentDeps {
  loans: LoanRepository;
  journal: JournalWriter;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  notifier: Notifier;
}

export interface RecordLoanRepaymentInput {
  loanId: string;
  amount: Money;
  provider: MobileMoneyProvider;
  providerReference: string;
}

export type RecordLoanRepaymentError = 'loan_not_found' | 'exists' | RepaymentError;

export class RecordLoanRepayment {
  constructor(private readonly deps: RecordLoanRepaymentDeps) {}

  execute(input: RecordLoanRepaymentInput): Promise<Result<Loan, RecordLoanRepaymentError>> {
    const deps = this.deps;
    return deps.uow.run(async () => {
      if (await deps.loans.findRepayment(input.provider, input.providerReference)) return err('exists');
      const loan = await deps.loans.findById(input.loanId);
      if (!loan) return err('loan_not_found');
      const now = deps.clock.now();
      const applied = applyRepayment(loan, input.amount, now);
      if (!applied.ok) return applied;
      const { interest, principal } = applied.value;

      const postings: Posting[] = [debit(accounts.collection(input.provider), input.amount)];
      if (principal.isPositive()) postings.push(credit(accounts.loan(loan.id), principal));
      if (interest.isPositive()) postings.push(credit(accounts.interestIncome, interest));
      const entry = journalEntry({
        id: deps.ids.newId(),
        key: `loan-repayment:${input.provider}:${input.providerReference}`,
        kind: 'loan_repaid',
        occurredAt: now,
        postings,
      });
      invariant(entry.ok, 'a repayment entry always balances');
      const posted = await deps.journal.post(entry.value);
      invariant(posted.ok, `repayment ${input.providerReference} could not be posted: ${posted.ok ? '' : posted.error}`);

      await deps.loans.saveRepayment({ id: entry.value.id, ...input, interest, principal, receivedAt: now });
      await deps.loans.save(applied.value.loan);
      await deps.notifier.notify(repaymentNotice(applied.value.loan, input.amount));
      return ok(applied.value.loan);
    });
  }
}
