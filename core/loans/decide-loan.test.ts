import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { DecideLoanApplication } from './decide-loan-application.ts';
import { DecideLoan } from './decide-loan.ts';
import { aBorrower, loansWorld, assessedAt } from './loans.fixtures.ts';

const OFFICER = 'admin:grace';

async function pendingLoan() {
  const w = loansWorld();
  w.borrowers.profiles.set('m1', aBorrower({ creditScore: 550 }));
  const applied = await new DecideLoanApplication(w).execute({ memberId: 'm1', amount: Money.ofFrancs(50_000), termMonths: 6, purpose: 'School fees for my children', assessment: assessedAt(550) });
  if (!applied.ok) throw new Error(applied.error);
  return { w, loanId: applied.value.id };
}

describe('decide loan (admin)', () => {
  it('approves or rejects a pending loan once', async () => {
    const { w, loanId } = await pendingLoan();
    w.clock.set('2026-02-02T08:00:00Z');
    const approved = await new DecideLoan(w).execute({ loanId, decision: 'approve', decidedBy: OFFICER });
    expect(approved.ok && [approved.value.status, approved.value.decidedAt, approved.value.decidedBy]).toEqual(['approved', new Date('2026-02-02T08:00:00Z'), OFFICER]);
    expect(await new DecideLoan(w).execute({ loanId, decision: 'reject', reason: 'late_payments', decidedBy: OFFICER })).toEqual({ ok: false, error: 'loan_transition_not_allowed' });
  });

  it('rejects with its reason code stored and the member notified, the officer\'s note in the audit trail only, and answers loan_not_found for an unknown id', async () => {
    const { w, loanId } = await pendingLoan();
    w.notifier.sent.length = 0;
    expect((await new DecideLoan(w).execute({ loanId, decision: 'reject', reason: '  savings_too_recent  ', note: ' Joined in March ', decidedBy: OFFICER })).ok).toBe(true);
    expect(await w.loans.findById(loanId)).toMatchObject({ status: 'rejected', decisionReason: { code: 'savings_too_recent' }, decidedBy: OFFICER });
    expect(w.audit.entries.at(-1)).toEqual({
      action: 'loan_rejected',
      actor: OFFICER,
      subject: `loan:${loanId}`,
      details: { memberId: 'm1', amount: '50000.00', termMonths: 6, creditScore: 550, reason: 'savings_too_recent', note: 'Joined in March' },
    });
    expect(w.notifier.sent).toEqual([
      { userId: 'm1', type: 'other', template: 'loan_rejected', params: { amount: '50,000 RWF', reasonCode: 'savings_too_recent' } },
    ]);
    expect(await new DecideLoan(w).execute({ loanId: 'nope', decision: 'approve', decidedBy: OFFICER })).toEqual({ ok: false, error: 'loan_not_found' });
  });

  it('refuses a rejection without a reason code, or with words instead of one, before touching anything', async () => {
    const { w, loanId } = await pendingLoan();
    expect(await new DecideLoan(w).execute({ loanId, decision: 'reject', decidedBy: OFFICER })).toEqual({ ok: false, error: 'rejection_reason_required' });
    expect(await new DecideLoan(w).execute({ loanId, decision: 'reject', reason: '  ', decidedBy: OFFICER })).toEqual({ ok: false, error: 'rejection_reason_required' });
    // Free English words would reach a Kinyarwanda SMS as they are: only a code the catalogues word is taken.
    expect(await new DecideLoan(w).execute({ loanId, decision: 'reject', reason: 'Savings too recent', decidedBy: OFFICER })).toEqual({ ok: false, error: 'rejection_reason_unknown' });
    expect((await w.loans.findById(loanId))?.status).toBe('pending');
    expect(w.audit.entries.map((e) => e.action)).toEqual(['loan_referred']);
  });

  it('states the reason of an approval after review and tells the member', async () => {
    const { w, loanId } = await pendingLoan();
    const approved = await new DecideLoan(w).execute({ loanId, decision: 'approve', decidedBy: OFFICER });
    expect(approved.ok && approved.value.decisionReason).toEqual({ code: 'officer_approved' });
    expect(w.notifier.sent.map((n) => n.template)).toEqual(['loan_approved']);
    expect(w.audit.entries.map((e) => [e.action, e.actor])).toEqual([['loan_referred', 'system'], ['loan_approved', OFFICER]]);
  });
});
