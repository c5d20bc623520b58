/**
 * Every reason code of core that people read in words has words on every channel in every
 * language: the server's catalogue (apps/notifications: SMS, e-mail, in-app, the API) and the web
 * client's (web/src/locales). One table, a row per list of codes: a loan's decision reasons
 * (core/loans/decision-reason.ts) and a merchant's rejection or suspension reasons
 * (core/merchants/merchant-reason.ts). The web cannot import core (the web stays web), so this
 * test holds each web list of codes equal to core's; a code added to core without words somewhere
 * fails here.
 */
import { describe, expect, it } from 'vitest';
import { LOAN_REASONS, MERCHANT_REASONS, type TemplateParams } from '../../apps/notifications/catalogue.ts';
import type { Language } from '../../core/accounts/user.ts';
import { DECISION_REASON_CODES } from '../../core/loans/decision-reason.ts';
import { MERCHANT_REASON_CODES } from '../../core/merchants/merchant-reason.ts';
import { DECISION_REASON_KEYS } from '../../web/src/features/loans/api/loan-schemas.ts';
import { MERCHANT_REASON_KEYS } from '../../web/src/features/merchants/api/get-my-merchant.ts';
import { en } from '../../web/src/locales/en.ts';
import { enScreens } from '../../web/src/locales/en-screens.ts';
import { fr } from '../../web/src/locales/fr.ts';
import { rw } from '../../web/src/locales/rw.ts';
import { sw } from '../../web/src/locales/sw.ts';

const LANGUAGES: readonly Language[] = ['en', 'fr', 'rw', 'sw'];
// English keeps the rarer screens' texts (the merchant dashboard's among them) in a chunk of their own.
const WEB = { en: { ...en, ...enScreens }, fr, rw, sw } as const;

interface ReasonCatalogues {
  readonly core: readonly string[];
  readonly webKeys: readonly string[];
  readonly server: Readonly<Record<Language, Readonly<Record<string, (p: TemplateParams) => string>>>>;
  readonly web: (language: Language) => Readonly<Record<string, string>>;
}

const REASONS: Readonly<Record<string, ReasonCatalogues>> = {
  'loan decision reasons': { core: DECISION_REASON_CODES, webKeys: DECISION_REASON_KEYS, server: LOAN_REASONS, web: (language) => WEB[language].loans.decisionReasons },
  'merchant rejection and suspension reasons': { core: MERCHANT_REASON_CODES, webKeys: MERCHANT_REASON_KEYS, server: MERCHANT_REASONS, web: (language) => WEB[language].merchantDashboard.statusReasons },
};

describe.each(Object.entries(REASONS))('%s: words on every channel, in every language', (_name, reasons) => {
  const codes = [...reasons.core].sort();

  it('the web words the codes core has', () => {
    expect([...reasons.webKeys].sort()).toEqual(codes);
  });

  it('each language has its own words for each code, on the server and on the web', () => {
    for (const language of LANGUAGES) {
      const server = reasons.server[language];
      const web = reasons.web(language);
      expect(Object.keys(server).sort(), `server ${language}`).toEqual(codes);
      expect(Object.keys(web).sort(), `web ${language}`).toEqual(codes);
      for (const code of codes) {
        expect(web[code]!.trim().length, `web ${language} ${code}`).toBeGreaterThan(10);
        expect(server[code]!({}).trim().length, `server ${language} ${code}`).toBeGreaterThan(10);
        if (language === 'en') continue;
        expect(web[code], `web ${language} ${code} is English`).not.toBe(reasons.web('en')[code]);
        expect(server[code]!({}), `server ${language} ${code} is English`).not.toBe(reasons.server.en[code]!({}));
      }
    }
  });
});
