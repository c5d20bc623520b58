/**
 * Why a mobile-money payment failed, in the member's words: the providers answer with codes
 * (MTN MoMo's "INTERNAL_PROCESSING_ERROR", "APPROVAL_REJECTED", Airtel's, the sandbox's), which are
 * never shown as such.
 *
 * Guarantees: a known code reads as one of six reasons (payments.reasons.*); any other code, or no
 * reason, reads as the general "did not go through" text; a reason that is not a code (a sentence)
 * shows only in English, the language it is written in, and otherwise the general text.
 */
import type { TFunction } from './i18n.ts';

type Reason = 'declined' | 'funds' | 'expired' | 'limit' | 'account' | 'unavailable';

const REASONS: ReadonlyArray<[RegExp, Reason]> = [
  [/REJECT|DECLIN|CANCEL|NOT_APPROVED|DENIED/, 'declined'],
  [/FUNDS|BALANCE/, 'funds'],
  [/EXPIRED|TIMEOUT|TIMED_OUT/, 'expired'],
  [/LIMIT/, 'limit'],
  [/PAYER_NOT_FOUND|PAYEE_NOT_FOUND|MSISDN|ACCOUNT|NOT_ALLOWED_TO_RECEIVE|INVALID_NUMBER/, 'account'],
  [/INTERNAL|UNAVAILABLE|SERVICE|TOO_MANY|ERROR|NOT_ALLOWED|INVALID|RESOURCE_NOT_FOUND|REFERENCE_UNKNOWN/, 'unavailable'],
];

/** A provider's code: letters, digits and _ or - only ("INTERNAL_PROCESSING_ERROR", "not_enough_funds", "DP00800001006"). */
const looksLikeCode = (reason: string) => /^[A-Za-z0-9_.:-]+$/.test(reason);

export function providerReasonText(t: TFunction, language: string, reason: string | null | undefined): string {
  const text = reason?.trim() ?? '';
  if (text === '') return t('payments.failedText');
  if (looksLikeCode(text)) {
    const upper = text.toUpperCase();
    const known = REASONS.find(([pattern]) => pattern.test(upper));
    return known ? t(`payments.reasons.${known[1]}`) : t('payments.failedText');
  }
  return language === 'en' ? text : t('payments.failedText');
}
