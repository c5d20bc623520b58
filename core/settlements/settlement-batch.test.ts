import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MerchantTransaction } from '../merchants/merchant-transaction.ts';
import { splitPayment } from '../merchants/merchant-fee.ts';
import { Money } from '../money/money.ts';
import { transferReference } from '../transfers/transfer.ts';
import { batchReference, buildSettlementBatches, completionTimeAfter, coveringBatch, nextCoveredRange, SETTLEMENT_ORIGIN, type PreviousBatch, type SettlementBatch } from './settlement-batch.ts';
import { settlementPeriodContaining } from './settlement-period.ts';

const period = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z')); // week of Monday 16 Nov 2026
const now = new Date('2026-11-22T22:30:00Z');

function completed(id: string, merchantId: string, grossCentimes: number, completedAt = '2026-11-18T10:00:00Z', extra: Partial<MerchantTransaction> = {}): MerchantTransaction {
  const split = splitPayment(Money.ofCentimes(grossCentimes), false);
  return {
    id,
    transactionReference: `merchant-payment:${id}`,
    merchantId,
    provider: 'mtn',
    customerPhoneNumber: '+250788111111',
    amount: split.gross,
    merchantFee: split.fee,
    netAmount: split.net,
    commission: split.commission,
    status: 'completed',
    createdAt: new Date(completedAt),
    completedAt: new Date(completedAt),
    ...extra,
  };
}

const weekBefore = settlementPeriodContaining(new Date('2026-11-11T10:00:00Z'));

/** A merchant's latest batch: by default the week before, by range up to its end, carrying nothing. */
const previous = (overrides: Partial<PreviousBatch> = {}): PreviousBatch => ({
  settlementPeriodStart: weekBefore.start,
  coveredUntil: weekBefore.end,
  carriedOut: Money.ZERO,
  ...overrides,
});

function build(transactions: MerchantTransaction[], options: { previous?: Record<string, PreviousBatch>; carried?: Record<string, number> } = {}): SettlementBatch[] {
  let n = 0;
  return buildSettlementBatches({
    period,
    transactions,
    // `carried`: a batch made before ranges (the range then starts at the origin) that carried this fraction.
    previousBatch: (id) => options.previous?.[id] ?? (options.carried?.[id] !== undefined ? previous({ coveredUntil: null, carriedOut: Money.ofCentimes(options.carried[id]) }) : undefined),
    merchantCode: (id) => id.toUpperCase(),
    now,
    newId: () => `b${++n}`,
  });
}

describe('settlement batches', () => {
  it('one batch per merchant with its unsettled completed transactions before the period end', () => {
    const batches = build([
      completed('t1', 'm1', 1_000_000),
      completed('t2', 'm1', 500_000, '2026-11-10T10:00:00Z'), // a straggler from the week before
      completed('t3', 'm2', 250_000),
      completed('t4', 'm1', 999_900, '2026-11-22T22:00:00Z'), // Monday 00:00 Kigali: next period
      completed('t5', 'm1', 100_000, '2026-11-18T10:00:00Z', { status: 'failed' }),
      completed('t6', 'm1', 100_000, '2026-11-18T10:00:00Z', { settlementBatchId: 'old' }),
    ]);
    expect(batches.map((b) => [b.merchantId, b.batchReference, b.transactionIds, b.totalAmount.toDecimal(), b.payoutAmount.toDecimal(), b.status])).toEqual([
      ['m1', 'STL-20261116-M1', ['t1', 't2'], '14700.00', '14700.00', 'processing'],
      ['m2', 'STL-20261116-M2', ['t3'], '2450.00', '2450.00', 'processing'],
    ]);
    expect(batches[0]).toMatchObject({ totalTransactions: 2, currency: 'RWF', payoutMethod: 'mobile_money', attempts: 0, settlementPeriodStart: period.start, settlementPeriodEnd: period.end });
  });

  it('never settles the same merchant and period twice, nor a period before its latest batch', () => {
    expect(build([completed('t1', 'm1', 1_000_000)], { previous: { m1: previous({ settlementPeriodStart: period.start, coveredUntil: period.end }) } })).toEqual([]);
    const later = settlementPeriodContaining(new Date('2026-11-25T10:00:00Z'));
    expect(nextCoveredRange(previous({ settlementPeriodStart: later.start, coveredUntil: later.end }), period, now)).toBeUndefined();
    expect(nextCoveredRange(undefined, settlementPeriodContaining(new Date('2026-12-02T10:00:00Z')), now)).toBeUndefined(); // a week that has not begun
  });

  it('covers the range after the previous batch by range: what it covered is not taken again', () => {
    const batches = build(
      [
        completed('t1', 'm1', 1_000_000),
        completed('t2', 'm1', 500_000, '2026-11-15T21:59:59Z'), // before the previous batch's end: it covered it
        completed('t3', 'm1', 200_000, '2026-11-15T22:00:00Z'), // Monday 00:00 Kigali: this range
      ],
      { previous: { m1: previous() } },
    );
    expect(batches.map((b) => [b.transactionIds, b.coveredFrom, b.coveredUntil])).toEqual([[['t1', 't3'], weekBefore.end, period.end]]);
    expect(nextCoveredRange(undefined, period, now)).toEqual({ from: SETTLEMENT_ORIGIN, until: period.end });
    // After a batch made before ranges (it holds marked rows), the range starts at the origin again.
    expect(nextCoveredRange(previous({ coveredUntil: null }), period, now)).toEqual({ from: SETTLEMENT_ORIGIN, until: period.end });
  });

  it('settling the week under way covers it up to now; what completes later waits for the next batch', () => {
    const wednesdayNoon = new Date('2026-11-18T10:00:00Z');
    const batches = buildSettlementBatches({
      period,
      transactions: [completed('t1', 'm1', 1_000_000, '2026-11-18T09:59:59Z'), completed('t2', 'm1', 1_000_000, '2026-11-18T10:00:00Z')],
      previousBatch: () => undefined,
      merchantCode: (id) => id,
      now: wednesdayNoon,
      newId: () => 'b1',
    });
    expect(batches.map((b) => [b.transactionIds, b.coveredUntil])).toEqual([[['t1'], wednesdayNoon]]);
    expect(nextCoveredRange(batches[0], settlementPeriodContaining(new Date('2026-11-25T10:00:00Z')), new Date('2026-11-30T00:00:00Z'))?.from).toEqual(wednesdayNoon);
  });

  it('a completion is never dated inside a closed range, whatever a replica’s clock reads', () => {
    const closed = new Date('2026-11-22T22:00:00Z');
    expect(completionTimeAfter(new Date('2026-11-22T21:59:59Z'), closed)).toEqual(closed);
    expect(completionTimeAfter(new Date('2026-11-22T22:00:01Z'), closed)).toEqual(new Date('2026-11-22T22:00:01Z'));
    expect(completionTimeAfter(new Date('2026-11-22T21:59:59Z'), undefined)).toEqual(new Date('2026-11-22T21:59:59Z'));
  });

  it('answers which batch covers a transaction by its range, or by the mark of a batch made before ranges', () => {
    const [batch] = build([completed('t1', 'm1', 1_000_000)], { previous: { m1: previous() } });
    const legacy = { id: 'old', merchantId: 'm1', coveredFrom: null, coveredUntil: null };
    expect(coveringBatch([legacy, batch!], completed('t1', 'm1', 1_000_000))?.id).toBe(batch!.id);
    expect(coveringBatch([legacy, batch!], completed('t6', 'm1', 1_000_000, '2026-11-10T10:00:00Z', { settlementBatchId: 'old' }))?.id).toBe('old');
    expect(coveringBatch([legacy, batch!], completed('t7', 'm1', 1_000_000, '2026-11-23T10:00:00Z'))).toBeUndefined(); // waits for the next batch
    expect(coveringBatch([legacy, batch!], completed('t8', 'm2', 1_000_000))).toBeUndefined(); // another merchant
    expect(coveringBatch([legacy, batch!], completed('t9', 'm1', 1_000_000, '2026-11-18T10:00:00Z', { status: 'failed' }))).toBeUndefined();
  });

  it('pays whole francs and carries the fraction to the next batch', () => {
    // 125 RWF gross: net 122.50; with 0.75 carried in, 123.25 → pays 123, carries 0.25.
    const [batch] = build([completed('t1', 'm1', 12_500)], { carried: { m1: 75 } });
    expect([batch!.totalAmount, batch!.payoutAmount, batch!.carriedOut]).toEqual([Money.ofCentimes(12_325), Money.ofFrancs(123), Money.ofCentimes(25)]);
  });

  it('makes no batch for a total under one franc: the transactions wait', () => {
    expect(build([completed('t1', 'm1', 50)])).toEqual([]);
  });

  it('has deterministic references and new transfer references for retries only', () => {
    expect(batchReference('SHOP-1', period)).toBe('STL-20261116-SHOP-1');
    expect([1, 2, 3].map((n) => transferReference('STL-20261116-SHOP-1', n))).toEqual(['STL-20261116-SHOP-1', 'STL-20261116-SHOP-1-2', 'STL-20261116-SHOP-1-3']);
  });

  it('property: each transaction settles at most once, and paid + carried = net + carried in', () => {
    const tx = fc.record({ merchant: fc.constantFrom('m1', 'm2', 'm3'), gross: fc.integer({ min: 1, max: 10_000_000 }), day: fc.integer({ min: -10, max: 10 }) });
    fc.assert(
      fc.property(fc.array(tx, { maxLength: 30 }), fc.integer({ min: 0, max: 99 }), (rows, carried) => {
        const transactions = rows.map((r, i) => completed(`t${i}`, r.merchant, r.gross, new Date(Date.UTC(2026, 10, 18) + r.day * 86_400_000).toISOString()));
        const batches = build(transactions, { carried: { m1: carried, m2: carried, m3: carried } });
        const ids = batches.flatMap((b) => b.transactionIds);
        for (const batch of batches) expect(transactions.filter((t) => coveringBatch(batches, t) === batch).map((t) => t.id)).toEqual(batch.transactionIds);
        expect(new Set(ids).size).toBe(ids.length);
        for (const batch of batches) {
          const net = Money.sum(transactions.filter((t) => batch.transactionIds.includes(t.id)).map((t) => t.netAmount));
          expect(batch.payoutAmount.plus(batch.carriedOut)).toEqual(net.plus(Money.ofCentimes(carried)));
          expect(batch.payoutAmount.centimes % 100).toBe(0);
        }
      }),
    );
  });

  it('property: settling week after week, each completed transaction is covered by exactly one batch once its merchant is paid past it', () => {
    const weeks = [0, 1, 2, 3].map((w) => settlementPeriodContaining(new Date(Date.UTC(2026, 10, 4 + 7 * w, 10))));
    const tx = fc.record({
      merchant: fc.constantFrom('m1', 'm2', 'm3'),
      gross: fc.oneof(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 1, max: 10_000_000 })), // tiny totals wait for a later week
      minute: fc.integer({ min: 0, max: 4 * 7 * 24 * 60 - 1 }),
      failed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(tx, { maxLength: 40 }), (rows) => {
        const transactions = rows.map((r, i) =>
          completed(`t${i}`, r.merchant, r.gross, new Date(weeks[0]!.start.getTime() + r.minute * 60_000).toISOString(), r.failed ? { status: 'failed' } : {}),
        );
        const batches: SettlementBatch[] = [];
        let n = 0;
        for (const week of weeks) {
          const latest = (id: string) => batches.filter((b) => b.merchantId === id).at(-1);
          const made = buildSettlementBatches({ period: week, transactions, previousBatch: latest, merchantCode: (id) => id, now: week.end, newId: () => `b${++n}` });
          // Settling the same week again makes nothing.
          expect(buildSettlementBatches({ period: week, transactions, previousBatch: (id) => made.find((b) => b.merchantId === id) ?? latest(id), merchantCode: (id) => id, now: week.end, newId: () => 'x' })).toEqual([]);
          batches.push(...made);
        }
        for (const t of transactions) {
          const holding = batches.filter((b) => b.transactionIds.includes(t.id));
          expect(holding.length).toBeLessThanOrEqual(1);
          expect(coveringBatch(batches, t)).toBe(holding[0]);
          const paidPast = batches.filter((b) => b.merchantId === t.merchantId).at(-1)?.settlementPeriodEnd;
          const due = t.status === 'completed' && paidPast !== undefined && t.completedAt!.getTime() < paidPast.getTime();
          expect(holding.length).toBe(due ? 1 : 0);
        }
      }),
    );
  });

  describe('reversals are negative lines of the batch whose range holds their date', () => {
    const reversal = (id: string, merchantId: string, netCentimes: number, reversedAt: string) => ({ id, merchantId, netAmount: Money.ofCentimes(netCentimes), reversedAt: new Date(reversedAt) });
    const withReversals = (transactions: MerchantTransaction[], reversals: ReturnType<typeof reversal>[], previousBatch: PreviousBatch | undefined = previous()) =>
      buildSettlementBatches({ period, transactions, reversals, previousBatch: () => previousBatch, merchantCode: (id) => id.toUpperCase(), now, newId: () => 'b1' });

    it('total = carried in + nets − reversed nets; a reversal outside the range is not this batch’s', () => {
      const [batch] = withReversals(
        [completed('t1', 'm1', 1_000_000), completed('t2', 'm1', 500_000)],
        [reversal('r1', 'm1', 490_000, '2026-11-19T10:00:00Z'), reversal('r2', 'm1', 100, '2026-11-23T10:00:00Z'), reversal('r3', 'm1', 100, '2026-11-14T10:00:00Z')],
        previous({ carriedOut: Money.ofCentimes(30) }),
      );
      // 9,800 + 4,900 + 0.30 − 4,900 = 9,800.30
      expect(batch).toMatchObject({ totalTransactions: 2, totalReversals: 1, reversedAmount: Money.ofCentimes(490_000), totalAmount: Money.ofCentimes(980_030), payoutAmount: Money.ofFrancs(9_800), carriedOut: Money.ofCentimes(30) });
    });

    it('a period netting to zero or below makes no batch: the next range holds the reversal again (carried forward)', () => {
      const r = reversal('r1', 'm1', 980_000, '2026-11-19T10:00:00Z');
      expect(withReversals([completed('t1', 'm1', 500_000)], [r])).toEqual([]);
      expect(withReversals([], [r])).toEqual([]);
      expect(withReversals([completed('t1', 'm1', 1_000_000)], [r])).toEqual([]); // exactly zero
      // The next week: the range still starts where the last batch ended, so the reversal is in it.
      const nextWeek = settlementPeriodContaining(new Date('2026-11-25T10:00:00Z'));
      const [next] = buildSettlementBatches({
        period: nextWeek,
        transactions: [completed('t1', 'm1', 500_000), completed('t2', 'm1', 1_000_000, '2026-11-25T10:00:00Z')],
        reversals: [r],
        previousBatch: () => previous(),
        merchantCode: (id) => id.toUpperCase(),
        now: nextWeek.end,
        newId: () => 'b2',
      });
      expect(next).toMatchObject({ coveredFrom: weekBefore.end, totalTransactions: 2, totalReversals: 1, totalAmount: Money.ofFrancs(4_900 + 9_800 - 9_800) });
    });

    it('a reversal dated before the latest batch’s range end is never counted again (it was that batch’s)', () => {
      expect(withReversals([completed('t1', 'm1', 1_000_000)], [reversal('r1', 'm1', 100, '2026-11-10T10:00:00Z')])[0]).toMatchObject({ totalReversals: 0, reversedAmount: Money.ZERO });
    });
  });
});

