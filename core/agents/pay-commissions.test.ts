import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { weekOfPayments } from '../settlements/settlement-flow.fixtures.ts';
import { commissionPeriodContaining } from './commission.ts';
import { PayCommissions } from './pay-commissions.ts';

describe('commission payouts', () => {
  it('pays each active agent once a month; a rerun creates nothing', async () => {
    const w = await weekOfPayments([10_000, 20_000]);
    const pay = new PayCommissions(w);
    const month = commissionPeriodContaining(new Date('2026-11-18T10:00:00Z'));
    const first = await pay.execute({ period: month });
    expect(first.paid.map((p) => [p.status, p.payoutAmount])).toEqual([['processing', Money.ofFrancs(150)]]);
    await w.settleTransfer.execute({ reference: first.paid[0]!.reference, status: 'successful' });
    expect(w.commissions.all().every((c) => c.status === 'paid')).toBe(true);
    expect((await pay.execute({ period: month })).created).toEqual([]);
    expect(await pay.retry({ payoutId: first.paid[0]!.id })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    expect((await new PayCommissions({ ...w, clock: { now: () => new Date('2026-12-01T01:00:00+02:00') } }).execute()).created).toEqual([]);
  });
});
