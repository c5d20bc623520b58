/**
 * Credit scorecard: an explainable score from 300 to 850 over a member's real history.
 *
 * Guarantees
 * - score = 550 + the points of six factors, each with a stated range:
 *     payment punctuality −250 … +110, savings balance 0 … +70, savings streak 0 … +50,
 *     tenure 0 … +25, identity verification 0 … +25, group participation 0 … +20;
 *   so the score stays within 300–850 and a factor's weight is its range ÷ 550 (weights sum to 1).
 * - Punctuality counts contributions and loan instalments: on time when paid by the end of the
 *   due day in Kigali; late when paid after it or still unpaid once it has passed. Its points are
 *   (−250 + 360 × on-time rate), scaled by min(1, payments ÷ 12) so a short history counts less.
 * - A member with no history scores 550 (Very Poor, mid-low) with every factor neutral, except a
 *   verified ID which counts positive.
 * - Deterministic (same history and instant, same score) and monotone: one more on-time payment,
 *   with the savings it adds, never lowers the score.
 * - maxLoanAmount is the loan limit (core/loans/loan-terms.ts); MODEL_VERSION names this scorecard.
 * - Words for people: every factor carries a stable `code` and a `detail` (a code and its numbers),
 *   and every recommendation an advice code (`adviceCodesOf`), so a screen says them in the
 *   member's language; `factor`, `description` and `recommendations` stay the English words
 *   (the API's and the records' own). An assessment recorded before the codes gets them from its
 *   English factor names (`factorCodeOf`).
 */
import { loanLimit } from '../loans/loan-terms.ts';
import { Money } from '../money/money.ts';
import { addDays, kigaliDateOf, kigaliInstant, monthsBetween, parseDate } from '../shared/calendar.ts';
import { invariant } from '../shared/result.ts';

export const MODEL_VERSION = 'ikimina-scorecard-1.0';
export const MIN_SCORE = 300;
export const MAX_SCORE = 850;
const BASE_SCORE = 550;

export type Impact = 'positive' | 'negative' | 'neutral';
export type CreditRating = 'Excellent' | 'Good' | 'Fair' | 'Poor' | 'Very Poor';

export interface PaymentRecord {
  readonly kind: 'contribution' | 'loan_instalment';
  /** Kigali calendar day, "YYYY-MM-DD". */
  readonly dueDate: string;
  /** When the payment was confirmed; undefined while unpaid. */
  readonly paidAt?: Date;
}

export interface CreditHistory {
  readonly memberSince: Date;
  readonly identityVerified: boolean;
  /** Completed contributions − payouts received, floored at 0. */
  readonly savingsBalance: Money;
  readonly payments: readonly PaymentRecord[];
  /** Groups the member belongs or belonged to (cancelled groups excluded). */
  readonly groupsJoined: number;
}

/** A factor's stable name, whatever the language. */
export const FACTOR_CODES = ['punctuality', 'savings_balance', 'savings_streak', 'tenure', 'identity', 'groups'] as const;
export type FactorCode = (typeof FACTOR_CODES)[number];
/** What a factor's description says, as a code and the numbers it needs (amounts as API decimals). */
export type FactorDetail =
  | { readonly code: 'no_payments_due' }
  | { readonly code: 'punctuality'; readonly onTime: number; readonly counted: number; readonly percent: number }
  | { readonly code: 'savings_balance'; readonly amount: string }
  | { readonly code: 'savings_streak'; readonly count: number }
  | { readonly code: 'tenure'; readonly count: number }
  | { readonly code: 'identity_verified' }
  | { readonly code: 'identity_not_verified' }
  | { readonly code: 'groups'; readonly count: number };
/** A recommendation's stable name: the factor it would improve, or keeping the score. */
export const ADVICE_CODES = ['punctuality', 'savings_balance', 'savings_streak', 'identity', 'groups', 'keep_paying'] as const;
export type AdviceCode = (typeof ADVICE_CODES)[number];

export interface CreditFactor {
  /** The factor's English name (the records' and the API's words). */
  readonly factor: string;
  /** Its English description. */
  readonly description: string;
  /** Absent on assessments recorded before codes existed: `factorCodeOf` reads it from `factor`. */
  readonly code?: FactorCode;
  /** Absent on assessments recorded before codes existed: the English description is all there is. */
  readonly detail?: FactorDetail;
  /** The factor's share of the score's range, 0–1. */
  readonly weight: number;
  readonly impact: Impact;
  readonly points: number;
}

export interface CreditAssessmentResult {
  readonly score: number;
  readonly rating: CreditRating;
  readonly maxLoanAmount: Money;
  readonly factors: readonly CreditFactor[];
  readonly recommendations: readonly string[];
  readonly modelVersion: string;
}

const RANGE = MAX_SCORE - MIN_SCORE;
const weightOf = (low: number, high: number) => Math.round(((high - low) / RANGE) * 100) / 100;

/** A payment is on time when confirmed before the Kigali midnight that ends its due day. */
function endOfDueDay(dueDate: string): number {
  const day = parseDate(dueDate);
  invariant(day, `bad due date ${dueDate}`);
  return kigaliInstant(addDays(day, 1)).getTime();
}

function punctuality(payments: readonly PaymentRecord[], at: Date, hasHistory: boolean): CreditFactor {
  let onTime = 0;
  let counted = 0;
  for (const payment of payments) {
    const deadline = endOfDueDay(payment.dueDate);
    const paidAt = payment.paidAt && payment.paidAt.getTime() <= at.getTime() ? payment.paidAt.getTime() : undefined;
    if (paidAt === undefined && at.getTime() < deadline) continue; // not due yet
    counted += 1;
    if (paidAt !== undefined && paidAt < deadline) onTime += 1;
  }
  const weight = weightOf(-250, 110);
  if (counted === 0)
    return { factor: 'Payment punctuality', code: 'punctuality', description: 'No payments due yet', detail: { code: 'no_payments_due' }, weight, impact: 'neutral', points: 0 };
  const points = Math.round((-250 + (360 * onTime) / counted) * Math.min(1, counted / 12));
  const percent = Math.round((100 * onTime) / counted);
  return {
    factor: 'Payment punctuality',
    code: 'punctuality',
    description: `${onTime} of ${counted} contributions and loan instalments paid on time (${percent}%)`,
    detail: { code: 'punctuality', onTime, counted, percent },
    weight,
    impact: points > 0 ? 'positive' : points < 0 || hasHistory ? 'negative' : 'neutral',
    points,
  };
}

const SAVINGS_TIERS: readonly { from: Money; points: number }[] = [
  { from: Money.ofFrancs(1_000_000), points: 70 },
  { from: Money.ofFrancs(200_000), points: 50 },
  { from: Money.ofFrancs(50_000), points: 30 },
  { from: Money.ofFrancs(10_000), points: 15 },
];

/** Consecutive Kigali months, ending this month or last, with at least one contribution paid. */
function savingsStreak(payments: readonly PaymentRecord[], at: Date): number {
  const monthIndex = (d: Date) => {
    const day = kigaliDateOf(d);
    return day.year * 12 + day.month;
  };
  const months = new Set(
    payments.filter((p) => p.kind === 'contribution' && p.paidAt && p.paidAt.getTime() <= at.getTime()).map((p) => monthIndex(p.paidAt!)),
  );
  let month = monthIndex(at);
  if (!months.has(month)) month -= 1; // this month is not over yet: a streak is not broken until it is
  let streak = 0;
  while (months.has(month - streak)) streak += 1;
  return streak;
}

/** Points of a positive-only factor, and its impact: positive from half its range up. */
function scaled(code: FactorCode, description: string, detail: FactorDetail, max: number, points: number, hasHistory: boolean): CreditFactor {
  const impact: Impact = points * 2 >= max && points > 0 ? 'positive' : hasHistory ? 'negative' : 'neutral';
  return { factor: FACTOR_NAMES[code], code, description, detail, weight: weightOf(0, max), impact, points };
}

/** The factors' English names, as recorded. */
const FACTOR_NAMES: Readonly<Record<FactorCode, string>> = {
  punctuality: 'Payment punctuality',
  savings_balance: 'Savings balance',
  savings_streak: 'Savings streak',
  tenure: 'Tenure',
  identity: 'Identity verification',
  groups: 'Group participation',
};

/** A factor's code: its own, or (recorded before codes) the one its English name stands for. */
export function factorCodeOf(factor: Pick<CreditFactor, 'factor' | 'code'>): FactorCode | undefined {
  if (factor.code) return factor.code;
  return (Object.keys(FACTOR_NAMES) as FactorCode[]).find((code) => FACTOR_NAMES[code] === factor.factor);
}

export function ratingFor(score: number): CreditRating {
  if (score >= 750) return 'Excellent';
  if (score >= 700) return 'Good';
  if (score >= 650) return 'Fair';
  if (score >= 600) return 'Poor';
  return 'Very Poor';
}

/** The recommendations' English words, by advice code. */
const ADVICE: Readonly<Record<AdviceCode, string>> = {
  punctuality: 'Pay your contributions and loan instalments on or before their due dates: punctuality weighs most in your score.',
  savings_balance: 'Grow your savings: your loan limit is half of your savings balance.',
  savings_streak: 'Contribute every month to build your savings streak.',
  identity: 'Verify your national ID: a loan needs it, and it raises your score.',
  groups: 'Join a tontine group and take part in its rotation.',
  keep_paying: 'Keep paying on time to keep your score and your best rate.',
};

/** The recommendations of these factors, as advice codes: one per factor not yet positive (tenure has none), else keep paying. */
export function adviceCodesOf(factors: readonly Pick<CreditFactor, 'factor' | 'code' | 'impact'>[]): AdviceCode[] {
  const codes = factors
    .filter((f) => f.impact !== 'positive')
    .map(factorCodeOf)
    .filter((code): code is Exclude<FactorCode, 'tenure'> => code !== undefined && code !== 'tenure');
  return codes.length > 0 ? codes : ['keep_paying'];
}

/** Every English text the scorecard writes without numbers (the words tests look for English left on other languages' screens). */
export const ENGLISH_SCORECARD_TEXTS: readonly string[] = [...Object.values(FACTOR_NAMES), ...Object.values(ADVICE), 'No payments due yet', 'National ID verified', 'National ID not verified'];

export function assessCreditHistory(history: CreditHistory, at: Date): CreditAssessmentResult {
  const hasHistory = history.payments.length > 0 || history.groupsJoined > 0;
  const savingsPoints = SAVINGS_TIERS.find((tier) => !history.savingsBalance.lessThan(tier.from))?.points ?? 0;
  const streak = savingsStreak(history.payments, at);
  const tenure = Math.max(0, monthsBetween(kigaliDateOf(history.memberSince), kigaliDateOf(at)));
  const groups = Math.min(3, history.groupsJoined);

  const factors: CreditFactor[] = [
    punctuality(history.payments, at, hasHistory),
    scaled('savings_balance', `Savings balance ${history.savingsBalance.format()}`, { code: 'savings_balance', amount: history.savingsBalance.toDecimal() }, 70, savingsPoints, hasHistory),
    scaled('savings_streak', `Contributed ${streak} month${streak === 1 ? '' : 's'} in a row`, { code: 'savings_streak', count: streak }, 50, Math.round((Math.min(12, streak) * 50) / 12), hasHistory),
    scaled('tenure', `Member for ${tenure} month${tenure === 1 ? '' : 's'}`, { code: 'tenure', count: tenure }, 25, Math.round((Math.min(24, tenure) * 25) / 24), hasHistory),
    history.identityVerified
      ? { factor: FACTOR_NAMES.identity, code: 'identity', description: 'National ID verified', detail: { code: 'identity_verified' }, weight: weightOf(0, 25), impact: 'positive', points: 25 }
      : scaled('identity', 'National ID not verified', { code: 'identity_not_verified' }, 25, 0, hasHistory),
    scaled('groups', `Member of ${history.groupsJoined} tontine group${history.groupsJoined === 1 ? '' : 's'}`, { code: 'groups', count: history.groupsJoined }, 20, Math.round((groups * 20) / 3), hasHistory),
  ];

  const score = Math.min(MAX_SCORE, Math.max(MIN_SCORE, BASE_SCORE + factors.reduce((sum, f) => sum + f.points, 0)));
  return {
    score,
    rating: ratingFor(score),
    maxLoanAmount: loanLimit(history.savingsBalance),
    factors,
    recommendations: adviceCodesOf(factors).map((code) => ADVICE[code]),
    modelVersion: MODEL_VERSION,
  };
}
