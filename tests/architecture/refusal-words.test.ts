/**
 * Every refusal the server can answer a person's form with (apps/http/errors.ts) has words in fr,
 * rw and sw on the web (the locales' `ServerMessages`, read by web/src/lib/server-text.ts by code),
 * other than the server's English. A code no person's form meets is listed below with why; a code
 * added to the server in neither place fails here. (A code without words would not show English:
 * the screen says its own fallback sentence instead, a vaguer one; this test keeps that the
 * exception.)
 */
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '../../apps/http/errors.ts';
import { frServer } from '../../web/src/locales/fr.ts';
import { rwServer } from '../../web/src/locales/rw.ts';
import { swServer } from '../../web/src/locales/sw.ts';

/** Codes no form of the web client is answered with, or that the client words by its own means. */
const NOT_A_FORM_REFUSAL: Record<string, ErrorCode[]> = {
  'protocol faults a browser page does not make': ['invalid_json', 'invalid_characters', 'method_not_allowed', 'method_not_implemented', 'unsupported_media_type', 'payload_too_large', 'idempotency_key_required', 'idempotency_key_reused', 'field_read_only', 'cross_site_request', 'source_not_allowed'],
  'provider and gateway callbacks': ['mobile_money_callback_invalid', 'callback_refused', 'webhook_refused', 'card_webhook_invalid', 'payment_amount_mismatch'],
  'the session, handled by the client (sign-in again)': ['unauthenticated', 'sso_disabled'],
  'a missing record: the screen says its own words (failureText)': [
    'not_found',
    'account_not_found',
    'contribution_not_found',
    'payment_not_found',
    'notification_not_found',
    'member_not_found',
    'loan_not_found',
    'credit_assessment_not_found',
    'lesson_not_found',
    'agent_not_found',
    'merchant_not_found',
    'working_capital_not_found',
    'upload_not_found',
  ],
  'uploads: web/src/lib/uploads.ts words them by code or status': ['object_not_found', 'upload_too_large', 'upload_url_expired', 'upload_signature_invalid', 'object_already_received', 'too_many_uploads', 'invalid_part', 'sts_not_offered', 'photo_not_private', 'profile_photo_not_public'],
  'officers and admins (CLI), not the member': ['rejection_reason_required', 'only_admin_can_cancel', 'loan_transition_not_allowed', 'working_capital_transition_not_allowed'],
  'faults on our side: the screen says its own words': ['internal_error', 'not_ready'],
};

describe('refusals in words of every language', () => {
  const set = new Set(Object.values(NOT_A_FORM_REFUSAL).flat());
  const refusals = (Object.keys(ERRORS) as ErrorCode[]).filter((code) => !set.has(code));

  it('lists only codes the server has', () => {
    expect([...set].filter((code) => !(code in ERRORS))).toEqual([]);
  });

  for (const [language, words] of Object.entries({ fr: frServer, rw: rwServer, sw: swServer })) {
    it(`${language}: every refusal a form meets has words, not the server's English`, () => {
      const table: Record<string, string> = { ...words };
      expect(refusals.filter((code) => table[code] === undefined)).toEqual([]);
      expect(refusals.filter((code) => table[code] === ERRORS[code].message)).toEqual([]);
    });
  }
});
