/**
 * The figures the learning modules (and the public pages) state, read from the very constants
 * the rules use, so that a lesson can never promise a fee, a loan share or a reminder day that
 * the product does not apply.
 *
 * Guarantees
 * - Every figure is derived from the constant or the function that enforces it (the merchant fee
 *   split, the loan limit and rate bands, the reminder offsets, the settlement and commission
 *   periods); none is typed here a second time.
 * - The result is plain JSON (numbers and strings), the same for every caller.
 */
import { AGENT_COMMISSION_BPS, MERCHANT_FEE_BPS } from '../merchants/merchant-fee.ts';
import { INSTANT_APPROVAL_MIN_SCORE, MAX_LOAN, MAX_TERM_MONTHS, MIN_LOAN, MIN_PURPOSE_LENGTH, MIN_TERM_MONTHS, RATE_BANDS, SAVINGS_COLLATERAL_BPS } from '../loans/loan-terms.ts';
import { REMINDER_HOUR, REMINDER_OFFSETS } from '../contributions/contribution-reminders.ts';
import { settlementPeriodContaining } from '../settlements/settlement-period.ts';
import { commissionPeriodContaining } from '../agents/commission.ts';
import { ADULT_AGE } from '../identity/national-id.ts';
import { VERIFIED_AT_PERCENT } from '../kyc/face-match.ts';
import { MAX_SCORE, MIN_SCORE } from '../credit/scorecard.ts';
import { CURRENCY } from '../money/money.ts';
import { dayOfWeek, kigaliDateOf } from '../shared/calendar.ts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface LearningFigures {
  currency: string;
  merchantFeePercent: number;
  merchantKeepsPercent: number;
  agentCommissionPercent: number;
  loanShareOfSavingsPercent: number;
  minLoanFrancs: number;
  maxLoanFrancs: number;
  minTermMonths: number;
  maxTermMonths: number;
  minPurposeLength: number;
  instantApprovalMinScore: number;
  rateBands: { minScore: number; annualRatePercent: number }[];
  creditScoreMin: number;
  creditScoreMax: number;
  reminderDaysBefore: number[];
  reminderHour: number;
  settlementPeriodDays: number;
  settlementWeekday: Weekday;
  commissionPayoutDayOfMonth: number;
  minimumAge: number;
  faceMatchPercent: number;
}

const percent = (basisPoints: number): number => basisPoints / 100;
const DAY_MS = 86_400_000;
// Any instant will do: periods have the same shape every week and every month.
const SAMPLE_INSTANT = new Date(Date.UTC(2026, 0, 15, 12));

export function learningFigures(): LearningFigures {
  const week = settlementPeriodContaining(SAMPLE_INSTANT);
  const month = commissionPeriodContaining(SAMPLE_INSTANT);
  return {
    currency: CURRENCY,
    merchantFeePercent: percent(MERCHANT_FEE_BPS),
    merchantKeepsPercent: 100 - percent(MERCHANT_FEE_BPS),
    agentCommissionPercent: percent(AGENT_COMMISSION_BPS),
    loanShareOfSavingsPercent: percent(SAVINGS_COLLATERAL_BPS),
    minLoanFrancs: MIN_LOAN.toWholeFrancs(),
    maxLoanFrancs: MAX_LOAN.toWholeFrancs(),
    minTermMonths: MIN_TERM_MONTHS,
    maxTermMonths: MAX_TERM_MONTHS,
    minPurposeLength: MIN_PURPOSE_LENGTH,
    instantApprovalMinScore: INSTANT_APPROVAL_MIN_SCORE,
    rateBands: RATE_BANDS.map((band) => ({ minScore: Number.isFinite(band.minScore) ? band.minScore : MIN_SCORE, annualRatePercent: percent(band.annualRateBps) })),
    creditScoreMin: MIN_SCORE,
    creditScoreMax: MAX_SCORE,
    reminderDaysBefore: REMINDER_OFFSETS.map((offset) => offset.daysBefore),
    reminderHour: REMINDER_HOUR,
    settlementPeriodDays: Math.round((week.end.getTime() - week.start.getTime()) / DAY_MS),
    // The batch for a week runs once that week has ended: on the day its period ends.
    settlementWeekday: WEEKDAYS[dayOfWeek(kigaliDateOf(week.end)) - 1]!,
    commissionPayoutDayOfMonth: kigaliDateOf(month.end).day,
    minimumAge: ADULT_AGE,
    faceMatchPercent: VERIFIED_AT_PERCENT,
  };
}
