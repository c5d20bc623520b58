/**
 * A card payment's reversal (ReverseMerchantPayment → RefundCardPayment) over a week of real
 * payments, against a scripted card processor: the refund stored before it is asked, the
 * reversal booked once when the processor completes it, a pending one followed to its end by
 * FollowCardRefunds, a lost answer found out before asking again, a failed one booking nothing.
 */
import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import type { CardRefund } from '../payments/card-checkout.ts';
import { weekOfPayments } from '../settlements/settlement-flow.fixtures.ts';
import { err, invariant, ok } from '../shared/result.ts';
import { REFUND_ANSWER_WAIT_MS } from './merchant-card-refund.ts';
import { ListCardRefunds } from './list-card-refunds.ts';
import { RefundCardPayment } from './refund-card-payment.ts';
import { FollowCardRefunds } from './follow-card-refunds.ts';
import { PursueCardRefund } from './pursue-card-refund.ts';
import { InMemoryMerchantCardRefunds, InMemoryMerchantReversals, reversalReads } from './reversal.fixtures.ts';
import { ReverseMerchantPayment } from './reverse-merchant-payment.ts';

/**
 * The processor: refunds as told (`completed`, `pending`, `refused`, made but its answer `lost`, or
 * `down`); refuses a second refund of a charge that holds one not failed, as Flutterwave does.
 */
class ScriptedProcessor {
  mode: 'completed' | 'pending' | 'refused' | 'lost' | 'down' = 'completed';
  readonly made: CardRefund[] = [];
  asked = 0;
  /** Answers with this charge id instead of the one refunded (a processor's mix-up). */
  answeredCharge: string | undefined;
  /** Refunds this amount instead of the one asked. */
  refundedAmount: Money | undefined;
  /** Run while a look-up is on its way, once (a racing caller), after the processor read its list. */
  duringLookUp: (() => Promise<unknown>) | undefined;
  async refund(chargeId: string, amount: Money) {
    this.asked++;
    if (this.mode === 'refused' || this.made.some((r) => r.chargeId === chargeId && r.status !== 'failed')) return err('card_checkout_refused' as const);
    if (this.mode === 'down') return err('card_checkout_unavailable' as const);
    const made: CardRefund = { id: `R${this.made.length + 1}`, chargeId, status: this.mode === 'pending' ? 'pending' : 'completed', amount: this.refundedAmount ?? amount };
    this.made.push(made);
    return this.mode === 'lost' ? err('card_checkout_unavailable' as const) : ok({ ...made, chargeId: this.answeredCharge ?? chargeId });
  }
  async refundStatus(id: string) {
    const found = this.made.find((r) => r.id === id);
    return found ? ok(found) : err('card_refund_unknown' as const);
  }
  async refundsOf(chargeId: string) {
    const held = this.made.filter((r) => r.chargeId === chargeId);
    const racing = this.duringLookUp;
    this.duringLookUp = undefined;
    await racing?.();
    return ok(held);
  }
  finish(id: string, status: 'completed' | 'failed') {
    const i = this.made.findIndex((r) => r.id === id);
    this.made[i] = { ...this.made[i]!, status };
  }
}

const silent = { info() {}, warn() {}, error() {} };

/** An event log that keeps its errors, for what an admin must look at. */
function recordingEvents() {
  const errors: Record<string, unknown>[] = [];
  return { errors, info() {}, warn() {}, error: (fields: Record<string, unknown>) => void errors.push(fields) };
}

async function cardWorld() {
  const w = await weekOfPayments([10_001]);
  const [paid] = w.transactions.all();
  invariant(paid, 'a payment');
  // Paid by card: the processor's charge id is its provider reference.
  const payment = { ...paid, provider: 'flutterwave' as const, providerReference: '7001' };
  await w.transactions.save(payment);
  const processor = new ScriptedProcessor();
  const reversals = new InMemoryMerchantReversals();
  const cardRefunds = new InMemoryMerchantCardRefunds();
  const audit = new RecordingAuditTrail();
  const reads = reversalReads(w);
  const events = recordingEvents();
  const deps = { ...w, payments: reads.payments, reversals, commissions: Object.assign(w.commissions, reads.commissionOf), cardRefunds, cardCheckout: processor, audit, events };
  const pursue = new PursueCardRefund(deps);
  const refundCard = new RefundCardPayment({ ...deps, pursue });
  const reverse = new ReverseMerchantPayment({
    ...deps,
    refundCard,
    requestTransfer: { execute: () => Promise.reject(new Error('a card payment is not refunded by transfer')) },
    sendTransfer: { execute: () => Promise.reject(new Error('a card payment is not refunded by transfer')) },
  });
  const follow = new FollowCardRefunds({ cardRefunds, pursue, clock: w.clock, events: silent });
  const ledgerSize = () => w.ledger.entries().length;
  return { w, payment, processor, reversals, cardRefunds, audit, events, reverse, follow, ledgerSize };
}

const REASON = 'goods returned by the customer';

describe('reversing a card payment', () => {
  it('refunds the card, then books the reversal and the card refund once; a retry answers already_reversed', async () => {
    const { w, payment, processor, reversals, reverse, audit, ledgerSize } = await cardWorld();
    const before = ledgerSize();
    const clearing = w.ledger.balance(accounts.cardClearing('flutterwave'));

    const reversed = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    invariant(reversed.ok && reversed.value.via === 'card', 'refunded to the card');
    expect(reversed.value.refund).toMatchObject({ status: 'completed', attempt: 1, chargeId: '7001', processorRefundId: 'R1', amount: Money.ofFrancs(10_001), requestedBy: 'admin:1' });
    expect(reversed.value.reversal).toMatchObject({ transactionId: payment.id, netAmount: payment.netAmount, commissionReversed: true, reversedBy: 'admin:1', reason: REASON });
    expect(processor.made.map((r) => [r.chargeId, r.amount.toDecimal()])).toEqual([['7001', '10001.00']]);

    expect(ledgerSize()).toBe(before + 2);
    expect(w.ledger.entries().map((e) => e.key)).toEqual(expect.arrayContaining([`merchant-reversal:${payment.id}`, `card-refund:${payment.id}`]));
    expect(w.ledger.balance(accounts.merchantRefund(payment.id))).toEqual(Money.ZERO);
    expect(w.ledger.balance(accounts.merchantReceivable('m1'))).toEqual(payment.netAmount);
    expect(clearing.minus(w.ledger.balance(accounts.cardClearing('flutterwave')))).toEqual(Money.ofFrancs(10_001));
    expect(w.commissions.all().map((c) => c.status)).toEqual(['reversed']);
    expect(w.ledger.trialBalance()).toEqual(Money.ZERO);
    expect(audit.entries.map((e) => e.action)).toEqual(['merchant_card_refund_requested', 'merchant_payment_reversed']);

    expect(await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' })).toEqual(err('already_reversed'));
    expect([processor.asked, reversals.items.length, ledgerSize()]).toEqual([1, 1, before + 2]);
  });

  it('books nothing while the refund is pending; a retried reversal asks for no second one; the polling job books it once completed', async () => {
    const { w, payment, processor, reversals, reverse, follow, ledgerSize } = await cardWorld();
    const before = ledgerSize();
    processor.mode = 'pending';
    const first = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(first.ok && first.value.refund).toMatchObject({ status: 'pending', processorRefundId: 'R1' });
    expect(first.ok && first.value.reversal).toBeUndefined();
    expect([ledgerSize(), reversals.items.length]).toEqual([before, 0]);

    const again = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:2' });
    expect(again.ok && again.value.refund).toMatchObject({ status: 'pending', processorRefundId: 'R1', attempt: 1, requestedBy: 'admin:1' });
    expect(processor.asked).toBe(1);

    w.clock.set(new Date(w.clock.now().getTime() + 60_000));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 1, refundsOpen: 1, refundsCompleted: 0 });
    expect(ledgerSize()).toBe(before);

    processor.finish('R1', 'completed');
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 1, refundsCompleted: 1 });
    expect(reversals.items).toHaveLength(1);
    expect(ledgerSize()).toBe(before + 2);
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 0 });
    expect([processor.asked, ledgerSize()]).toEqual([1, before + 2]);
    expect(w.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('after a lost answer, finds the refund the processor made instead of asking again', async () => {
    const { w, payment, processor, reverse, cardRefunds, ledgerSize } = await cardWorld();
    const before = ledgerSize();
    processor.mode = 'lost';
    const lost = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(lost.ok && lost.value.refund.status).toBe('requested');
    expect(ledgerSize()).toBe(before);
    // Retried at once, the request may still be under way: answered as it stands, nothing asked.
    expect(await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' })).toMatchObject({ ok: true, value: { refund: { status: 'requested' } } });
    expect(processor.asked).toBe(1);

    processor.mode = 'completed';
    w.clock.set(new Date(w.clock.now().getTime() + REFUND_ANSWER_WAIT_MS));
    const retried = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(retried.ok && retried.value.refund).toMatchObject({ status: 'completed', processorRefundId: 'R1', attempt: 1 });
    expect([processor.asked, processor.made.length, ledgerSize()]).toEqual([1, 1, before + 2]);
    expect((await cardRefunds.findByTransaction(payment.id))?.status).toBe('completed');
  });

  it('asks for a refund again when the processor holds none after a lost request, and leaves it requested while it is down', async () => {
    const { w, payment, processor, reverse, ledgerSize } = await cardWorld();
    processor.mode = 'down';
    const down = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(down.ok && down.value.refund.status).toBe('requested');
    processor.mode = 'completed';
    w.clock.set(new Date(w.clock.now().getTime() + REFUND_ANSWER_WAIT_MS));
    const before = ledgerSize();
    const retried = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(retried.ok && retried.value.refund.status).toBe('completed');
    expect([processor.made.length, ledgerSize()]).toEqual([1, before + 2]);
  });

  it('a refused or failed refund changes nothing in the ledger; asked again, it is a new attempt', async () => {
    const { w, payment, processor, reverse, follow, reversals, ledgerSize } = await cardWorld();
    const before = ledgerSize();
    processor.mode = 'refused';
    const refused = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(refused.ok && refused.value.refund).toMatchObject({ status: 'failed', attempt: 1 });

    processor.mode = 'pending';
    const second = await reverse.execute({ transactionId: payment.id, reason: 'asked again by the owner', actor: 'admin:2' });
    expect(second.ok && second.value.refund).toMatchObject({ status: 'pending', attempt: 2, reason: 'asked again by the owner' });
    processor.finish('R1', 'failed');
    w.clock.set(new Date(w.clock.now().getTime() + 60_000));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsFailed: 1 });
    expect([ledgerSize(), reversals.items.length]).toEqual([before, 0]);
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
    expect(w.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('finding out a lost answer is claimed first: the polling job racing a retried reversal asks nothing, and one refund is booked', async () => {
    const { w, payment, processor, reverse, follow, cardRefunds, ledgerSize } = await cardWorld();
    processor.mode = 'down';
    await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    processor.mode = 'completed';
    w.clock.set(new Date(w.clock.now().getTime() + REFUND_ANSWER_WAIT_MS));
    const before = ledgerSize();
    // While the retried reversal looks up the charge, the polling job comes by (its own refund's answer lost).
    processor.duringLookUp = async () => {
      processor.mode = 'lost';
      await follow.execute({ pollAfterSeconds: 30 });
      processor.mode = 'completed';
    };
    const retried = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(retried.ok && retried.value.refund).toMatchObject({ status: 'completed', processorRefundId: 'R1' });
    expect((await cardRefunds.findByTransaction(payment.id))?.status).toBe('completed');
    expect([processor.made.length, ledgerSize()]).toEqual([1, before + 2]);
  });

  it('a refusal after a lost answer never marks the refund failed: the refund the processor holds is followed', async () => {
    const { w, payment, processor, reverse, follow, cardRefunds, ledgerSize } = await cardWorld();
    processor.mode = 'down';
    await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    w.clock.set(new Date(w.clock.now().getTime() + REFUND_ANSWER_WAIT_MS));
    // Another request's refund lands at the processor between our look-up and our request: ours is refused.
    processor.mode = 'pending';
    processor.duringLookUp = () => processor.refund('7001', Money.ofFrancs(10_001));
    const before = ledgerSize();
    const retried = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(retried.ok && retried.value.refund).toMatchObject({ status: 'pending', processorRefundId: 'R1' });
    processor.finish('R1', 'completed');
    w.clock.set(new Date(w.clock.now().getTime() + 60_000));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsCompleted: 1 });
    expect((await cardRefunds.findByTransaction(payment.id))?.status).toBe('completed');
    expect([processor.made.length, ledgerSize()]).toEqual([1, before + 2]);
  });

  it('a second attempt looks up the charge first and takes the refund the processor already holds', async () => {
    const { payment, processor, reverse, ledgerSize } = await cardWorld();
    processor.mode = 'refused';
    await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    // The processor made it after all (its refusal was wrong, or a racing request's).
    processor.made.push({ id: 'R9', chargeId: '7001', status: 'completed', amount: Money.ofFrancs(10_001) });
    processor.mode = 'completed';
    const before = ledgerSize();
    const again = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:2' });
    expect(again.ok && again.value.refund).toMatchObject({ status: 'completed', attempt: 2, processorRefundId: 'R9' });
    expect([processor.asked, processor.made.length, ledgerSize()]).toEqual([1, 1, before + 2]);
  });

  it('books nothing when the processor answers for another charge: disputed once for an admin', async () => {
    const { w, payment, processor, reverse, follow, events, reversals, cardRefunds, ledgerSize } = await cardWorld();
    processor.answeredCharge = '9999';
    const before = ledgerSize();
    const reversed = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(reversed.ok && reversed.value.refund).toMatchObject({ status: 'requested', processorRefundId: 'R1', dispute: { code: 'other_charge', processorChargeId: '9999', at: w.clock.now() } });
    expect([ledgerSize(), reversals.items.length]).toEqual([before, 0]);
    expect(events.errors).toEqual([expect.objectContaining({ chargeId: '7001', answeredChargeId: '9999', processorRefundId: 'R1', dispute: 'other_charge' })]);
    w.clock.set(new Date(w.clock.now().getTime() + 60_000));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 0 });
    expect(await new ListCardRefunds({ cardRefunds }).execute({ disputed: true })).toMatchObject([{ transactionId: payment.id, dispute: { code: 'other_charge' } }]);
  });

  it('a pending refund the processor no longer knows is disputed once, and the polling job stops asking about it', async () => {
    const { w, payment, processor, reverse, follow, events, audit } = await cardWorld();
    processor.mode = 'pending';
    await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    processor.made.splice(0);
    w.clock.set(new Date(w.clock.now().getTime() + 60_000));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 1, refundsDisputed: 1 });
    expect(events.errors).toEqual([expect.objectContaining({ processorRefundId: 'R1', chargeId: '7001', dispute: 'unknown_to_processor' })]);
    w.clock.set(new Date(w.clock.now().getTime() + 60_000));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 0 });
    expect(events.errors).toHaveLength(1);
    expect(audit.entries.map((e) => e.action)).toEqual(['merchant_card_refund_requested', 'merchant_card_refund_disputed']);
  });

  it('completed for another amount: nothing booked, disputed once with what the processor refunded; a retried reversal asks nothing more', async () => {
    const { w, payment, processor, reverse, follow, events, reversals, cardRefunds, ledgerSize } = await cardWorld();
    processor.refundedAmount = Money.ofFrancs(1_001);
    const before = ledgerSize();
    const reversed = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(reversed.ok && reversed.value.refund).toMatchObject({ status: 'requested', processorRefundId: 'R1', dispute: { code: 'other_amount', processorAmount: Money.ofFrancs(1_001) } });
    expect([ledgerSize(), reversals.items.length]).toEqual([before, 0]);
    expect(events.errors).toEqual([expect.objectContaining({ dispute: 'other_amount', processorAmount: '1001.00', expected: '10001.00' })]);
    w.clock.set(new Date(w.clock.now().getTime() + REFUND_ANSWER_WAIT_MS));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 0 });
    const again = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:2' });
    expect(again.ok && again.value.via === 'card' && again.value.refund.dispute?.code).toBe('other_amount');
    expect([processor.asked, processor.made.length, ledgerSize(), events.errors.length]).toEqual([1, 1, before, 1]);
    // The open refunds list it too, and the disputed list holds only disputed ones.
    const list = new ListCardRefunds({ cardRefunds });
    expect((await list.execute({ disputed: false })).map((r) => r.transactionId)).toEqual([payment.id]);
    expect((await list.execute({ disputed: true })).map((r) => r.dispute?.code)).toEqual(['other_amount']);
  });

  it('refused after a look-up with none found at the processor: disputed once, never asked again', async () => {
    const { w, payment, processor, reverse, follow, events, cardRefunds, ledgerSize } = await cardWorld();
    processor.mode = 'refused';
    const first = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(first.ok && first.value.refund).toMatchObject({ status: 'failed', attempt: 1 });
    expect(await new ListCardRefunds({ cardRefunds }).execute({ disputed: true })).toEqual([]);
    const before = ledgerSize();
    const second = await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect(second.ok && second.value.refund).toMatchObject({ status: 'requested', attempt: 2, dispute: { code: 'refused_none_found' } });
    expect(events.errors).toEqual([expect.objectContaining({ dispute: 'refused_none_found', attempt: 2, chargeId: '7001' })]);
    w.clock.set(new Date(w.clock.now().getTime() + REFUND_ANSWER_WAIT_MS));
    expect(await follow.execute({ pollAfterSeconds: 30 })).toMatchObject({ refundsAsked: 0 });
    await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' });
    expect([processor.asked, ledgerSize(), events.errors.length]).toEqual([2, before, 1]);
    expect(await new ListCardRefunds({ cardRefunds }).execute({ disputed: true })).toMatchObject([{ transactionId: payment.id, attempt: 2 }]);
  });

  it('refuses a payment with no charge id, an unknown one, or no reason, asking nothing', async () => {
    const { w, payment, processor, reverse, cardRefunds } = await cardWorld();
    expect(await reverse.execute({ transactionId: payment.id, reason: 'no', actor: 'admin:1' })).toEqual(err('reason_required'));
    expect(await reverse.execute({ transactionId: 'unknown', reason: REASON, actor: 'admin:1' })).toEqual(err('transaction_not_found'));
    const { providerReference: _charge, ...withoutCharge } = payment;
    await w.transactions.save(withoutCharge);
    expect(await reverse.execute({ transactionId: payment.id, reason: REASON, actor: 'admin:1' })).toEqual(err('card_charge_unknown'));
    expect([processor.asked, cardRefunds.items.size]).toEqual([0, 0]);
  });
});
