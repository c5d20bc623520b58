/**
 * The scorecard's factors and advice in the member's language (issue "Journeys, not screens").
 *
 * Guarantees: core/credit/scorecard.ts gives every factor a stable code and its description as a
 * code and numbers, and every recommendation an advice code; here they read as the locale's words
 * (loans.credit.factorNames / detail / advice), counts in the language's plural forms, amounts
 * through the one number format (useFormatters). A code this client does not know, or an
 * assessment recorded before codes existed, shows the server's English words rather than nothing.
 */
import type { TFunction, TranslationKey } from '../../lib/i18n.ts';
import type { CreditAssessment } from './api/loan-schemas.ts';

type Factor = CreditAssessment['factors'][number];

const FACTOR_CODES = new Set(['punctuality', 'savings_balance', 'savings_streak', 'tenure', 'identity', 'groups']);
const DETAIL_CODES = new Set(['no_payments_due', 'punctuality', 'savings_balance', 'savings_streak', 'tenure', 'identity_verified', 'identity_not_verified', 'groups']);
const ADVICE_CODES = new Set(['punctuality', 'savings_balance', 'savings_streak', 'identity', 'groups', 'keep_paying']);

export function factorName(t: TFunction, factor: Factor): string {
  return factor.code && FACTOR_CODES.has(factor.code) ? t(`loans.credit.factorNames.${factor.code}` as TranslationKey) : factor.factor;
}

export function factorDescription(t: TFunction, money: (amount: string) => string, factor: Factor): string {
  const detail = factor.detail;
  if (!detail || !DETAIL_CODES.has(detail.code)) return factor.description;
  const values: Record<string, unknown> = { ...detail };
  if (typeof detail.amount === 'string') values.amount = money(detail.amount);
  return t(`loans.credit.detail.${detail.code}` as TranslationKey, values);
}

/** The recommendations in the member's language; the server's English ones when it sent no codes. */
export function adviceTexts(t: TFunction, assessment: Pick<CreditAssessment, 'recommendations' | 'recommendationCodes'>): string[] {
  const codes = assessment.recommendationCodes;
  if (!codes || codes.length !== assessment.recommendations.length) return assessment.recommendations;
  return codes.map((code, index) => (ADVICE_CODES.has(code) ? t(`loans.credit.advice.${code}` as TranslationKey) : assessment.recommendations[index]!));
}
