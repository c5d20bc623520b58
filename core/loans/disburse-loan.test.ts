import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { DecideLoanApplication } from './decide-loan-application.ts';
import { ConfirmLoanPayment } from './confirm-loan-payment.ts';
import { MAX_TRANSFER_ATTEMPTS as MAX_DISBURSEMENT_ATTEMPTS } from '../transfers/transfer.ts';
import { DisburseLoan } from './disburse-loan.ts';
import { aBorrower, loansWorld, assessedAt } from './loans.fixtures.ts';

async function approvedLoan(profile = aBorrower()) {
  const w = loansWorld('2026-01-31T21:30:00Z'); // 23:30 on 31 January in Kigali
  w.borrowers.profiles.set('m1', profile);
  const applied = await new DecideLoanApplication(w).execute({ memberId: 'm1', amount: Money.ofFrancs(100_000), termMonths: 12, purpose: 'Stock for my shop', assessment: assessedAt(profile.creditScore) });
  if (!applied.ok) throw new Error(applied.error);
  return { w, loanId: applied.value.id };
}

const zero = Money.ZERO;

describe('disburse loan', () => {
  it('books and stores the attempt, then transfers the amount once; the loan is active with its Kigali schedule', async () => {
    const { w, loanId } = await approvedLoan();
    const result = await new DisburseLoan(w).execute({ loanId });
    expect(result.ok && result.value.status).toBe('active');
    expect(result.ok && result.value.schedule[0]!.dueDate).toBe('2026-02-28');
    expect(w.mobileMoney.transfers).toEqual([
      { reference: `loan-disbursement:${loanId}`, provider: 'mtn', msisdn: '+250788123456', amount: Money.ofFrancs(100_000), description: 'Ikimina: loan disbursement' },
    ]);
    expect((await w.transfers.findByReference(`loan-disbursement:${loanId}`))?.status).toBe('sent');
    expect(w.ledger.balance(`loan:${loanId}`)).toEqual(Money.ofFrancs(100_000));
    expect(w.ledger.balance('mobile_money:mtn')).toEqual(Money.ofFrancs(-100_000));
    expect(w.notifier.sent.map((n) => n.template)).toContain('loan_disbursed');
    expect(await new DisburseLoan(w).execute({ loanId })).toEqual({ ok: false, error: 'loan_transition_not_allowed' });
  });

  it('the attempt exists before the provider is asked, so a callback during transfer() settles it', async () => {
    const { w, loanId } = await approvedLoan();
    const reference = `loan-disbursement:${loanId}`;
    let during: unknown;
    const transfer = w.mobileMoney.transfer.bind(w.mobileMoney);
    w.mobileMoney.transfer = async (request) => {
      during = await new ConfirmLoanPayment(w).execute({ reference: request.reference, status: 'successful', amount: request.amount });
      return transfer(request);
    };
    await new DisburseLoan(w).execute({ loanId });
    expect(during).toEqual({ ok: true, value: 'applied' });
    expect((await w.transfers.findByReference(reference))?.status).toBe('completed');
    expect(await new ConfirmLoanPayment(w).execute({ reference, status: 'successful', amount: Money.ofFrancs(100_000) })).toEqual({ ok: true, value: 'exists' });
  });

  it('an unreachable provider leaves the attempt pending, re-sent under the same reference', async () => {
    const { w, loanId } = await approvedLoan();
    w.mobileMoney.failWith = 'mobile_money_unavailable';
    const result = await new DisburseLoan(w).execute({ loanId });
    expect(result.ok && result.value.status).toBe('active');
    w.mobileMoney.failWith = undefined;
    expect(await w.sendTransfer.execute({ reference: `loan-disbursement:${loanId}` })).toEqual({ ok: true, value: 'sent' });
    expect(w.mobileMoney.transfers.map((t) => t.reference)).toEqual([`loan-disbursement:${loanId}`]);
  });

  it('a refusal reverses the entry, puts the loan back to approved, and retries <reference>-2 after the backoff', async () => {
    const { w, loanId } = await approvedLoan();
    w.mobileMoney.failWith = 'mobile_money_refused';
    expect(await new DisburseLoan(w).execute({ loanId })).toEqual({ ok: false, error: 'mobile_money_refused' });
    const loan = await w.loans.findById(loanId);
    expect(loan?.status).toBe('approved');
    expect(loan?.schedule).toEqual([]);
    expect(loan?.disbursedAt).toBeUndefined();
    expect(w.ledger.entries()).toHaveLength(2);
    expect(w.ledger.balance(`loan:${loanId}`)).toEqual(zero);
    expect(w.ledger.balance('mobile_money:mtn')).toEqual(zero);
    const failed = await w.transfers.findByReference(`loan-disbursement:${loanId}`);
    expect(failed?.retryAt).toEqual(new Date('2026-01-31T21:35:00Z'));

    w.mobileMoney.failWith = undefined;
    expect((await w.retryTransfer.execute({ reference: failed!.reference })).outcome).toBe('not_due');
    w.clock.set('2026-02-01T09:00:00Z'); // the next Kigali day: the schedule starts from it
    const retried = await w.retryTransfer.execute({ reference: failed!.reference });
    expect(retried.outcome === 'retried' && retried.attempt.reference).toBe(`loan-disbursement:${loanId}-2`);
    expect((await w.retryTransfer.execute({ reference: failed!.reference })).outcome).toBe('not_due');
    const active = await w.loans.findById(loanId);
    expect(active?.status).toBe('active');
    expect(active?.schedule[0]?.dueDate).toBe('2026-03-01');
    expect(w.ledger.balance(`loan:${loanId}`)).toEqual(Money.ofFrancs(100_000));
    expect(w.notifier.sent.filter((n) => n.template === 'loan_disbursed')).toHaveLength(1);
  });

  it(`gives up after ${MAX_DISBURSEMENT_ATTEMPTS} failed attempts: the loan stays approved and the member is told`, async () => {
    const { w, loanId } = await approvedLoan();
    w.mobileMoney.failWith = 'mobile_money_refused';
    await new DisburseLoan(w).execute({ loanId });
    for (let n = 1; n < MAX_DISBURSEMENT_ATTEMPTS; n++) {
      const due = w.transfers.all().find((a) => a.retryAt);
      w.clock.set(due!.retryAt!);
      expect((await w.retryTransfer.execute({ reference: due!.reference })).outcome).toBe('retried');
    }
    const attempts = w.transfers.all();
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'failed', 'given_up']);
    expect(attempts.some((a) => a.retryAt)).toBe(false);
    expect((await w.loans.findById(loanId))?.status).toBe('approved');
    expect(w.ledger.balance(`loan:${loanId}`)).toEqual(zero);
    expect(w.notifier.sent.filter((n) => n.template === 'loan_disbursement_failed').map((n) => n.userId)).toEqual(['m1']);
  });

  it('a success after a failure, or a failure of a loan already repaid into, contradicts the books and changes nothing', async () => {
    const { w, loanId } = await approvedLoan();
    const reference = `loan-disbursement:${loanId}`;
    w.mobileMoney.failWith = 'mobile_money_refused';
    await new DisburseLoan(w).execute({ loanId });
    expect(await w.settleTransfer.execute({ reference, status: 'successful' })).toEqual({ ok: true, value: 'contradicts_books' });

    const other = await approvedLoan();
    await new DisburseLoan(other.w).execute({ loanId: other.loanId });
    const loan = (await other.w.loans.findById(other.loanId))!;
    await other.w.loans.save({ ...loan, totalPaid: Money.ofFrancs(1_000) });
    expect(await new ConfirmLoanPayment(other.w).execute({ reference: `loan-disbursement:${other.loanId}`, status: 'failed', amount: loan.amount })).toEqual({ ok: false, error: 'disbursement_failed' });
    expect((await other.w.loans.findById(other.loanId))?.status).toBe('active');
    expect(other.w.ledger.entries()).toHaveLength(1);
  });

  it('refuses a member without a wallet and an unknown loan, booking nothing', async () => {
    const noWallet = await approvedLoan(aBorrower({ wallet: undefined }));
    expect(await new DisburseLoan(noWallet.w).execute({ loanId: noWallet.loanId })).toEqual({ ok: false, error: 'no_mobile_money_number' });
    expect(await new DisburseLoan(noWallet.w).execute({ loanId: 'nope' })).toEqual({ ok: false, error: 'loan_not_found' });
    expect(noWallet.w.ledger.entries()).toHaveLength(0);
    expect(noWallet.w.transfers.all().length).toBe(0);
  });
});
