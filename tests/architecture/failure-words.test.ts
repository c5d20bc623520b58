/**
 * One failure path per channel (issue 30): every error code a core use case can return has its
 * words in every channel that can reach it, in every language that channel speaks.
 *
 * - HTTP: its catalogue (apps/http/errors.ts: ERRORS, and VALIDATION_MESSAGES for a form's
 *   bounds). Its English is what the web shows in English (web/src/lib/server-text.ts).
 * - The web: ServerMessages in fr, rw and sw (web/src/locales), keyed by the code HTTP answers.
 * - USSD: EFFECT_ERROR_MESSAGES (ussd/effects.ts), a text key of the four USSD catalogues.
 *
 * The codes come from core's source (core-error-codes.ts), so a new code is found by itself; it
 * fails here until a channel words it or it is listed below with where it stops.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS, VALIDATION_MESSAGES } from '../../apps/http/errors.ts';
import { CATALOGUES } from '../../ussd/catalogues/catalogue.ts';
import { EFFECT_ERROR_MESSAGES } from '../../ussd/effects.ts';
import { createI18n, loadLanguage } from '../../web/src/lib/i18n.ts';
import { translateServerText } from '../../web/src/lib/server-text.ts';
import { frServer } from '../../web/src/locales/fr.ts';
import { rwServer } from '../../web/src/locales/rw.ts';
import { swServer } from '../../web/src/locales/sw.ts';
import { coreErrorCodes } from './core-error-codes.ts';

/** Codes that another rule or use case of core maps, retries or treats as success: no channel receives them. */
const STOP_IN_CORE = [
  // The ledger's own refusals: a use case that posts an entry never lets one through (a bug, thrown).
  'account_id_invalid', 'account_repeated_in_entry', 'account_would_go_negative', 'entry_already_reversed', 'entry_does_not_balance',
  'entry_has_too_few_postings', 'entry_key_reused', 'entry_not_found', 'posting_amount_is_zero', 'reversal_cannot_be_reversed',
  // `exists`: an idempotent repeat, answered as success.
  'exists',
  // Parsing money: the HTTP amount field (apps/http/amount-field.ts) words them through zod.
  'amount_not_a_decimal', 'amount_not_a_number', 'amount_too_large', 'amount_too_precise',
  // Reconciling a provider's report (core/payments, the loans' and contributions' confirmations).
  'amount_mismatch', 'payment_already_confirmed', 'mobile_money_reference_unknown', 'card_reference_mismatch', 'card_transaction_unknown', 'card_refund_unknown',
  'disbursement_failed', 'repayment_exceeds_balance', 'repayment_must_be_positive', 'already_stored', 'sms_delivery_report_invalid',
  // Transfers and settlements inside core: mapped by the use case that asked.
  'cannot_pay', 'not_owed', 'insufficient_funds', 'recipient_has_no_wallet', 'transfer_transition_not_allowed',
  // The QR payload parser and the assistant's tools: the caller words the outcome.
  'emv_crc_mismatch', 'emv_payload_malformed', 'sign_in_required', 'unknown_tool',
];

/** Codes only the admin CLI receives: it prints `error: <code>` to staff with exit code 1 (cli/). */
const OPERATOR_ONLY = [
  'agent_transition_not_allowed', 'merchant_transition_not_allowed', 'batch_not_found', 'payout_not_found', 'payout_transition_not_allowed',
  'reason_required', 'transaction_not_found', 'transaction_not_completed', 'already_reversed', 'card_charge_unknown',
  'rejection_reason_unknown', 'suspension_reason_required', 'suspension_reason_unknown', 'transfer_not_found', 'transfer_not_retryable', 'nothing_owed', 'transfer_cannot_be_paid',
  'population_size_invalid', 'already_seeded', 'ledger_unbalanced',
  // `statements send` (core/statements/email-statement.ts): an account opened by USSD has no e-mail address.
  'no_email',
];

/** A provider sign-in's failure comes back as `/?signin_error=<code>`, worded by the web's sign-in dialog. */
const SIGN_IN_REDIRECT = ['sso_expired', 'sso_failed', 'sso_email_unverified'];

/** Codes of HTTP's own edge (bodies, headers, paths, the database), not of a use case. */
const HTTP_EDGE = [
  'validation_failed', 'invalid_json', 'invalid_characters', 'not_found', 'method_not_allowed', 'method_not_implemented', 'sso_disabled',
  'idempotency_key_required', 'field_read_only', 'callback_refused', 'webhook_refused', 'card_webhook_invalid', 'cross_site_request',
  'source_not_allowed', 'credit_assessment_not_found', 'payload_too_large', 'sts_not_offered', 'database_unavailable', 'not_ready', 'internal_error',
  // The e-mailed statement link's download (apps/http/statement-routes.ts): a forged or expired token, or its holder erased.
  'statement_link_invalid',
];

/** Codes of the HTTP edge no page of the web client is answered with, or that the client words by its own means. */
const NO_PAGE_MEETS = [
  // Protocol faults a browser page does not make.
  'invalid_json', 'invalid_characters', 'method_not_allowed', 'method_not_implemented', 'idempotency_key_required', 'field_read_only', 'cross_site_request', 'source_not_allowed', 'payload_too_large',
  // Provider and gateway callbacks.
  'callback_refused', 'webhook_refused', 'card_webhook_invalid',
  // The session, handled by the client (sign in again); a missing record or a fault on our side, which the screen words itself.
  'sso_disabled', 'not_found', 'credit_assessment_not_found', 'internal_error', 'not_ready',
  // Uploads: web/src/lib/uploads.ts words them by code or status.
  'sts_not_offered',
  // Opened from an e-mail straight in the browser, not by a page: the server's English is what shows.
  'statement_link_invalid',
];

const core = coreErrorCodes();
const fromCore = [...core.keys()].sort();
/** What the USSD menu can receive from a use case: the effects' table, and the PIN it asks again for. */
const ussdCodes = new Set([...Object.keys(EFFECT_ERROR_MESSAGES), 'pin_incorrect']);
const httpAnswer = (code: string) => (Object.hasOwn(VALIDATION_MESSAGES, code) ? 'validation_failed' : Object.hasOwn(ERRORS, code) ? code : undefined);
const WEB = { fr: frServer, rw: rwServer, sw: swServer } as const;

describe('every error code core returns has its words', () => {
  it('finds the codes in core (a sanity check of the reading)', () => {
    expect(fromCore.length).toBeGreaterThan(150);
    expect(fromCore).toEqual(expect.arrayContaining(['tontine_is_full', 'rate_limited', 'selfie_no_face_found', 'loan_amount_below_minimum', 'pin_incorrect']));
  });

  it('each code is worded by HTTP or USSD, or listed with where it stops', () => {
    const listed = new Set([...STOP_IN_CORE, ...OPERATOR_ONLY, ...SIGN_IN_REDIRECT]);
    const unworded = fromCore.filter((code) => httpAnswer(code) === undefined && !ussdCodes.has(code) && !listed.has(code));
    expect(unworded.map((code) => `${code} (${core.get(code)!.join(', ')})`)).toEqual([]);
  });

  it('the lists name only codes core returns, and HTTP words none of those it says stop elsewhere', () => {
    const lists = [...STOP_IN_CORE, ...OPERATOR_ONLY, ...SIGN_IN_REDIRECT];
    expect(lists.filter((code) => !core.has(code))).toEqual([]);
    expect(lists.filter((code) => httpAnswer(code) !== undefined)).toEqual([]);
  });

  it('lists only codes of the HTTP edge as met by no page', () => {
    expect(NO_PAGE_MEETS.filter((code) => !HTTP_EDGE.includes(code))).toEqual([]);
  });

  it('every entry of the HTTP catalogue is a code of core or of the HTTP edge (none is dead)', () => {
    const entries = [...Object.keys(ERRORS), ...Object.keys(VALIDATION_MESSAGES)];
    expect(entries.filter((code) => !core.has(code) && !HTTP_EDGE.includes(code))).toEqual([]);
    expect(HTTP_EDGE.filter((code) => core.has(code) || !Object.hasOwn(ERRORS, code))).toEqual([]);
  });

  it('HTTP words each code it answers for core in English', () => {
    for (const code of fromCore.filter((c) => httpAnswer(c) !== undefined)) {
      const words = Object.hasOwn(VALIDATION_MESSAGES, code) ? VALIDATION_MESSAGES[code as keyof typeof VALIDATION_MESSAGES] : ERRORS[code as keyof typeof ERRORS].message;
      expect(words.trim(), code).not.toBe('');
    }
  });

  it.each(Object.keys(WEB) as (keyof typeof WEB)[])('the web words each code HTTP answers for core in %s, and shows those words', async (language) => {
    const words: Readonly<Record<string, string>> = { ...WEB[language] };
    const answered = [...new Set([...fromCore.map(httpAnswer), ...HTTP_EDGE.filter((code) => !NO_PAGE_MEETS.includes(code))].filter((code) => code !== undefined))];
    expect(answered.filter((code) => !words[code]?.trim())).toEqual([]);
    // Never the server's English under a French, Kinyarwanda or Kiswahili page.
    expect(answered.filter((code) => Object.hasOwn(ERRORS, code) && words[code] === ERRORS[code as keyof typeof ERRORS].message)).toEqual([]);
    // What a member reads: server-text.ts translates only the codes it knows (SERVER_KEYS).
    await loadLanguage(language);
    const i18n = createI18n(language);
    expect(answered.filter((code) => translateServerText(i18n, code, 'the server’s English') !== words[code])).toEqual([]);
  });

  it('USSD words each code the menu can receive, in its four languages', () => {
    for (const code of ussdCodes) expect(core.has(code), code).toBe(true);
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      for (const [code, key] of Object.entries(EFFECT_ERROR_MESSAGES)) expect(catalogue[key]?.trim(), `${language} ${code}`).toBeTruthy();
    }
  });
});
