import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { DecideLoanApplication } from './decide-loan-application.ts';
import { DisburseLoan } from './disburse-loan.ts';
import { aBorrower, loansWorld, assessedAt } from './loans.fixtures.ts';
import { RecordLoanRepayment } from './record-loan-repayment.ts';
import { RefreshLoanStatuses } from './refresh-loan-statuses.ts';

describe('refresh loan statuses', () => {
  it('marks a loan overdue after a missed due day and active again once caught up', async () => {
    const w = loansWorld('2026-01-31T10:00:00Z');
    w.borrowers.profiles.set('m1', aBorrower());
    const applied = await new DecideLoanApplication(w).execute({ memberId: 'm1', amount: Money.ofFrancs(100_000), termMonths: 12, purpose: 'Stock for my shop', assessment: assessedAt(720) });
    if (!applied.ok) throw new Error(applied.error);
    await new DisburseLoan(w).execute({ loanId: applied.value.id });

    w.clock.set('2026-02-28T12:00:00Z');
    expect(await new RefreshLoanStatuses(w).execute()).toEqual([]);
    w.clock.set('2026-03-01T06:00:00Z');
    expect((await new RefreshLoanStatuses(w).execute()).map((l) => l.status)).toEqual(['overdue']);

    const loan = await w.loans.findById(applied.value.id);
    await new RecordLoanRepayment(w).execute({ loanId: loan!.id, amount: loan!.schedule[0]!.amount, provider: 'mtn', providerReference: 'late' });
    expect((await w.loans.findById(loan!.id))?.status).toBe('active');
    expect(await new RefreshLoanStatuses(w).execute()).toEqual([]);
  });
});
