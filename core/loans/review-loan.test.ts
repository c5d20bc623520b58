import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { DecideLoanApplication } from './decide-loan-application.ts';
import { aBorrower, loansWorld, assessedAt } from './loans.fixtures.ts';
import { ReviewLoan } from './review-loan.ts';

const OFFICER = 'admin:grace';

async function pendingLoan() {
  const w = loansWorld();
  w.borrowers.profiles.set('m1', aBorrower({ creditScore: 550 }));
  const applied = await new DecideLoanApplication(w).execute({ memberId: 'm1', amount: Money.ofFrancs(50_000), termMonths: 6, purpose: 'School fees for my children', assessment: assessedAt(550) });
  if (!applied.ok) throw new Error(applied.error);
  return { w, loanId: applied.value.id };
}

describe('review loan (officer)', () => {
  it('disburses an approved loan at once', async () => {
    const { w, loanId } = await pendingLoan();
    const reviewed = await new ReviewLoan(w).execute({ loanId, decision: 'approve', decidedBy: OFFICER });
    expect(reviewed.ok && [reviewed.value.status, reviewed.value.decidedBy, reviewed.value.schedule.length]).toEqual(['active', OFFICER, 6]);
    expect(w.mobileMoney.transfers.map((t) => [t.reference, t.amount])).toEqual([[`loan-disbursement:${loanId}`, Money.ofFrancs(50_000)]]);
  });

  it('keeps the decision when the provider refuses: the loan answered is approved, its retry due', async () => {
    const { w, loanId } = await pendingLoan();
    w.mobileMoney.failWith = 'mobile_money_refused';
    const reviewed = await new ReviewLoan(w).execute({ loanId, decision: 'approve', decidedBy: OFFICER });
    expect(reviewed.ok && reviewed.value.status).toBe('approved');
    expect((await w.transfers.list({ limit: 10 })).map((a) => a.status)).toEqual(['failed']);
  });

  it('disburses nothing on a rejection or a refused decision', async () => {
    const { w, loanId } = await pendingLoan();
    expect(await new ReviewLoan(w).execute({ loanId, decision: 'reject', decidedBy: OFFICER })).toEqual({ ok: false, error: 'rejection_reason_required' });
    const rejected = await new ReviewLoan(w).execute({ loanId, decision: 'reject', reason: 'savings_too_recent', decidedBy: OFFICER });
    expect(rejected.ok && rejected.value.status).toBe('rejected');
    expect(w.mobileMoney.transfers).toEqual([]);
    expect(await w.transfers.list({ limit: 10 })).toEqual([]);
  });
});
