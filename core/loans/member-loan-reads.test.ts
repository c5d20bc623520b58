import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { DecideLoanApplication } from './decide-loan-application.ts';
import { ListMemberLoans } from './list-member-loans.ts';
import { ListPendingReviews } from './list-pending-reviews.ts';
import { loanLimit } from './loan-terms.ts';
import { activeLoanWorld, aBorrower, loansWorld, assessedAt } from './loans.fixtures.ts';
import { RecommendLoans } from './recommend-loans.ts';
import { RecordLoanRepayment } from './record-loan-repayment.ts';
import { ShowKeyFactsStatement } from './show-key-facts-statement.ts';
import { ShowLoanPayments } from './show-loan-payments.ts';
import { ShowLoan } from './show-loan.ts';
import { SummarizeLoans } from './summarize-loans.ts';

const rwf = Money.ofFrancs;

const activeLoan = () => activeLoanWorld();

describe("the member's own loan", () => {
  it('is shown to its borrower; another member reads undefined, exactly like an unknown id', async () => {
    const { w, loanId } = await activeLoan();
    expect(await new ShowLoan(w).execute({ memberId: 'm1', loanId })).toMatchObject({ id: loanId, status: 'active' });
    expect(await new ShowLoan(w).execute({ memberId: 'm2', loanId })).toBeUndefined();
    expect(await new ShowLoan(w).execute({ memberId: 'm1', loanId: 'nope' })).toBeUndefined();
    expect((await new ListMemberLoans(w).execute({ memberId: 'm1' })).map((l) => l.id)).toEqual([loanId]);
    expect(await new ListMemberLoans(w).execute({ memberId: 'm2' })).toEqual([]);
  });

  it('shows its repayments and collections, and its key facts statement, to its borrower only', async () => {
    const { w, loanId } = await activeLoan();
    await new RecordLoanRepayment(w).execute({ loanId, amount: rwf(1_000), provider: 'mtn', providerReference: 'MP1' });
    const payments = await new ShowLoanPayments(w).execute({ memberId: 'm1', loanId });
    expect(payments?.repayments.map((r) => r.amount)).toEqual([rwf(1_000)]);
    expect(payments?.collections).toEqual([]);
    expect(await new ShowLoanPayments(w).execute({ memberId: 'm2', loanId })).toBeUndefined();

    const facts = { id: 'kf-1', memberId: 'm1', loanId, shownAt: w.clock.now(), acceptedAt: w.clock.now() } as const;
    await w.statements.save({ ...facts, facts: {} as never });
    expect(await new ShowKeyFactsStatement(w).execute({ memberId: 'm1', loanId })).toMatchObject(facts);
    expect(await new ShowKeyFactsStatement(w).execute({ memberId: 'm2', loanId })).toBeUndefined();
  });
});

describe('summary and recommendations', () => {
  it('summarize the loans against the savings and the latest assessment', async () => {
    const { w } = await activeLoan();
    const summary = await new SummarizeLoans(w).execute({ memberId: 'm1' });
    expect(summary).toMatchObject({ totalBorrowed: rwf(100_000), activeLoanCount: 1, creditScore: null, creditRating: null });
    expect(summary.availableCredit).toEqual(loanLimit(rwf(400_000)).minus(rwf(100_000)));
  });

  it('recommend what the member could borrow; nothing for an unknown member', async () => {
    const { w } = await activeLoan();
    expect((await new RecommendLoans(w).execute({ memberId: 'm1' })).length).toBeGreaterThan(0);
    expect(await new RecommendLoans(w).execute({ memberId: 'ghost' })).toEqual([]);
  });
});

describe('pending reviews', () => {
  it("list the loans waiting for an officer with the applicant's latest score and limit", async () => {
    const w = loansWorld();
    w.borrowers.profiles.set('m1', aBorrower({ creditScore: 550, savingsBalance: rwf(300_000) }));
    const applied = await new DecideLoanApplication(w).execute({ memberId: 'm1', amount: rwf(50_000), termMonths: 6, purpose: 'School fees for my children', assessment: assessedAt(550) });
    if (!applied.ok) throw new Error(applied.error);
    w.borrowers.profiles.set('m1', aBorrower({ creditScore: 580, savingsBalance: rwf(300_000) }));
    const reviews = await new ListPendingReviews(w).execute();
    expect(reviews.map((r) => [r.loan.id, r.creditScore, r.loanLimit])).toEqual([[applied.value.id, 580, loanLimit(rwf(300_000))]]);
    w.borrowers.profiles.delete('m1');
    expect((await new ListPendingReviews(w).execute()).map((r) => [r.creditScore, r.loanLimit])).toEqual([[550, Money.ZERO]]);
  });
});
