import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { activeLoanWorld } from './loans.fixtures.ts';
import { RecordLoanRepayment } from './record-loan-repayment.ts';

const rwf = Money.ofFrancs;

const activeLoan = () => activeLoanWorld();

describe('record loan repayment', () => {
  it('raises totalPaid and posts principal to the receivable and interest to income', async () => {
    const { w, loanId } = await activeLoan(); // 10 % (score 720): first interest 833 on 100,000
    const result = await new RecordLoanRepayment(w).execute({ loanId, amount: rwf(8_792), provider: 'mtn', providerReference: 'MP1' });
    expect(result.ok && result.value.totalPaid).toEqual(rwf(8_792));
    expect(w.ledger.balance('interest_income')).toEqual(rwf(833));
    expect(w.ledger.balance(`loan:${loanId}`)).toEqual(rwf(100_000 - 8_792 + 833));
    expect(w.loans.repayments).toMatchObject([{ providerReference: 'MP1', interest: rwf(833), principal: rwf(7_959) }]);
    expect(w.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('answers exists for a repeated callback and changes nothing', async () => {
    const { w, loanId } = await activeLoan();
    const input = { loanId, amount: rwf(500), provider: 'mtn' as const, providerReference: 'MP1' };
    await new RecordLoanRepayment(w).execute(input);
    expect(await new RecordLoanRepayment(w).execute(input)).toEqual({ ok: false, error: 'exists' });
    expect((await w.loans.findById(loanId))?.totalPaid).toEqual(rwf(500));
    expect(w.ledger.entries()).toHaveLength(2);
  });

  it('an interest-only payment posts no principal; the final payment repays the loan', async () => {
    const { w, loanId } = await activeLoan();
    await new RecordLoanRepayment(w).execute({ loanId, amount: rwf(100), provider: 'mtn', providerReference: 'A' });
    expect(w.ledger.entries()[1]!.postings).toHaveLength(2);
    const loan = await w.loans.findById(loanId);
    const rest = loan!.schedule.reduce((sum, i) => sum.plus(i.amount), Money.ZERO).minus(rwf(100));
    const repaid = await new RecordLoanRepayment(w).execute({ loanId, amount: rest, provider: 'airtel', providerReference: 'B' });
    expect(repaid.ok && repaid.value.status).toBe('repaid');
    expect(w.ledger.balance(`loan:${loanId}`)).toEqual(Money.ZERO);
  });

  it('refuses an unknown loan and an overpayment', async () => {
    const { w, loanId } = await activeLoan();
    expect(await new RecordLoanRepayment(w).execute({ loanId: 'nope', amount: rwf(1), provider: 'mtn', providerReference: 'X' })).toEqual({ ok: false, error: 'loan_not_found' });
    expect(await new RecordLoanRepayment(w).execute({ loanId, amount: rwf(1_000_000), provider: 'mtn', providerReference: 'Y' })).toEqual({ ok: false, error: 'repayment_exceeds_balance' });
  });
});
