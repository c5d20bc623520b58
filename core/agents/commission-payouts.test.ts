import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { weekOfPayments } from '../settlements/settlement-flow.fixtures.ts';
import { createCommissionPayouts } from './create-commission-payouts.ts';
import { payCommissionPayout } from './pay-commission-payout.ts';

describe('monthly commission payouts', () => {
  it('on the 1st, one payout per active agent; paying it debits the payable and marks the commissions paid', async () => {
    const w = await weekOfPayments([10_000, 125]); // commissions 50.00 and 0.62
    w.clock.set('2026-11-30T22:10:00Z'); // 1 December, 00:10 Kigali
    const [payout, ...others] = await createCommissionPayouts(w);
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ reference: 'COM-202611-a1', payoutAmount: Money.ofFrancs(50), carriedOut: Money.ofCentimes(62) });
    expect(await createCommissionPayouts(w)).toEqual([]);

    const paid = await payCommissionPayout(w, { payoutId: payout!.id });
    expect(paid.ok && paid.value.status).toBe('completed');
    expect(w.mobileMoney.transfers.map((t) => [t.reference, t.provider, t.amount])).toEqual([['COM-202611-a1', 'airtel', Money.ofFrancs(50)]]);
    expect(w.ledger.balance('agent_commission:a1')).toEqual(Money.ofCentimes(62));
    expect(w.commissions.all().map((c) => [c.status, c.payoutId])).toEqual([['paid', payout!.id], ['paid', payout!.id]]);
  });

  it('holds the commissions of a suspended agent', async () => {
    const w = await weekOfPayments([10_000]);
    await w.agents.save({ ...(await w.agents.findById('a1'))!, accreditationStatus: 'suspended' });
    w.clock.set('2026-11-30T22:10:00Z');
    expect(await createCommissionPayouts(w)).toEqual([]);
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
  });

  it('a refused payout fails, leaves the commissions pending, and is retried under a new reference', async () => {
    const w = await weekOfPayments([10_000]);
    w.clock.set('2026-11-30T22:10:00Z');
    const [payout] = await createCommissionPayouts(w);
    w.mobileMoney.failWith = 'mobile_money_unavailable';
    const failed = await payCommissionPayout(w, { payoutId: payout!.id });
    expect(failed.ok && failed.value.status).toBe('failed');
    expect(w.commissions.all().map((c) => c.status)).toEqual(['pending']);
    w.mobileMoney.failWith = undefined;
    expect(await payCommissionPayout(w, { payoutId: payout!.id })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    const retried = await payCommissionPayout(w, { payoutId: payout!.id, retry: true });
    expect(retried.ok && retried.value.status).toBe('completed');
    expect(w.mobileMoney.transfers.map((t) => t.reference)).toEqual(['COM-202611-a1-2']);
    expect(await payCommissionPayout(w, { payoutId: 'nope' })).toEqual({ ok: false, error: 'payout_not_found' });
  });
});
