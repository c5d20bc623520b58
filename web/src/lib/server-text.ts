/**
 * Texts the server writes (in English) shown to the member in their language.
 *
 * Guarantees: in English the server's own words show unchanged; in another language a known
 * code shows its translation, and an unknown one falls back to the server's words.
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
];


function isServerKey(key: string): key is keyof ServerMessages {
  return (SERVER_KEYS as readonly string[]).includes(key);
}

export function translateServerText(i18n: Translator, key: string | undefined, text: string): string {
  if (key === undefined || !isServerKey(key) || text === '') return text;
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
  return serverErrorText(i18n, error);
}

const GENERIC_CODES = new Set(['not_found', 'internal_error']);
