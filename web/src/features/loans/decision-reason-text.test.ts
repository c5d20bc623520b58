/**
 * Every loan decision reason code this client knows has words in each of its four languages, with
 * the figures in the language's format; an unknown code or a reason written before codes shows the
 * server's words. That these codes are core's (core/loans/decision-reason.ts): the words test of
 * tests/architecture/reason-words.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n.ts';
import { formatRwf, parseCentimes } from '../../lib/money.ts';
import { en } from '../../locales/en.ts';
import { fr } from '../../locales/fr.ts';
import { rw } from '../../locales/rw.ts';
import { sw } from '../../locales/sw.ts';
import { DECISION_REASON_KEYS } from './api/loan-schemas.ts';
import { decisionReasonText } from './decision-reason-text.ts';

const LOCALES = { en, fr, rw, sw } as const;
const FIGURES: Record<string, Record<string, string>> = {
  instant_approval: { amount: '20000.00', available: '150000.00', score: '640', minimumScore: '600' },
  score_below_minimum: { score: '540', minimumScore: '600' },
};

beforeAll(async () => {
  await Promise.all((['fr', 'rw', 'sw'] as const).map((code) => loadLanguage(code)));
});

describe('loan decision reasons on the web', () => {
  it('every code has its own words in each language, its figures filled in', () => {
    for (const [language, texts] of Object.entries(LOCALES)) {
      expect(Object.keys(texts.loans.decisionReasons).sort(), language).toEqual([...DECISION_REASON_KEYS].sort());
      const t = createI18n(language as keyof typeof LOCALES).t;
      const money = (amount: string) => formatRwf(parseCentimes(amount), language, 'RWF');
      for (const code of DECISION_REASON_KEYS) {
        const words = decisionReasonText(t, money, { decisionReason: 'server words', decisionReasonCode: code, decisionReasonParams: FIGURES[code] ?? {} });
        expect(words, `${language} ${code}`).not.toMatch(/\{\{|server words|decisionReasons/);
        if (language !== 'en') expect(words, `${language} ${code} is English`).not.toBe(en.loans.decisionReasons[code]);
      }
    }
    const t = createI18n('rw').t;
    const rwMoney = (amount: string) => formatRwf(parseCentimes(amount), 'rw', 'RWF');
    expect(decisionReasonText(t, rwMoney, { decisionReason: null, decisionReasonCode: 'instant_approval', decisionReasonParams: FIGURES.instant_approval! })).toContain('150.000');
  });

  it('shows the server\'s words for a code it does not know, or a reason written before codes', () => {
    const t = createI18n('fr').t;
    const money = (amount: string) => amount;
    expect(decisionReasonText(t, money, { decisionReason: 'Savings are too recent', decisionReasonCode: null, decisionReasonParams: null })).toBe('Savings are too recent');
    expect(decisionReasonText(t, money, { decisionReason: 'Mots du serveur', decisionReasonCode: 'new_code' })).toBe('Mots du serveur');
    expect(decisionReasonText(t, money, { decisionReason: null })).toBeNull();
  });
});
