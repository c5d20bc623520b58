import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { ConfirmLoanPayment, isLoanPaymentReference } from './confirm-loan-payment.ts';
import { amountOwed } from './loan.ts';
import { activeLoanWorld, aBorrower } from './loans.fixtures.ts';
import { COLLECTION_TIMEOUT_MS, StartLoanRepayment } from './start-loan-repayment.ts';

const rwf = Money.ofFrancs;

const activeLoan = () => activeLoanWorld({ now: '2026-01-31T10:00:00Z', members: ['m2'] });

const success = (reference: string, amount: Money) => ({ reference, status: 'successful' as const, amount });

describe('start loan repayment', () => {
  it('asks the member\'s wallet for the next instalment, or for the whole balance', async () => {
    const { w, loan } = await activeLoan();
    const one = await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' });
    expect(one.ok && one.value.outcome).toBe('requested');
    expect(one.ok && one.value.collection).toMatchObject({ amount: loan.schedule[0]!.amount, status: 'requested', scope: 'instalment' });
    expect(w.mobileMoney.collections).toEqual([
      { reference: one.ok ? one.value.collection.reference : '', provider: 'mtn', msisdn: '+250788123456', amount: loan.schedule[0]!.amount, description: 'Ikimina loan repayment' },
    ]);
    w.clock.set(new Date(w.clock.now().getTime() + COLLECTION_TIMEOUT_MS));
    const all = await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'balance', idempotencyKey: 'k2' });
    expect(all.ok && all.value.collection.amount).toEqual(amountOwed(loan));
  });

  it('answers the first collection for a repeated key and asks the provider nothing new', async () => {
    const { w, loan } = await activeLoan();
    const first = await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' });
    const again = await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'balance', idempotencyKey: 'k1' });
    expect(again.ok && again.value.outcome).toBe('exists');
    expect(again.ok && again.value.collection.id).toBe(first.ok && first.value.collection.id);
    expect(w.mobileMoney.collections).toHaveLength(1);
  });

  it('lets nobody repay another member\'s loan, nor a loan that is not running', async () => {
    const { w, loan } = await activeLoan();
    expect(await new StartLoanRepayment(w).execute({ memberId: 'm2', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' })).toEqual({ ok: false, error: 'loan_not_found' });
    expect(await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: 'nope', scope: 'instalment', idempotencyKey: 'k2' })).toEqual({ ok: false, error: 'loan_not_found' });
    await w.loans.save({ ...loan, status: 'repaid' });
    expect(await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k3' })).toEqual({ ok: false, error: 'loan_not_repayable' });
    expect(w.mobileMoney.collections).toHaveLength(0);
  });

  it('refuses a second collection while one awaits the provider, and one without a wallet', async () => {
    const { w, loan } = await activeLoan();
    await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' });
    expect(await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k2' })).toEqual({ ok: false, error: 'repayment_in_progress' });
    w.clock.set(new Date(w.clock.now().getTime() + COLLECTION_TIMEOUT_MS));
    w.borrowers.profiles.set('m1', aBorrower({ wallet: undefined }));
    expect(await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k3' })).toEqual({ ok: false, error: 'no_mobile_money_number' });
  });

  it('marks the collection failed when the provider refuses, keeping the key', async () => {
    const { w, loan } = await activeLoan();
    w.mobileMoney.failWith = 'mobile_money_refused';
    expect(await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' })).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect((await w.collections.findByKey('m1', 'k1'))?.status).toBe('failed');
  });

  it('keeps the collection requested when the provider cannot be reached (it may have taken it), and books its later success', async () => {
    const { w, loan } = await activeLoan();
    w.mobileMoney.failWith = 'mobile_money_unavailable';
    expect(await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' })).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    const collection = await w.collections.findByKey('m1', 'k1');
    expect(collection?.status).toBe('requested');
    expect(await new ConfirmLoanPayment(w).execute(success(collection!.reference, collection!.amount))).toEqual({ ok: true, value: 'applied' });
    expect((await w.collections.findByKey('m1', 'k1'))?.status).toBe('succeeded');
  });
});

describe('confirm loan payment', () => {
  it('books a confirmed collection once: interest first, the ledger balanced, the member notified', async () => {
    const { w, loan } = await activeLoan();
    const started = await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' });
    const collection = started.ok ? started.value.collection : undefined;
    expect(isLoanPaymentReference(collection!.reference)).toBe(true);
    expect(await new ConfirmLoanPayment(w).execute(success(collection!.reference, collection!.amount))).toEqual({ ok: true, value: 'applied' });
    expect(await new ConfirmLoanPayment(w).execute(success(collection!.reference, collection!.amount))).toEqual({ ok: true, value: 'exists' });
    const first = loan.schedule[0]!;
    expect((await w.loans.findById(loan.id))?.totalPaid).toEqual(first.amount);
    expect(w.ledger.balance(`loan:${loan.id}`)).toEqual(loan.amount.minus(first.principal));
    expect(w.ledger.balance('interest_income')).toEqual(first.interest);
    expect(w.ledger.balance('mobile_money:mtn')).toEqual(loan.amount.negate().plus(first.amount));
    expect((await w.collections.findByKey('m1', 'k1'))?.status).toBe('succeeded');
    expect(w.notifier.sent.at(-1)).toMatchObject({ template: 'loan_repayment_received', params: { amount: first.amount.format() } });
  });

  it('refuses another amount, leaves a failed collection failed and the loan unchanged, and waits on pending', async () => {
    const { w, loan } = await activeLoan();
    const started = await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'instalment', idempotencyKey: 'k1' });
    const { reference, amount } = started.ok ? started.value.collection : { reference: '', amount: Money.ZERO };
    expect(await new ConfirmLoanPayment(w).execute(success(reference, amount.plus(rwf(1))))).toEqual({ ok: false, error: 'amount_mismatch' });
    expect(await new ConfirmLoanPayment(w).execute({ reference, status: 'pending', amount })).toEqual({ ok: true, value: 'pending' });
    expect(await new ConfirmLoanPayment(w).execute({ reference, status: 'failed', amount, reason: 'NOT_ENOUGH_FUNDS' })).toEqual({ ok: true, value: 'failed' });
    expect(await w.collections.findByReference(reference)).toMatchObject({ status: 'failed', failureReason: 'NOT_ENOUGH_FUNDS' });
    expect((await w.loans.findById(loan.id))?.totalPaid).toEqual(Money.ZERO);
    expect(await new ConfirmLoanPayment(w).execute(success('loan-repayment:unknown', amount))).toEqual({ ok: false, error: 'payment_not_found' });
  });

  it('will not fail a collection already booked, and keeps money that cannot go on the loan for a refund', async () => {
    const { w, loan } = await activeLoan();
    const started = await new StartLoanRepayment(w).execute({ memberId: 'm1', loanId: loan.id, scope: 'balance', idempotencyKey: 'k1' });
    const { reference, amount } = started.ok ? started.value.collection : { reference: '', amount: Money.ZERO };
    await w.loans.save({ ...loan, status: 'repaid' });
    expect(await new ConfirmLoanPayment(w).execute(success(reference, amount))).toEqual({ ok: false, error: 'loan_not_repayable' });
    expect(await w.collections.findByReference(reference)).toMatchObject({ status: 'succeeded', failureReason: 'loan_not_repayable' });
    expect(await new ConfirmLoanPayment(w).execute({ reference, status: 'failed', amount })).toEqual({ ok: false, error: 'payment_already_confirmed' });
  });

  it('settles a disbursement attempt once; a failure after its success changes nothing', async () => {
    const { w, loan } = await activeLoan();
    const reference = `loan-disbursement:${loan.id}`;
    expect(isLoanPaymentReference(reference)).toBe(true);
    expect(isLoanPaymentReference('contribution-1')).toBe(false);
    expect(await new ConfirmLoanPayment(w).execute({ reference, status: 'pending', amount: loan.amount })).toEqual({ ok: true, value: 'pending' });
    expect(await new ConfirmLoanPayment(w).execute(success(reference, loan.amount))).toEqual({ ok: true, value: 'applied' });
    expect(await new ConfirmLoanPayment(w).execute(success(reference, loan.amount))).toEqual({ ok: true, value: 'exists' });
    expect(await new ConfirmLoanPayment(w).execute({ reference, status: 'failed', amount: loan.amount })).toEqual({ ok: true, value: 'exists' });
    expect(await new ConfirmLoanPayment(w).execute(success('loan-disbursement:nope', loan.amount))).toEqual({ ok: false, error: 'payment_not_found' });
  });
});
