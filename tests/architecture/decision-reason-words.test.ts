/**
 * Every loan decision reason code of core (core/loans/decision-reason.ts) has words on every
 * channel in every language: the server's catalogue (apps/notifications: SMS, e-mail, in-app, the
 * API) and the web client's (web/src/locales `loans.decisionReasons`). The web cannot import core
 * (the web stays web), so this test holds its list of codes equal to core's; a code added to core
 * without words somewhere fails here.
 */
import { describe, expect, it } from 'vitest';
import { LOAN_REASONS } from '../../apps/notifications/catalogue.ts';
import { DECISION_REASON_CODES } from '../../core/loans/decision-reason.ts';
import { DECISION_REASON_KEYS } from '../../web/src/features/loans/api/loan-schemas.ts';
import { en } from '../../web/src/locales/en.ts';
import { fr } from '../../web/src/locales/fr.ts';
import { rw } from '../../web/src/locales/rw.ts';
import { sw } from '../../web/src/locales/sw.ts';

const WEB = { en, fr, rw, sw } as const;
const codes = [...DECISION_REASON_CODES].sort();

describe('loan decision reasons: words on every channel, in every language', () => {
  it('the web words the codes core has', () => {
    expect([...DECISION_REASON_KEYS].sort()).toEqual(codes);
  });

  it('each language has words for each code, on the server and on the web', () => {
    for (const language of ['en', 'fr', 'rw', 'sw'] as const) {
      expect(Object.keys(LOAN_REASONS[language]).sort(), `server ${language}`).toEqual(codes);
      const web: Record<string, string> = WEB[language].loans.decisionReasons;
      expect(Object.keys(web).sort(), `web ${language}`).toEqual(codes);
      for (const code of codes) expect(web[code]!.trim().length, `web ${language} ${code}`).toBeGreaterThan(10);
      if (language !== 'en') for (const code of codes) expect(web[code], `web ${language} ${code} is English`).not.toBe(WEB.en.loans.decisionReasons[code as keyof typeof WEB.en.loans.decisionReasons]);
    }
  });
});
