import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { weekOfPayments } from '../settlements/settlement-flow.fixtures.ts';
import { CreateCommissionPayouts } from './create-commission-payouts.ts';
import { PayCommissionPayout } from './pay-commission-payout.ts';

describe('monthly commission payouts', () => {
  it('on the 1st, one payout per active agent; paying it debits the payable, and the commissions are paid when the provider completes the transfer', async () => {
    const w = await weekOfPayments([10_000, 125]); // commissions 50.00 and 0.62
    w.clock.set('2026-11-30T22:10:00Z'); // 1 December, 00:10 Kigali
    const [payout, ...others] = await new CreateCommissionPayouts(w).execute();
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ reference: 'COM-202611-a1', payoutAmount: Money.ofFrancs(50), carriedOut: Money.ofCentimes(62) });
    expect(await new CreateCommissionPayouts(w).execute()).toEqual([]);

    const paid = await new PayCommissionPayout(w).execute({ payoutId: payout!.id });
    expect(paid.ok && [paid.value.status, paid.value.attempts]).toEqual(['processing', 1]);
    expect(w.mobileMoney.transfers.map((t) => [t.reference, t.provider, t.amount])).toEqual([['COM-202611-a1', 'airtel', Money.ofFrancs(50)]]);
    expect(w.ledger.balance('agent_commission:a1')).toEqual(Money.ofCentimes(62));
    // Accepted is not paid: the provider may still fail it.
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending', 'pending']);
    expect(await w.settleTransfer.execute({ reference: 'COM-202611-a1', status: 'successful' })).toEqual({ ok: true, value: 'applied' });
    expect(await w.payouts.findById(payout!.id)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(w.commissions.all().map((c) => [c.status, c.payoutId])).toEqual([['paid', payout!.id], ['paid', payout!.id]]);
    expect(await new PayCommissionPayout(w).execute({ payoutId: payout!.id })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
  });

  it("for one agent, creates that agent's payout alone and leaves the others' commissions pending", async () => {
    const w = await weekOfPayments([10_000]);
    w.clock.set('2026-11-30T22:10:00Z');
    expect(await new CreateCommissionPayouts(w).execute({ agentId: 'a2' })).toEqual([]);
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
    const [payout, ...others] = await new CreateCommissionPayouts(w).execute({ agentId: 'a1' });
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ agentId: 'a1', payoutAmount: Money.ofFrancs(50) });
  });

  it('holds the commissions of a suspended agent', async () => {
    const w = await weekOfPayments([10_000]);
    await w.agents.save({ ...(await w.agents.findById('a1'))!, accreditationStatus: 'suspended' });
    w.clock.set('2026-11-30T22:10:00Z');
    expect(await new CreateCommissionPayouts(w).execute()).toEqual([]);
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
  });

  it('a refused payout fails, leaves the commissions pending, and is retried under a new reference', async () => {
    const w = await weekOfPayments([10_000]);
    w.clock.set('2026-11-30T22:10:00Z');
    const [payout] = await new CreateCommissionPayouts(w).execute();
    w.mobileMoney.failWith = 'mobile_money_refused';
    const failed = await new PayCommissionPayout(w).execute({ payoutId: payout!.id });
    expect(failed.ok && failed.value.status).toBe('failed');
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
    w.mobileMoney.failWith = undefined;
    expect(await new PayCommissionPayout(w).execute({ payoutId: payout!.id })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    const retried = await new PayCommissionPayout(w).execute({ payoutId: payout!.id, retry: true });
    expect(retried.ok && retried.value.status).toBe('processing');
    expect(w.mobileMoney.transfers.map((t) => t.reference)).toEqual(['COM-202611-a1-2']);
    await w.settleTransfer.execute({ reference: 'COM-202611-a1-2', status: 'successful' });
    expect(await w.payouts.findById(payout!.id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(w.commissions.all().map((c) => c.status)).toEqual(['paid']);
    expect(await new PayCommissionPayout(w).execute({ payoutId: 'nope' })).toEqual({ ok: false, error: 'payout_not_found' });
  });

  it('a payout sent while the provider cannot be reached stays processing, books nothing back, and is paid once under the same reference', async () => {
    const w = await weekOfPayments([10_000]);
    w.clock.set('2026-11-30T22:10:00Z');
    const [payout] = await new CreateCommissionPayouts(w).execute();
    w.mobileMoney.failWith = 'mobile_money_unavailable';
    const unanswered = await new PayCommissionPayout(w).execute({ payoutId: payout!.id });
    expect(unanswered.ok && unanswered.value).toMatchObject({ status: 'processing', attempts: 1 });
    // Not the provider's word: the payable stays debited, nothing is booked back.
    expect(w.ledger.balance('agent_commission:a1')).toEqual(Money.ZERO);
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
    expect(await new PayCommissionPayout(w).execute({ payoutId: payout!.id, retry: true })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    w.mobileMoney.failWith = undefined;
    // Sent again (as the polling job does) under the same reference: one attempt, paid once.
    const resent = await new PayCommissionPayout(w).execute({ payoutId: payout!.id });
    expect(resent.ok && resent.value).toMatchObject({ status: 'processing', attempts: 1 });
    expect(w.mobileMoney.transfers.map((t) => t.reference)).toEqual(['COM-202611-a1']);
    await w.settleTransfer.execute({ reference: 'COM-202611-a1', status: 'successful' });
    expect(await w.payouts.findById(payout!.id)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(w.commissions.all().map((c) => c.status)).toEqual(['paid']);
  });

  it('a payout the provider accepted and then failed is booked back and fails, its commissions still pending; a late success is disputed', async () => {
    const w = await weekOfPayments([10_000]);
    w.clock.set('2026-11-30T22:10:00Z');
    const [payout] = await new CreateCommissionPayouts(w).execute();
    await new PayCommissionPayout(w).execute({ payoutId: payout!.id });
    expect(w.ledger.balance('agent_commission:a1')).toEqual(Money.ZERO);
    expect(await w.settleTransfer.execute({ reference: 'COM-202611-a1', status: 'failed', reason: 'PAYEE_NOT_FOUND' })).toEqual({ ok: true, value: 'failed' });
    expect(await w.payouts.findById(payout!.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(w.ledger.balance('agent_commission:a1')).toEqual(Money.ofFrancs(50));
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
    expect(await w.settleTransfer.execute({ reference: 'COM-202611-a1', status: 'successful' })).toEqual({ ok: true, value: 'contradicts_books' });
    expect(await w.payouts.findById(payout!.id)).toMatchObject({ status: 'failed' });
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
  });
});
