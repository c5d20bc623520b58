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
  'account_not_found',
  'agent_code_taken',
  'agent_not_found',
  'already_an_agent',
  'amount_above_maximum',
  'amount_below_minimum',
  'amount_must_be_positive',
  'amount_must_be_whole_francs',
  'amount_not_whole_francs',
  'biometric_consent_required',
  'business_not_verified',
  'cannot_swap_with_self',
  'consent_version_outdated',
  'contribution_already_paid',
  'contribution_amount_not_whole_francs',
  'contribution_not_found',
  'face_matcher_unavailable',
  'id_photo_face_too_small',
  'id_photo_no_face_found',
  'id_photo_several_faces_found',
  'id_photo_unreadable_image',
  'cursor_invalid',
  'idempotency_key_reused',
  'insufficient_savings',
  'invalid_part',
  'key_facts_not_accepted',
  'key_facts_not_found',
  'kyb_already_decided',
  'lesson_not_found',
  'loan_not_found',
  'loan_transition_not_allowed',
  'member_not_found',
  'merchant_code_taken',
  'merchant_not_active',
  'merchant_not_found',
  'merchant_not_verified',
  'message_empty',
  'message_too_long',
  'mobile_money_callback_invalid',
  'mobile_money_refused',
  'mobile_money_unavailable',
  'month_invalid',
  'period_invalid',
  'name_required',
  'national_id_birth_date_mismatch',
  'national_id_birth_year_in_future',
  'national_id_holder_changed',
  'national_id_holder_under_18',
  'national_id_in_use',
  'national_id_invalid_format',
  'national_id_name_mismatch',
  'national_id_not_found',
  'national_id_registry_unavailable',
  'no_mobile_money_number',
  'not_a_member',
  'not_personal_savings',
  'notification_not_found',
  'object_already_received',
  'object_not_found',
  'only_admin_can_cancel',
  'only_admin_can_draw',
  'only_admin_can_waive',
  'only_group_can_change_fine',
  'fine_not_found',
  'late_fine_invalid',
  'fine_already_paid',
  'fine_already_waived',
  'fine_waived',
  'waiver_reason_invalid',
  'only_counterparty_can_accept',
  'own_business_referral',
  'payment_amount_invalid',
  'payment_amount_mismatch',
  'payment_in_progress',
  'payment_not_found',
  'payout_order_already_drawn',
  'payout_order_locked',
  'personal_savings_has_no_rotation',
  'phone_number_not_rwandan',
  'phone_number_required',
  'photo_not_private',
  'photos_required',
  'pin_format',
  'pin_weak',
  'profile_photo_not_public',
  'rejection_reason_required',
  'repayment_amount_invalid',
  'selfie_face_too_small',
  'selfie_no_face_found',
  'selfie_several_faces_found',
  'selfie_unreadable_image',
  'swap_already_proposed',
  'proposal_text_required',
  'proposal_not_found',
  'proposal_closed',
  'proposal_change_invalid',
  'personal_savings_has_no_decisions',
  'swap_proposal_not_found',
  'tontine_not_active',
  'too_many_pending_merchants',
  'too_many_uploads',
  'turn_already_paid',
  'unauthenticated',
  'unsupported_media_type',
  'upload_not_found',
  'upload_signature_invalid',
  'upload_too_large',
  'upload_url_expired',
  'ussd_access_code_expired',
  'ussd_access_code_incorrect',
  'ussd_access_needs_phone',
  'working_capital_not_approved',
  'working_capital_not_found',
  'working_capital_not_repayable',
  'working_capital_open',
  'working_capital_transition_not_allowed',
  'export_not_found',
  'export_not_ready',
  'export_expired',
  'account_deletion_blocked',
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
