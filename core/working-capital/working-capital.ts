/**
 * Working capital for merchants (DOMAIN "Business accounts"): who is offered it, how much, at what
 * cost, and how it is repaid from weekly settlements.
 *
 * Guarantees
 * - Offered to a verified (KYB verified, active) merchant whose first completed sale is at least
 *   90 days old, with no working capital open (pending, approved, active or overdue). Each broken
 *   rule is a reason with a stable code; eligible means no reason.
 * - The basis is the merchant's standing (completed, not reversed) sales completed in the last 90
 *   days: their count and their net (after the 2 % fee).
 * - Limit = min(25 % of that net, 10,000,000 RWF, what 10 % of the average weekly net repays in
 *   52 weeks less the fee on it), rounded down to whole francs; under MIN_WORKING_CAPITAL it is
 *   a reason (`limit_below_minimum`).
 * - One flat fee, a share of the amount set by the history's length (FEE_BANDS, versioned
 *   FEE_MODEL_VERSION), half-even to the whole franc. Nothing else is ever charged: repaying early
 *   costs nothing more.
 * - Repayment: WITHHOLDING_BPS (10 %) of each weekly settlement's whole-franc net, rounded down to
 *   whole francs, never more than what is owed; a week with no sales withholds nothing.
 *   Each repayment pays the principal first, then the fee (fee income when received).
 * - Minimum pace: by the end of the k-th 60-day window after disbursement at least k × 1/18 of the
 *   total owed (amount + fee, rounded up to the franc) must be repaid (never more than the total);
 *   the shortfall is reminded. Due in full 18 months after disbursement, `overdue` after.
 * - The APR is the annualised internal rate of return (52 × the weekly rate) of the expected
 *   repayments (10 % of the average weekly net each week until the total is repaid): key facts
 *   before acceptance (BNR Regulation 02/2016), as for members' loans.
 * - Amounts are whole francs (mobile money moves whole francs).
 */
import { divideHalfEven, Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';

export const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 90;
export const LIMIT_SHARE_BPS = 2_500;
export const MAX_WORKING_CAPITAL = Money.ofFrancs(10_000_000);
export const MIN_WORKING_CAPITAL = Money.ofFrancs(10_000);
export const WITHHOLDING_BPS = 1_000;
export const CAPACITY_WEEKS = 52;
export const MINIMUM_PACE_DAYS = 60;
export const MINIMUM_PACE_PARTS = 18;
export const TERM_MONTHS = 18;
export const FEE_MODEL_VERSION = 'wc-fee-2026-11-v1';

/** The flat fee by length of sales history (days since the first completed sale): longer history, lower fee. */
export const FEE_BANDS: readonly { minHistoryDays: number; feeBps: number }[] = [
  { minHistoryDays: 365, feeBps: 400 },
  { minHistoryDays: 180, feeBps: 500 },
  { minHistoryDays: 0, feeBps: 600 },
];

export type WorkingCapitalStatus = 'pending' | 'approved' | 'rejected' | 'active' | 'overdue' | 'repaid';
export const OPEN_STATUSES: readonly WorkingCapitalStatus[] = ['pending', 'approved', 'active', 'overdue'];

export type IneligibleReason = 'merchant_not_verified' | 'sales_history_too_short' | 'working_capital_open' | 'limit_below_minimum';

/** A completed, standing sale: when it completed and its net. */
export interface Sale {
  readonly completedAt: Date;
  readonly netAmount: Money;
}

export interface SalesBasis {
  readonly payments: number;
  readonly netSales: Money;
  readonly days: number;
}

export interface WorkingCapitalOffer {
  readonly eligible: boolean;
  readonly reasons: readonly IneligibleReason[];
  readonly limit: Money;
  readonly basis: SalesBasis;
  /** Days since the first completed sale (0 without any). */
  readonly historyDays: number;
  readonly feeBps: number;
}

export interface OfferInput {
  readonly verified: boolean;
  readonly hasOpen: boolean;
  /** At least the last 90 days' standing sales (older ones are ignored but for the history's start). */
  readonly sales: readonly Sale[];
  /** The first completed sale ever, when `sales` does not reach back to it. */
  readonly firstSaleAt?: Date | undefined;
  readonly now: Date;
}

export function salesBasis(sales: readonly Sale[], now: Date): SalesBasis {
  const since = now.getTime() - HISTORY_DAYS * DAY_MS;
  const recent = sales.filter((s) => s.completedAt.getTime() >= since && s.completedAt.getTime() <= now.getTime());
  return { payments: recent.length, netSales: Money.sum(recent.map((s) => s.netAmount)), days: HISTORY_DAYS };
}

export function historyDays(sales: readonly Sale[], now: Date, firstSaleAt?: Date): number {
  const first = sales.reduce((min, s) => Math.min(min, s.completedAt.getTime()), firstSaleAt?.getTime() ?? Number.POSITIVE_INFINITY);
  if (first === Number.POSITIVE_INFINITY) return 0;
  return Math.max(0, Math.floor((now.getTime() - first) / DAY_MS));
}

export function feeBpsFor(days: number): number {
  return FEE_BANDS.find((band) => days >= band.minHistoryDays)!.feeBps;
}

const wholeFrancsDown = (m: Money) => Money.max(m, Money.ZERO).splitWholeFrancs().payable;
/** `bps` of a non-negative amount, rounded down to whole francs: a limit or a withholding never exceeds its share. */
const shareDown = (m: Money, bps: number) => wholeFrancsDown(Money.ofCentimes(Number((BigInt(Math.max(m.centimes, 0)) * BigInt(bps)) / 10_000n)));

/** 10 % of the average weekly net of the basis, in centimes (not rounded to francs: an expectation). */
export function expectedWeeklyRepayment(basis: SalesBasis): Money {
  const weeklyNet = Number(divideHalfEven(BigInt(basis.netSales.centimes) * 7n, BigInt(basis.days)));
  return Money.ofCentimes(weeklyNet).percentOf(WITHHOLDING_BPS);
}

/** What 52 weeks of withholding repay, less the fee on the amount: amount × (1 + fee) ≤ capacity. */
export function capacityLimit(basis: SalesBasis, feeBps: number): Money {
  const capacity = expectedWeeklyRepayment(basis).times(CAPACITY_WEEKS);
  return wholeFrancsDown(Money.ofCentimes(Math.floor((capacity.centimes * 10_000) / (10_000 + feeBps))));
}

export function workingCapitalLimit(basis: SalesBasis, feeBps: number): Money {
  const share = shareDown(basis.netSales, LIMIT_SHARE_BPS);
  return Money.min(Money.min(share, MAX_WORKING_CAPITAL), capacityLimit(basis, feeBps));
}

export function workingCapitalOffer(input: OfferInput): WorkingCapitalOffer {
  const basis = salesBasis(input.sales, input.now);
  const days = historyDays(input.sales, input.now, input.firstSaleAt);
  const feeBps = feeBpsFor(days);
  const limit = workingCapitalLimit(basis, feeBps);
  const reasons: IneligibleReason[] = [];
  if (!input.verified) reasons.push('merchant_not_verified');
  if (days < HISTORY_DAYS) reasons.push('sales_history_too_short');
  if (input.hasOpen) reasons.push('working_capital_open');
  if (limit.lessThan(MIN_WORKING_CAPITAL)) reasons.push('limit_below_minimum');
  return { eligible: reasons.length === 0, reasons, limit, basis, historyDays: days, feeBps };
}

export function flatFee(amount: Money, feeBps: number): Money {
  return Money.ofFrancs(Number(divideHalfEven(BigInt(amount.percentOf(feeBps).centimes), 100n)));
}

export type AmountError = 'amount_not_whole_francs' | 'amount_below_minimum' | 'amount_above_maximum';

export function validateAmount(amount: Money): Result<Money, AmountError> {
  if (!amount.isWholeFrancs()) return err('amount_not_whole_francs');
  if (amount.lessThan(MIN_WORKING_CAPITAL)) return err('amount_below_minimum');
  if (amount.greaterThan(MAX_WORKING_CAPITAL)) return err('amount_above_maximum');
  return ok(amount);
}

/** Inside the rules: decided at once (approved); otherwise an admin decides (pending). */
export function instantDecision(offer: WorkingCapitalOffer, amount: Money): 'approved' | 'pending' {
  return offer.eligible && !amount.greaterThan(offer.limit) ? 'approved' : 'pending';
}

/** What the merchant reads and accepts before anything is disbursed. */
export interface WorkingCapitalKeyFacts {
  readonly amount: Money;
  readonly fee: Money;
  readonly feeBps: number;
  readonly feeModelVersion: string;
  readonly totalRepayable: Money;
  readonly withholdingBps: number;
  readonly expectedWeeklyRepayment: Money;
  readonly expectedWeeks: number;
  readonly aprBps: number;
  readonly minimumEvery60Days: Money;
  readonly termMonths: number;
  readonly earlyRepaymentFee: Money;
}

export function keyFactsFor(amount: Money, offer: Pick<WorkingCapitalOffer, 'basis' | 'feeBps'>): WorkingCapitalKeyFacts {
  const fee = flatFee(amount, offer.feeBps);
  const total = amount.plus(fee);
  const weekly = expectedWeeklyRepayment(offer.basis);
  const flows = expectedRepayments(total, weekly);
  return {
    amount,
    fee,
    feeBps: offer.feeBps,
    feeModelVersion: FEE_MODEL_VERSION,
    totalRepayable: total,
    withholdingBps: WITHHOLDING_BPS,
    expectedWeeklyRepayment: wholeFrancsDown(weekly),
    expectedWeeks: flows.length,
    aprBps: annualisedRateBps(flows, amount, 52),
    minimumEvery60Days: minimumPerWindow(total),
    termMonths: TERM_MONTHS,
    earlyRepaymentFee: Money.ZERO,
  };
}

/**
 * The expected weekly repayments of `total` at `weekly` a week (the last one smaller), at most
 * 78 weeks (18 months): what is left then is due at once. Without expected sales, one repayment
 * at the end of the term.
 */
export function expectedRepayments(total: Money, weekly: Money): Money[] {
  const maxWeeks = 78;
  if (!weekly.isPositive()) return [...new Array<Money>(maxWeeks - 1).fill(Money.ZERO), total];
  const flows: Money[] = [];
  let left = total;
  while (left.isPositive() && flows.length < maxWeeks - 1) {
    const pay = Money.min(weekly, left);
    flows.push(pay);
    left = left.minus(pay);
  }
  if (left.isPositive()) flows.push(left);
  return flows;
}

/**
 * periodsPerYear × the periodic rate at which `flows` (period 1, 2, …), discounted, equal
 * `received`, in basis points. A rate is not money: floating point, bisection far below 1 bp.
 */
export function annualisedRateBps(flows: readonly Money[], received: Money, periodsPerYear: number): number {
  const presentValue = (i: number) => flows.reduce((sum, f, k) => sum + f.centimes / (1 + i) ** (k + 1), 0);
  let low = -0.99;
  let high = 1;
  while (high - low > 1e-13) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > received.centimes) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * periodsPerYear * 10_000);
}

/** 1/18 of the total, rounded up to the franc. */
export function minimumPerWindow(total: Money): Money {
  const francs = Math.ceil(total.toWholeFrancs() / MINIMUM_PACE_PARTS);
  return Money.ofFrancs(francs);
}

/** What a weekly settlement withholds: 10 % of its whole-franc payout, whole francs down, never more than owed. */
export function withholdingFor(payable: Money, owed: Money): Money {
  if (!payable.isPositive() || !owed.isPositive()) return Money.ZERO;
  return Money.min(shareDown(payable, WITHHOLDING_BPS), owed);
}

/** A repayment split: principal first, then the fee. */
export function splitRepayment(amount: Money, principalOutstanding: Money): { principal: Money; fee: Money } {
  const principal = Money.min(amount, Money.max(principalOutstanding, Money.ZERO));
  return { principal, fee: amount.minus(principal) };
}

/** The completed 60-day windows since disbursement, and the repayment due by the end of the last one. */
export function minimumPace(input: { total: Money; repaid: Money; disbursedAt: Date; now: Date }): { windows: number; due: Money; shortfall: Money } {
  const windows = Math.max(0, Math.floor((input.now.getTime() - input.disbursedAt.getTime()) / (MINIMUM_PACE_DAYS * DAY_MS)));
  const due = Money.min(minimumPerWindow(input.total).times(windows), input.total);
  return { windows, due, shortfall: Money.max(due.minus(input.repaid), Money.ZERO) };
}

/** 18 months after disbursement (calendar months, UTC clock of the instant). */
export function dueDate(disbursedAt: Date): Date {
  const d = new Date(disbursedAt);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + TERM_MONTHS);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export type WorkingCapitalEvent = 'approve' | 'reject' | 'disburse' | 'disbursement_failed' | 'repay_in_full' | 'fall_overdue';

const TRANSITIONS: Readonly<Record<WorkingCapitalEvent, { from: readonly WorkingCapitalStatus[]; to: WorkingCapitalStatus }>> = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  disburse: { from: ['approved'], to: 'active' },
  disbursement_failed: { from: ['active'], to: 'approved' },
  repay_in_full: { from: ['active', 'overdue'], to: 'repaid' },
  fall_overdue: { from: ['active'], to: 'overdue' },
};

export function transitionWorkingCapital(status: WorkingCapitalStatus, event: WorkingCapitalEvent): Result<WorkingCapitalStatus, 'working_capital_transition_not_allowed'> {
  const rule = TRANSITIONS[event];
  return rule.from.includes(status) ? ok(rule.to) : err('working_capital_transition_not_allowed');
}

/** One merchant's working capital: its terms as accepted and what was repaid. */
export interface WorkingCapitalLoan {
  readonly id: string;
  readonly merchantId: string;
  readonly ownerId: string;
  readonly status: WorkingCapitalStatus;
  readonly keyFacts: WorkingCapitalKeyFacts;
  readonly basis: SalesBasis;
  readonly repaid: Money;
  readonly createdAt: Date;
  readonly acceptedAt?: Date | undefined;
  readonly disbursedAt?: Date | undefined;
  readonly dueAt?: Date | undefined;
  readonly reviewReason?: string | undefined;
  /** The last 60-day window whose shortfall was reminded (0: none). */
  readonly remindedWindow: number;
}

export const owedOn = (loan: Pick<WorkingCapitalLoan, 'keyFacts' | 'repaid'>): Money => Money.max(loan.keyFacts.totalRepayable.minus(loan.repaid), Money.ZERO);
export const principalOutstanding = (loan: Pick<WorkingCapitalLoan, 'keyFacts' | 'repaid'>): Money => Money.max(loan.keyFacts.amount.minus(loan.repaid), Money.ZERO);
