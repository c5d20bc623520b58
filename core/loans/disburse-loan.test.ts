import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { applyForLoan } from './apply-for-loan.ts';
import { disburseLoan } from './disburse-loan.ts';
import { aBorrower, loansWorld } from './loans.fixtures.ts';

async function approvedLoan(profile = aBorrower()) {
  const w = loansWorld('2026-01-31T21:30:00Z'); // 23:30 on 31 January in Kigali
  w.borrowers.profiles.set('m1', profile);
  const applied = await applyForLoan(w, { memberId: 'm1', amount: Money.ofFrancs(100_000), termMonths: 12, purpose: 'Stock for my shop' });
  if (!applied.ok) throw new Error(applied.error);
  return { w, loanId: applied.value.id };
}

describe('disburse loan', () => {
  it('transfers the amount once, activates the loan with its Kigali schedule, and posts the receivable', async () => {
    const { w, loanId } = await approvedLoan();
    const result = await disburseLoan(w, { loanId });
    expect(result.ok && result.value.status).toBe('active');
    expect(result.ok && result.value.schedule[0]!.dueDate).toBe('2026-02-28');
    expect(w.mobileMoney.transfers).toEqual([
      { reference: `loan-disbursement:${loanId}`, provider: 'mtn', msisdn: '+250788123456', amount: Money.ofFrancs(100_000), description: 'Ikimina: loan disbursement' },
    ]);
    expect(w.ledger.balance(`loan:${loanId}`)).toEqual(Money.ofFrancs(100_000));
    expect(w.ledger.balance('mobile_money:mtn')).toEqual(Money.ofFrancs(-100_000));
    expect(await disburseLoan(w, { loanId })).toEqual({ ok: false, error: 'loan_transition_not_allowed' });
  });

  it('changes nothing when the provider refuses or the member has no wallet', async () => {
    const { w, loanId } = await approvedLoan();
    w.mobileMoney.failWith = 'mobile_money_unavailable';
    expect(await disburseLoan(w, { loanId })).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect((await w.loans.findById(loanId))?.status).toBe('approved');
    expect(w.ledger.entries()).toHaveLength(0);

    const noWallet = await approvedLoan(aBorrower({ wallet: undefined }));
    expect(await disburseLoan(noWallet.w, { loanId: noWallet.loanId })).toEqual({ ok: false, error: 'no_mobile_money_number' });
    expect(await disburseLoan(noWallet.w, { loanId: 'nope' })).toEqual({ ok: false, error: 'loan_not_found' });
  });
});
