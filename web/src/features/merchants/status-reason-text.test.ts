/**
 * Why a business is rejected or suspended, on the dashboard in the screen's language: every code
 * this client knows in its own words in each language; an unknown code shows the server's words
 * (already in the account's language); no reason, nothing. That these codes are core's
 * (core/merchants/merchant-reason.ts): tests/architecture/reason-words.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage, loadScreenTexts } from '../../lib/i18n.ts';
import { enScreens } from '../../locales/en-screens.ts';
import { MERCHANT_REASON_KEYS } from './api/get-my-merchant.ts';
import { statusReasonText } from './status-reason-text.ts';

beforeAll(async () => {
  await Promise.all([loadScreenTexts(), ...(['fr', 'rw', 'sw'] as const).map((code) => loadLanguage(code))]);
});

describe('merchant status reasons on the web', () => {
  it('words every code in each language, never the code or English in fr, rw or sw', () => {
    for (const language of ['en', 'fr', 'rw', 'sw'] as const) {
      const t = createI18n(language).t;
      for (const code of MERCHANT_REASON_KEYS) {
        const words = statusReasonText(t, { statusReasonCode: code, statusReason: 'server words' });
        expect(words, `${language} ${code}`).not.toMatch(/statusReasons|server words|_/);
        if (language !== 'en') expect(words, `${language} ${code} is English`).not.toBe(enScreens.merchantDashboard.statusReasons[code]);
      }
    }
    expect(statusReasonText(createI18n('rw').t, { statusReasonCode: 'tin_mismatch' })).toContain('cyemezo cyawe cya RDB');
  });

  it('shows the server\'s words for a code it does not know, and nothing without a reason', () => {
    const t = createI18n('fr').t;
    expect(statusReasonText(t, { statusReasonCode: 'new_code', statusReason: 'Mots du serveur' })).toBe('Mots du serveur');
    expect(statusReasonText(t, { statusReasonCode: null, statusReason: null })).toBeNull();
    expect(statusReasonText(t, {})).toBeNull();
  });
});
