/**
 * ReverseMerchantPayment over a week of real payments (core/settlements/settlement-flow.fixtures.ts):
 * the payment's books undone once, its pending commission taken back, the payer refunded through
 * the transfers module, the act audited; a refusal changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { RequestMerchantPayment } from './request-merchant-payment.ts';
import { weekOfPayments } from '../settlements/settlement-flow.fixtures.ts';
import { err, invariant } from '../shared/result.ts';
import { transferUseCases } from '../transfers/transfers.fixtures.ts';
import { MerchantRefundPolicy, ReverseMerchantPayment } from './reverse-merchant-payment.ts';
import { InMemoryMerchantReversals, reversalReads } from './reversal.fixtures.ts';

async function reversalWorld(grossFrancs: readonly number[] = [10_001]) {
  const w = await weekOfPayments(grossFrancs);
  const refunds = transferUseCases(w, (requestTransfer) => ({ merchant_refund: new MerchantRefundPolicy({ requestTransfer }) }));
  const reversals = new InMemoryMerchantReversals();
  const audit = new RecordingAuditTrail();
  const reads = reversalReads(w);
  const reverse = new ReverseMerchantPayment({
    ...w,
    payments: reads.payments,
    reversals,
    commissions: Object.assign(w.commissions, reads.commissionOf),
    requestTransfer: refunds.requestTransfer,
    sendTransfer: refunds.sendTransfer,
    audit,
    // Mobile-money payments only here: a card payment's refund is core/merchants/refund-card-payment.test.ts.
    refundCard: { execute: () => Promise.reject(new Error('not a card payment')) },
  });
  const [payment] = w.transactions.all();
  invariant(payment, 'a payment');
  /** What a refusal must leave as it was. */
  const snapshot = () => JSON.stringify([w.ledger.entries().length, w.transfers.all(), w.commissions.all(), reversals.items, audit.entries, w.mobileMoney.transfers]);
  return { w, reverse, reversals, audit, payment, refunds, snapshot };
}

const REASON = 'customer charged twice';

describe('ReverseMerchantPayment', () => {
  it('undoes the payment once: reversal entry, pending commission reversed, gross refunded to the payer, audited; the books balance', async () => {
    const { w, reverse, reversals, audit, payment } = await reversalWorld();
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);

    const reversed = await reverse.execute({ transactionId: payment.id, reason: `  ${REASON} `, actor: 'admin:1' });
    invariant(reversed.ok && reversed.value.via === 'mobile_money', 'reversed');
    expect(reversed.value.reversal).toMatchObject({ transactionId: payment.id, merchantId: 'm1', amount: Money.ofFrancs(10_001), reason: REASON, reversedBy: 'admin:1', commissionReversed: true, refundReference: `merchant-refund:${payment.id}` });
    expect(reversed.value.refund).toMatchObject({ purpose: 'merchant_refund', msisdn: payment.customerPhoneNumber, amount: Money.ofFrancs(10_001), status: 'sent', memberId: 'u1' });
    expect(w.mobileMoney.transfers.map((t) => [t.reference, t.msisdn, t.amount.toDecimal()])).toEqual([[reversed.value.refund.reference, '+250788111111', '10001.00']]);

    expect(reversals.items).toHaveLength(1);
    expect(w.commissions.all().map((c) => c.status)).toEqual(['reversed']);
    expect(w.ledger.entries().map((e) => e.key)).toContain(`merchant-reversal:${payment.id}`);
    // The merchant owes its net back (netted against what it is owed at settlement).
    expect(w.ledger.balance(accounts.merchantReceivable('m1'))).toEqual(payment.netAmount);
    expect(w.ledger.balance(accounts.merchantPayable('m1'))).toEqual(payment.netAmount);
    expect(w.ledger.balance(accounts.agentCommission('a1'))).toEqual(Money.ZERO);
    expect(w.ledger.balance(accounts.merchantRefund(payment.id))).toEqual(Money.ZERO);
    expect(w.ledger.trialBalance()).toEqual(Money.ZERO);
    expect(audit.entries).toEqual([expect.objectContaining({ action: 'merchant_payment_reversed', actor: 'admin:1', subject: `merchant_transaction:${payment.id}`, details: expect.objectContaining({ reason: REASON, commissionReversed: true }) })]);
  });

  it('refuses a second reversal with already_reversed, changing nothing and refunding once', async () => {
    const { reverse, payment, snapshot } = await reversalWorld();
    invariant((await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' })).ok, 'first');
    const before = snapshot();
    expect(await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:2' })).toEqual(err('already_reversed'));
    expect(snapshot()).toBe(before);
  });

  it('refuses without a reason of 5 to 500 characters, an unknown payment and one not completed, changing nothing', async () => {
    const { w, reverse, payment, snapshot } = await reversalWorld();
    const pending = await new RequestMerchantPayment(w).execute({ merchantId: 'm1', amount: Money.ofFrancs(3000), provider: 'mtn', customerPhoneNumber: '+250788222222' });
    invariant(pending.ok, 'pending payment');
    const before = snapshot();
    expect(await reverse.execute({ transactionId: payment.id, reason: ' oops ', actor: 'admin:1' })).toEqual(err('reason_required'));
    expect(await reverse.execute({ transactionId: payment.id, reason: 'x'.repeat(501), actor: 'admin:1' })).toEqual(err('reason_required'));
    expect(await reverse.execute({ transactionId: 'no-such-payment', reason: REASON, actor: 'admin:1' })).toEqual(err('transaction_not_found'));
    expect(await reverse.execute({ transactionId: pending.value.id, reason: REASON, actor: 'admin:1' })).toEqual(err('transaction_not_completed'));
    expect(snapshot()).toBe(before);
  });

  it('leaves a commission already paid out with the agent: fee income bears the whole fee', async () => {
    const { w, reverse, payment } = await reversalWorld();
    const [commission] = w.commissions.all();
    await w.commissions.save({ ...commission!, status: 'paid', payoutId: 'payout-1' });
    const reversed = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(reversed.ok && reversed.value.reversal?.commissionReversed).toBe(false);
    expect(w.commissions.all().map((c) => c.status)).toEqual(['paid']);
    expect(w.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('keeps the reversal when the provider refuses the refund: booked back, retried later to the same number', async () => {
    const { w, reverse, payment, refunds } = await reversalWorld();
    w.mobileMoney.failWith = 'mobile_money_refused';
    const reversed = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    invariant(reversed.ok && reversed.value.via === 'mobile_money', 'reversed');
    expect(reversed.value.refund.status).toBe('failed');
    expect(reversed.value.refund.retryAt).toBeDefined();
    // The payer is owed the gross again until a refund is sent.
    expect(w.ledger.balance(accounts.merchantRefund(payment.id))).toEqual(Money.ofFrancs(10_001));

    w.mobileMoney.failWith = undefined;
    w.clock.set(reversed.value.refund.retryAt!);
    const retried = await refunds.retryTransfer.execute({ reference: reversed.value.refund.reference });
    expect(retried).toMatchObject({ outcome: 'retried', attempt: { attempt: 2, msisdn: payment.customerPhoneNumber, amount: Money.ofFrancs(10_001) } });
    expect(w.ledger.balance(accounts.merchantRefund(payment.id))).toEqual(Money.ZERO);
    expect(w.ledger.trialBalance()).toEqual(Money.ZERO);
  });
});
