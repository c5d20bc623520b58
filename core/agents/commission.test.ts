import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { buildCommissionPayouts, commissionPayoutReference, commissionPeriodContaining, lastEndedCommissionPeriod, type Commission } from './commission.ts';

const iso = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];
const commission = (id: string, agentId: string, centimes: number, createdAt = '2026-10-15T10:00:00Z', status: Commission['status'] = 'pending'): Commission => ({
  id, agentId, merchantId: 'm1', transactionId: `t-${id}`, commissionType: 'merchant_transaction', amount: Money.ofCentimes(centimes), status, createdAt: new Date(createdAt),
});

describe('commission payout periods', () => {
  it('are Kigali calendar months, from the 1st 00:00 to the next 1st', () => {
    expect(iso(commissionPeriodContaining(new Date('2026-10-15T10:00:00Z')))).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T22:00:00.000Z']);
    expect(iso(commissionPeriodContaining(new Date('2026-12-31T22:30:00Z')))).toEqual(['2026-12-31T22:00:00.000Z', '2027-01-31T22:00:00.000Z']);
    expect(iso(lastEndedCommissionPeriod(new Date('2026-11-01T06:00:00Z')))).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T22:00:00.000Z']);
    expect(commissionPayoutReference('a1', commissionPeriodContaining(new Date('2026-10-15T10:00:00Z')))).toBe('COM-202610-a1');
  });
});

describe('commission payouts', () => {
  const period = commissionPeriodContaining(new Date('2026-10-15T10:00:00Z'));
  const build = (pending: Commission[], alreadyPaid: string[] = [], carried = 0) => {
    let n = 0;
    return buildCommissionPayouts({ period, pending, alreadyPaidAgentIds: new Set(alreadyPaid), carriedIn: () => Money.ofCentimes(carried), now: period.end, newId: () => `p${++n}` });
  };

  it('one payout per agent of the pending commissions before the month end, whole francs, fraction carried', () => {
    const payouts = build([
      commission('c1', 'a1', 5_062),
      commission('c2', 'a1', 5_000),
      commission('c3', 'a2', 2_500),
      commission('c4', 'a1', 9_999, '2026-10-31T22:00:00Z'), // 1 November in Kigali: next month
      commission('c5', 'a1', 9_999, '2026-10-15T10:00:00Z', 'paid'),
    ]);
    expect(payouts.map((p) => [p.agentId, p.reference, p.commissionIds, p.totalAmount.toDecimal(), p.payoutAmount.toDecimal(), p.carriedOut.toDecimal(), p.status])).toEqual([
      ['a1', 'COM-202610-a1', ['c1', 'c2'], '100.62', '100.00', '0.62', 'processing'],
      ['a2', 'COM-202610-a2', ['c3'], '25.00', '25.00', '0.00', 'processing'],
    ]);
  });

  it('never pays an agent twice for a month; under one franc waits; carried fractions are included', () => {
    expect(build([commission('c1', 'a1', 5_000)], ['a1'])).toEqual([]);
    expect(build([commission('c1', 'a1', 62)])).toEqual([]);
    expect(build([commission('c1', 'a1', 62)], [], 40)[0]?.payoutAmount).toEqual(Money.ofFrancs(1));
  });
});
