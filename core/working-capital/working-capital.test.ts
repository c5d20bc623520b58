import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import {
  DAY_MS,
  MAX_WORKING_CAPITAL,
  annualisedRateBps,
  capacityLimit,
  dueDate,
  expectedRepayments,
  expectedWeeklyRepayment,
  feeBpsFor,
  flatFee,
  instantDecision,
  keyFactsFor,
  minimumPace,
  splitRepayment,
  withholdingFor,
  workingCapitalOffer,
  type Sale,
} from './working-capital.ts';

const now = new Date('2026-11-28T10:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY_MS);
/** One sale a day for `days` days, each of `net` francs net. */
const dailySales = (days: number, net: number): Sale[] => Array.from({ length: days }, (_, i) => ({ completedAt: daysAgo(i + 0.5), netAmount: Money.ofFrancs(net) }));

describe('working capital offer', () => {
  it('offers 25 % of the last 90 days net to a verified merchant with 90 days of sales', () => {
    const offer = workingCapitalOffer({ verified: true, hasOpen: false, sales: dailySales(120, 20_000), now });
    expect(offer.eligible).toBe(true);
    expect(offer.reasons).toEqual([]);
    expect(offer.basis).toEqual({ payments: 90, netSales: Money.ofFrancs(1_800_000), days: 90 });
    expect(offer.limit).toEqual(Money.ofFrancs(450_000));
    expect(offer.feeBps).toBe(600);
  });

  it('gives the reasons when it is not eligible', () => {
    const offer = workingCapitalOffer({ verified: false, hasOpen: true, sales: dailySales(30, 100), now });
    expect(offer.eligible).toBe(false);
    expect(offer.reasons).toEqual(['merchant_not_verified', 'sales_history_too_short', 'working_capital_open', 'limit_below_minimum']);
  });

  it('never offers more than 10,000,000 RWF', () => {
    const offer = workingCapitalOffer({ verified: true, hasOpen: false, sales: dailySales(200, 5_000_000), now });
    expect(offer.limit).toEqual(MAX_WORKING_CAPITAL);
  });

  it('property: the limit is whole francs, ≤ 25 % of net, ≤ the cap, and ≤ what 52 weeks of 10 % withholding repay with the fee', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ day: fc.integer({ min: 0, max: 400 }), net: fc.integer({ min: 1, max: 3_000_000 }) }), { maxLength: 200 }), (raw) => {
        const sales = raw.map((s) => ({ completedAt: daysAgo(s.day), netAmount: Money.ofCentimes(s.net * 37) }));
        const offer = workingCapitalOffer({ verified: true, hasOpen: false, sales, now });
        expect(offer.limit.isWholeFrancs()).toBe(true);
        expect(offer.limit.isNegative()).toBe(false);
        expect(offer.limit.centimes * 4).toBeLessThanOrEqual(offer.basis.netSales.centimes);
        expect(offer.limit.greaterThan(MAX_WORKING_CAPITAL)).toBe(false);
        const total = offer.limit.plus(flatFee(offer.limit, offer.feeBps));
        // The fee is rounded to the franc: the capacity bound holds within that franc.
        expect(total.centimes).toBeLessThanOrEqual(expectedWeeklyRepayment(offer.basis).times(52).centimes + 100);
        expect(capacityLimit(offer.basis, offer.feeBps).lessThan(offer.limit)).toBe(false);
        expect(offer.eligible).toBe(offer.reasons.length === 0);
      }),
    );
  });

  it('lowers the fee for a longer history', () => {
    expect(feeBpsFor(90)).toBe(600);
    expect(feeBpsFor(200)).toBe(500);
    expect(feeBpsFor(400)).toBe(400);
  });

  it('decides at once inside the rules, otherwise leaves it pending for an admin', () => {
    const offer = workingCapitalOffer({ verified: true, hasOpen: false, sales: dailySales(120, 20_000), now });
    expect(instantDecision(offer, Money.ofFrancs(450_000))).toBe('approved');
    expect(instantDecision(offer, Money.ofFrancs(450_001))).toBe('pending');
    const young = workingCapitalOffer({ verified: true, hasOpen: false, sales: dailySales(60, 20_000), now });
    expect(instantDecision(young, Money.ofFrancs(10_000))).toBe('pending');
  });
});

describe('key facts', () => {
  it('states the flat fee in RWF and as an APR, with the withholding share and no early repayment fee', () => {
    const offer = workingCapitalOffer({ verified: true, hasOpen: false, sales: dailySales(120, 20_000), now });
    const facts = keyFactsFor(Money.ofFrancs(400_000), offer);
    expect(facts.fee).toEqual(Money.ofFrancs(24_000));
    expect(facts.totalRepayable).toEqual(Money.ofFrancs(424_000));
    expect(facts.withholdingBps).toBe(1_000);
    expect(facts.expectedWeeklyRepayment).toEqual(Money.ofFrancs(14_000));
    expect(facts.expectedWeeks).toBe(31);
    expect(facts.earlyRepaymentFee).toEqual(Money.ZERO);
    expect(facts.minimumEvery60Days).toEqual(Money.ofFrancs(23_556));
    // 6 % over ~31 weeks (half the money back after ~15): about 20 % a year.
    expect(facts.aprBps).toBeGreaterThan(1_800);
    expect(facts.aprBps).toBeLessThan(2_400);
  });

  it('property: the expected repayments sum to the total and the APR is positive for a positive fee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 10_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (francs, weekly) => {
        const total = Money.ofFrancs(Math.round(francs * 1.06));
        const flows = expectedRepayments(total, Money.ofFrancs(weekly));
        expect(Money.sum(flows)).toEqual(total);
        expect(flows.length).toBeLessThanOrEqual(78);
        expect(annualisedRateBps(flows, Money.ofFrancs(francs), 52)).toBeGreaterThan(0);
      }),
    );
  });
});

describe('repayment', () => {
  it('withholds 10 % of the payout, whole francs, never more than owed, nothing for no sales', () => {
    expect(withholdingFor(Money.ofFrancs(98_001), Money.ofFrancs(1_000_000))).toEqual(Money.ofFrancs(9_800));
    expect(withholdingFor(Money.ofFrancs(98_000), Money.ofFrancs(1_234))).toEqual(Money.ofFrancs(1_234));
    expect(withholdingFor(Money.ZERO, Money.ofFrancs(1_234))).toEqual(Money.ZERO);
    expect(withholdingFor(Money.ofFrancs(5_000), Money.ZERO)).toEqual(Money.ZERO);
  });

  it('property: the withholding is whole francs, at most 10 % of the payout and at most what is owed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (payableFrancs, owedFrancs) => {
        const w = withholdingFor(Money.ofFrancs(payableFrancs), Money.ofFrancs(owedFrancs));
        expect(w.isWholeFrancs()).toBe(true);
        expect(w.centimes * 10).toBeLessThanOrEqual(payableFrancs * 100);
        expect(w.centimes).toBeLessThanOrEqual(owedFrancs * 100);
      }),
    );
  });

  it('pays the principal first, then the fee', () => {
    expect(splitRepayment(Money.ofFrancs(500), Money.ofFrancs(300))).toEqual({ principal: Money.ofFrancs(300), fee: Money.ofFrancs(200) });
    expect(splitRepayment(Money.ofFrancs(500), Money.ofFrancs(3_000))).toEqual({ principal: Money.ofFrancs(500), fee: Money.ZERO });
  });

  it('asks at least 1/18 of the total per 60 days, and reminds the shortfall', () => {
    const disbursedAt = daysAgo(125);
    const pace = minimumPace({ total: Money.ofFrancs(180_000), repaid: Money.ofFrancs(15_000), disbursedAt, now });
    expect(pace).toEqual({ windows: 2, due: Money.ofFrancs(20_000), shortfall: Money.ofFrancs(5_000) });
    expect(minimumPace({ total: Money.ofFrancs(180_000), repaid: Money.ofFrancs(25_000), disbursedAt, now }).shortfall).toEqual(Money.ZERO);
  });

  it('is due 18 months after disbursement', () => {
    expect(dueDate(new Date('2026-08-31T09:00:00Z')).toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });
});
