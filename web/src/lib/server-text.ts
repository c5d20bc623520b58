/**
 * Texts the server writes (in English) shown to the member in their language.
 *
 * Guarantees: in English the server's own words show unchanged; in another language a known
 * code shows its translation, and an unknown one (or none) answers '' so that the screen says its
 * own words instead: the server's English never reaches a screen in another language.
 */
import type { Translator } from './i18n.ts';
import type { ServerMessages } from '../locales/en.ts';
import { ApiError } from './api-client.ts';

const SERVER_KEYS: ReadonlyArray<keyof ServerMessages> = [
  'invalid_credentials',
  'email_taken',
  'rate_limited',
  'validation_failed',
  'invalid_or_expired_link',
  'magic_link_sent',
  'tontine_not_found',
  'tontine_is_full',
  'tontine_not_forming',
  'already_a_member',
  'not_enough_members',
  'only_admin_can_start',
  'identity_not_verified',
  'scoring_consent_required',
  'loan_exceeds_limit',
  'has_overdue_loan',
  'loan_application_open',
  'repayment_in_progress',
  'loan_not_repayable',
  'key_facts_expired',
  'key_facts_mismatch',
  'key_facts_outdated',
  'current_password_incorrect',
  'invalid_or_expired_reset_link',
  'session_not_found',
  'password_reset_sent',
  'phone_number_invalid',
  'phone_taken',
  'database_unavailable',
  'card_checkout_unavailable',
  'card_checkout_refused',
  'contribution_amount_not_whole_francs',
  'amount_must_be_whole_francs',
  'amount_must_be_positive',
  'payment_amount_invalid',
  'amount_not_whole_francs',
  'amount_below_minimum',
  'amount_above_maximum',
  'repayment_amount_invalid',
  'mobile_money_refused',
  'mobile_money_unavailable',
  'payment_in_progress',
  'contribution_already_paid',
  'phone_number_required',
  'no_mobile_money_number',
  'insufficient_savings',
  'name_required',
  'not_a_member',
  'tontine_not_active',
  'personal_savings_has_no_rotation',
  'not_personal_savings',
  'cannot_swap_with_self',
  'swap_already_proposed',
  'swap_proposal_not_found',
  'only_counterparty_can_accept',
  'only_admin_can_draw',
  'payout_order_already_drawn',
  'payout_order_locked',
  'turn_already_paid',
  'message_empty',
  'message_too_long',
  'key_facts_not_accepted',
  'key_facts_not_found',
  'national_id_invalid_format',
  'national_id_birth_year_in_future',
  'national_id_birth_date_mismatch',
  'national_id_holder_under_18',
  'national_id_not_found',
  'national_id_name_mismatch',
  'national_id_in_use',
  'national_id_holder_changed',
  'national_id_registry_unavailable',
  'photos_required',
  'biometric_consent_required',
  'consent_version_outdated',
  'id_photo_no_face_found',
  'selfie_no_face_found',
  'id_photo_several_faces_found',
  'selfie_several_faces_found',
  'id_photo_face_too_small',
  'selfie_face_too_small',
  'id_photo_unreadable_image',
  'selfie_unreadable_image',
  'face_matcher_unavailable',
  'already_an_agent',
  'agent_code_taken',
  'own_business_referral',
  'too_many_pending_merchants',
  'merchant_code_taken',
  'merchant_not_active',
  'merchant_not_verified',
  'kyb_already_decided',
  'business_not_verified',
  'working_capital_open',
  'working_capital_not_approved',
  'working_capital_not_repayable',
  'ussd_access_needs_phone',
  'phone_number_not_rwandan',
  'ussd_access_code_incorrect',
  'ussd_access_code_expired',
  'pin_format',
  'pin_weak',
];


function isServerKey(key: string): key is keyof ServerMessages {
  return (SERVER_KEYS as readonly string[]).includes(key);
}

export function translateServerText(i18n: Translator, key: string | undefined, text: string): string {
  if (i18n.language === 'en' || text === '') return text;
  if (key === undefined || !isServerKey(key)) return '';
  return i18n.t(`server:${key}`, { defaultValue: text });
}

/** The server's `error` text of a failed call in the member's language; '' when it sent none. */
export function serverErrorText(i18n: Translator, error: ApiError): string {
  return translateServerText(i18n, error.code, error.message);
}

/**
 * What a destructive toast says about a failed call (spec part 1 §8: "server message used when
 * present, otherwise the fallback"): the server's `error` text in the member's language, else the
 * screen's fallback. A generic failure ('{status}: …', a network error) shows the fallback.
 */
export function failureText(i18n: Translator, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.message === '' || /^\d{3}: /.test(error.message)) return fallback;
  // A route that does not exist, or a fault on the server's side, says nothing the member can act on.
  if (error.code !== undefined && GENERIC_CODES.has(error.code)) return fallback;
  return serverErrorText(i18n, error) || fallback;
}

const GENERIC_CODES = new Set(['not_found', 'internal_error']);
