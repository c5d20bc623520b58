/**
 * Issue 31, "every state of every screen at 360 px, in four languages": what a dialog or form
 * shows when it is refused. Every form that submits to the server is submitted in en, fr, rw and
 * sw at 360 px so that it is refused, and the refusal is read with the checks of support/words.ts
 * (no raw code, no English left, no word broken over two lines, nothing outside the screen). The
 * refusal must also show, never be the server's English words in fr, rw or sw, and leave the form
 * usable: its control can be pressed again, and what the server refused is no longer offered.
 *
 * The refusals are the real server's wherever the demo world can produce them: a wrong password,
 * an e-mail, phone number, merchant or agent code already taken, centimes in a contribution, a
 * group filled a moment before Join is pressed, a wrong current password, a reset link never sent,
 * a session ended elsewhere, a wrong USSD access code, an ID number the register does not hold, a
 * business verified while its details are being edited, working capital for a business not yet
 * verified. The form's own refusal of what it can check itself (an empty loan form, a pay-page
 * amount out of bounds) is read too, and the empty loan form is also sent past the form's checks
 * to read the server's own refusal. Only what the seeded world cannot produce (a mobile-money or
 * card processor's refusal, a repayment already waiting, a loan decision) is answered by
 * `page.route` with the server's error body and a code of apps/http/errors.ts; working capital,
 * which needs months of sales, is offered by `page.route` so that the real server can refuse it.
 *
 * How: one server over the demo world and one browser for the file; one context per language and
 * person, and a page per refusal (no toast of one is taken for the next one's). Screenshots go to
 * WORDS_SHOTS_DIR when set.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '../../apps/http/errors.ts';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { LANGUAGES, namesOf, readWords, still, wordProblems, wordsContext, wordsShot, type Language, type WordsSession } from './support/words.ts';

/** `borrower`: a demo neighbour who may borrow and has no loan running; `newcomer`: a member registered for the test, ID not verified. */
type Person = 'visitor' | 'member' | 'borrower' | 'newcomer';
const ACCOUNTS = { member: 'demo.member@ikimina.demo', borrower: 'demo.jean@ikimina.demo' } as const;
/** The demo neighbours, one per language: the e-mail a wrong password is tried on (one try each, far from the throttle). */
const NEIGHBOURS: Record<Language, string> = { en: 'demo.grace@ikimina.demo', fr: 'demo.jean@ikimina.demo', rw: 'demo.amina@ikimina.demo', sw: 'demo.grace@ikimina.demo' };

/** A number registered by USSD (a PIN of its own): no web account may take it. */
const USSD_PHONE = '+250788765432';
const USSD_SECRET = randomBytes(16).toString('hex');

/** The server's English refusals: none may reach a screen in another language. */
const SERVER_ENGLISH = Object.values(ERRORS).map((entry) => entry.message);

/** A test id, or any selector. */
const selector = (what: string) => (what.includes('[') || what.includes(' ') ? what : `[data-testid="${what}"]`);
const find = (page: Page, what: string) => page.locator(selector(what)).first();

/** The server's answer to a refusal, as apps/http/errors.ts sends it. */
async function refuse(page: Page, method: string, path: string | RegExp, code: ErrorCode): Promise<void> {
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    (route) =>
      route.request().method() === method
        ? route.fulfill({ status: ERRORS[code].status, contentType: 'application/json', body: JSON.stringify({ error: ERRORS[code].message, code }) })
        : route.fallback(),
  );
}

/** A text, or the text of the language at hand. */
type PerLanguage = string | ((language: Language) => string);
const inLanguage = (text: PerLanguage, language: Language) => (typeof text === 'string' ? text : text(language));

/** One refusal: what is filled, then `trigger` is pressed and `shown` (the refusal) waited for; `trigger` must then be usable again. */
interface Refusal {
  name: string;
  /** Routes set before the page loads (the refusal a `page.route` stands for). */
  route?: (page: Page, language: Language) => Promise<unknown>;
  /** Run once the page has loaded, before anything is filled (the world changed behind the screen's back). */
  before?: (page: Page, language: Language) => Promise<void>;
  /** Pressed first (open a dialog, switch to a form). */
  open?: string[];
  fields?: Record<string, PerLanguage>;
  selects?: Record<string, string>;
  /** Pressed once the form is filled (a step between the form and its confirmation). */
  then?: string[];
  checks?: string[];
  trigger: PerLanguage;
  shown: string;
  /** The control that must be usable after the refusal: `trigger` unless said; null when the refusal closes the form for good. */
  retry?: string | null;
  /** A control the screen must stop offering once refused (it showed what the server no longer allows). */
  withdrawn?: PerLanguage;
}
interface Scenario {
  person: Person;
  path: string | ((language: Language) => string);
  refusals: Refusal[];
}

/** A message of refusal or failure: in the open dialog or form, or as a toast. */
const TOAST = '[data-testid="toast"]';
const IN_DIALOG = '[role="dialog"] [role="alert"], [role="dialog"] .text-destructive';

describe.runIf(browserAvailable())('words for people: every form refused by the server, in every language at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  const sessions = new Map<string, WordsSession>();
  const newcomers = new Map<Language, WordsSession>();
  /** Per language, another session of the demo member, listed on the Security page and ended elsewhere before Revoke is pressed. */
  const otherSessions = new Map<Language, { id: string; token: string }>();
  /** Per language, the newcomer's business awaiting verification, verified by an officer while its compliance details are being edited. */
  const businesses = new Map<Language, string>();
  /** Per language, a group of two with one seat left, filled by `filler` a moment before Join is pressed. */
  const lastSeat = new Map<Language, string>();
  let filler: WordsSession;
  let scenarios: Scenario[] = [];
  /** Every path a form of this file may send to (all others are refused before they leave). */
  const sent = ['/api/auth/login', '/api/auth/register', '/api/auth/password-reset/confirm', '/api/tontines', '/api/profile', '/api/auth/password/change', '/api/ussd-access', '/api/merchants/register', '/api/agents/register', '/api/nida/verify-nida', '/api/loans/key-facts'];

  async function login(email: string): Promise<WordsSession> {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'ikimina-demo' }) });
    expect(res.status, email).toBe(200);
    return (await res.json()) as WordsSession;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SEED_DEMO_WORLD: 'true', SANDBOX_SETTLE_MS: '200', AFRICASTALKING_CALLBACK_SECRET: USSD_SECRET } }), launchChromium()]);
    // Registered by USSD, as Africa's Talking posts each step of one session.
    const sessionId = `ATUid_e2e_${randomBytes(6).toString('hex')}`;
    for (const text of ['', '1', '1*Aline', '1*Aline*Uwase', '1*Aline*Uwase*24680', '1*Aline*Uwase*24680*24680']) {
      const res = await fetch(`${server.url}/ussd/africastalking/${USSD_SECRET}`, { method: 'POST', body: new URLSearchParams({ sessionId, phoneNumber: USSD_PHONE, text, serviceCode: '*384*123#', networkCode: '63510' }) });
      expect(res.status).toBe(200);
    }
    for (const email of Object.values(ACCOUNTS)) sessions.set(email, await login(email));
    // A group of one, started at once: the demo member owes its first contribution (the demo world's are paid ahead).
    const own = await callApi(server.url, sessions.get(ACCOUNTS.member)!.token, 'POST', '/api/tontines', { name: 'Kwizigamira', description: 'Kwizigamira buri kwezi', contributionAmount: 5000, frequency: 'monthly', maxMembers: 1 });
    expect(own.status).toBe(201);
    // A USSD access code on its way to the demo member's phone: the Security page asks for it.
    expect((await callApi(server.url, sessions.get(ACCOUNTS.member)!.token, 'POST', '/api/ussd-access/code')).status).toBeLessThan(300);
    const owner = await login('demo.amina@ikimina.demo');
    filler = await login('demo.grace@ikimina.demo');
    for (const language of LANGUAGES) {
      const group = await callApi<{ id: string }>(server.url, owner.token, 'POST', '/api/tontines', { name: `Intebe ya nyuma ${language}`, description: 'Imyanya ibiri', contributionAmount: 5000, frequency: 'weekly', maxMembers: 2 });
      expect(group.status).toBe(201);
      lastSeat.set(language, group.body.id);
      sent.push(`/api/tontines/${group.body.id}/join`);
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `refusals.${language}.${Date.now().toString(36)}@example.rw`, password: 'umuganda2026', firstName: 'Aline', lastName: 'Uwase', language }),
      });
      expect(res.status).toBe(201);
      const newcomer = (await res.json()) as WordsSession;
      newcomers.set(language, newcomer);
      const business = await callApi<{ id: string }>(server.url, newcomer.token, 'POST', '/api/merchants/register', {
        merchantCode: `IDUKA-${language.toUpperCase()}`,
        businessName: 'Iduka rya Aline',
        merchantCategory: 'grocery',
        businessAddress: 'Kimironko, KG 11 Ave',
        district: 'Gasabo',
        phoneNumber: '+250788123456',
        email: `iduka.${language}@example.rw`,
      });
      expect(business.status, JSON.stringify(business.body)).toBe(201);
      businesses.set(language, business.body.id);
      sent.push(`/api/merchants/${business.body.id}/compliance`, `/api/merchants/${business.body.id}/working-capital`);
    }

    scenarios = [
      {
        person: 'visitor',
        path: '/',
        refusals: [
          // The e-mail is known, the password is not its own.
          { name: 'sign-in-wrong-password', open: ['button-sign-in'], fields: { 'input-email': (language) => NEIGHBOURS[language], 'input-password': 'not-the-password-1' }, trigger: 'button-submit-auth', shown: `${IN_DIALOG}, ${TOAST}` },
          {
            name: 'register-email-taken',
            open: ['button-sign-in', 'link-switch-to-register'],
            fields: {
              'input-first-name': 'Aline',
              'input-last-name': 'Uwase',
              'input-email': ACCOUNTS.member,
              'input-password': 'umuganda2026',
              'input-confirm-password': 'umuganda2026',
              'input-phone': '0788123987',
            },
            trigger: 'button-submit-auth',
            shown: `${IN_DIALOG}, ${TOAST}`,
          },
        ],
      },
      {
        person: 'visitor',
        path: '/auth/reset-password#token=no-such-reset-token-0123456789abcdef',
        refusals: [
          // A reset link that was never sent (or has expired): the page says so and offers to sign in and ask again.
          {
            name: 'reset-link-invalid',
            fields: { 'input-new-password': 'umuganda-2027', 'input-confirm-new-password': 'umuganda-2027' },
            trigger: 'button-reset-password',
            shown: 'text-reset-invalid',
            retry: 'button-reset-sign-in',
          },
        ],
      },
      {
        person: 'visitor',
        path: '/pay/DEMO-SHOP',
        refusals: [
          { name: 'amount-below-minimum', fields: { 'input-pay-amount': '50', 'input-pay-phone': '0788123456' }, trigger: 'button-pay-submit', shown: '[data-testid="form-pay"] [role="alert"]' },
          { name: 'amount-above-maximum', fields: { 'input-pay-amount': '99999999', 'input-pay-phone': '0788123456' }, trigger: 'button-pay-submit', shown: '[data-testid="form-pay"] [role="alert"]' },
        ],
      },
      {
        person: 'visitor',
        path: '/pay/DEMO-SHOP',
        refusals: [
          // The sandbox provider accepts every payment: its refusal is answered here.
          { name: 'mobile-money-refused', route: (page) => refuse(page, 'POST', '/api/pay/DEMO-SHOP', 'mobile_money_refused'), fields: { 'input-pay-amount': '2000', 'input-pay-phone': '0788123456' }, trigger: 'button-pay-submit', shown: TOAST },
        ],
      },
      {
        person: 'visitor',
        path: '/pay/DEMO-SHOP',
        refusals: [
          // The sandbox checkout opens for every card payment: the processor's refusal is answered here.
          { name: 'card-refused', route: (page) => refuse(page, 'POST', '/api/payments/card', 'card_checkout_refused'), fields: { 'input-pay-amount': '2000', 'input-pay-phone': '0788123456' }, trigger: 'button-pay-card', shown: TOAST },
        ],
      },
      {
        person: 'member',
        path: '/tontines',
        refusals: [
          // Mobile money moves whole francs: the server refuses a contribution with centimes.
          {
            name: 'create-centimes',
            open: ['button-create-tontine'],
            fields: { 'input-tontine-name': 'Abaturanyi', 'input-tontine-description': 'Tuzigama buri cyumweru', 'input-tontine-amount': '5000.50' },
            trigger: 'button-submit-tontine',
            shown: `${IN_DIALOG}, ${TOAST}`,
          },
        ],
      },
      {
        person: 'member',
        path: (language) => `/tontines/${lastSeat.get(language)}`,
        refusals: [
          // The last seat is taken by another member while the page is open.
          {
            name: 'join-full',
            before: async (_page, language) => {
              const joined = await callApi(server.url, filler.token, 'POST', `/api/tontines/${lastSeat.get(language)}/join`);
              expect(joined.status).toBeLessThan(300);
            },
            trigger: 'button-join-tontine',
            shown: TOAST,
            // The group is full now: the page reads it again and no longer offers a seat.
            retry: null,
            withdrawn: 'button-join-tontine',
          },
        ],
      },
      {
        person: 'member',
        path: '/profile',
        refusals: [
          // A number that signs in by USSD to an account of its own.
          { name: 'phone-taken', open: ['button-edit-profile'], fields: { 'input-profile-phoneNumber': USSD_PHONE }, trigger: 'button-save-profile', shown: TOAST },
        ],
      },
      {
        person: 'member',
        path: '/security',
        refusals: [
          {
            name: 'current-password-wrong',
            fields: { 'input-current-password': 'not-the-password-1', 'input-new-password': 'umuganda-2027', 'input-confirm-new-password': 'umuganda-2027' },
            trigger: 'button-change-password',
            shown: '[data-testid="form-change-password"] [role="alert"], [data-testid="toast"]',
          },
        ],
      },
      {
        person: 'member',
        path: '/security',
        refusals: [
          // The other session ends (signed out on that device) while the list still shows it.
          {
            name: 'session-already-ended',
            route: async (page, language) => {
              const other = await login(ACCOUNTS.member);
              const listed = await callApi<{ sessions: { id: string; current: boolean }[] }>(server.url, other.token, 'GET', '/api/auth/sessions');
              const id = listed.body.sessions.find((session) => session.current)!.id;
              otherSessions.set(language, { id, token: other.token });
              // The revocation goes to the server (the context refuses all but reads and `sent`).
              await page.route(`**/api/auth/sessions/${id}`, (route) => route.continue());
            },
            before: async (page, language) => {
              const other = otherSessions.get(language)!;
              await find(page, `button-revoke-${other.id}`).waitFor();
              const ended = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${other.token}` } });
              expect(ended.status).toBeLessThan(300);
            },
            trigger: (language) => `button-revoke-${otherSessions.get(language)!.id}`,
            shown: TOAST,
            // The list reads again: the ended session leaves it, the rest of the page stays usable.
            retry: 'button-logout-everywhere',
            withdrawn: (language) => `button-revoke-${otherSessions.get(language)!.id}`,
          },
        ],
      },
      {
        person: 'member',
        path: '/security',
        refusals: [
          // Not the code the SMS carried (a random one of six digits: one chance in a million to be it); five tries are allowed, four are made.
          {
            name: 'ussd-code-wrong',
            fields: { 'input-ussd-code': '000000', 'input-ussd-pin': '24681', 'input-ussd-pin-again': '24681' },
            trigger: 'button-ussd-set-up',
            shown: '[data-testid="form-ussd-access"] [role="alert"], [data-testid="toast"]',
          },
        ],
      },
      {
        person: 'member',
        path: '/merchant/register',
        refusals: [
          // The demo business's code.
          {
            name: 'merchant-code-taken',
            fields: { 'input-merchant-code': 'DEMO-SHOP', 'input-merchant-business-name': 'Iduka rya Kimironko', 'input-merchant-address': 'Kimironko, KG 11 Ave', 'input-merchant-phone': '0788123456', 'input-merchant-email': 'iduka@example.rw' },
            selects: { 'select-merchant-category': 'grocery', 'select-merchant-district': 'Gasabo' },
            trigger: 'button-merchant-submit',
            // On the code's own field, far above the button on a phone (and in a toast).
            shown: 'error-merchant-code',
          },
        ],
      },
      {
        person: 'member',
        path: '/agent/register',
        refusals: [
          // The demo agent's code.
          {
            name: 'agent-code-taken',
            fields: { 'input-agent-code': 'DEMO-AGENT', 'input-agent-address': 'Kimironko, KG 11 Ave', 'input-agent-phone': '0788123456', 'input-agent-email': 'umukozi@example.rw', 'input-agent-territories': 'Kimironko' },
            selects: { 'select-agent-district': 'Gasabo' },
            checks: ['checkbox-agent-terms'],
            trigger: 'button-agent-submit',
            shown: 'error-agent-code',
          },
        ],
      },
      {
        person: 'member',
        path: '/dashboard?tab=contributions',
        refusals: [
          { name: 'pay-refused', route: (page) => refuse(page, 'POST', /^\/api\/contributions\/[^/]+\/pay$/, 'mobile_money_refused'), open: ['[data-testid^="button-pay-"]'], fields: { 'input-pay-phone': '0788123456' }, trigger: 'button-confirm-pay', shown: `${IN_DIALOG}, ${TOAST}` },
        ],
      },
      {
        person: 'member',
        path: '/loans',
        refusals: [
          // A repayment already waiting on the member's phone: the sandbox settles too soon to catch it.
          { name: 'repay-in-progress', route: (page) => refuse(page, 'POST', /^\/api\/loans\/[^/]+\/repayments$/, 'repayment_in_progress'), open: ['[data-testid^="button-repay-"]'], trigger: 'button-confirm-repay', shown: `${IN_DIALOG}, ${TOAST}` },
        ],
      },
      {
        person: 'borrower',
        path: '/loans?tab=apply',
        refusals: [
          // Nothing filled: the amount cleared, no purpose.
          { name: 'apply-empty', fields: { 'input-loan-amount': '' }, trigger: 'button-review-key-facts', shown: '[data-testid="error-loan-amount"], [data-testid="error-loan-purpose"]' },
          // The same empty form as the server would receive it past the form's own checks: its own refusal.
          {
            name: 'apply-empty-server',
            route: (page) => page.route('**/api/loans/key-facts', (route) => route.continue({ postData: '{}' })),
            fields: { 'input-loan-amount': '10000', 'input-loan-purpose': 'Kugura imbuto z’ibigori' },
            trigger: 'button-review-key-facts',
            shown: TOAST,
          },
          // The key facts are the server's; the decision that refuses is answered here (a real one would leave a loan behind for the next language).
          {
            name: 'apply-refused',
            route: (page) => refuse(page, 'POST', '/api/loans', 'loan_exceeds_limit'),
            fields: { 'input-loan-amount': '10000', 'input-loan-purpose': 'Kugura imbuto z’ibigori' },
            then: ['button-review-key-facts'],
            checks: ['checkbox-accept-key-facts', 'checkbox-scoring-consent'],
            trigger: 'button-confirm-application',
            shown: TOAST,
          },
        ],
      },
      {
        person: 'newcomer',
        path: '/dashboard?tab=verification',
        refusals: [
          // A well-formed number the (sandbox) national register does not hold.
          {
            name: 'national-id-not-found',
            fields: { 'input-nida-id-number': '1199080000000099', 'input-nida-phone': '0788123456', 'input-nida-first-name': 'Aline', 'input-nida-last-name': 'Uwase', 'input-nida-dob': '1990-01-01' },
            trigger: 'button-verify-nida',
            shown: '[data-testid="form-national-id"] [role="alert"], [data-testid="toast"]',
          },
        ],
      },
      {
        person: 'newcomer',
        path: '/merchant/dashboard',
        refusals: [
          // A business awaiting verification cannot have working capital: the offer is made to look open
          // (a business that has sold for months), and the server refuses the request itself.
          {
            name: 'working-capital-not-verified',
            route: (page, language) =>
              page.route(`**/api/merchants/${businesses.get(language)}/working-capital`, async (route) => {
                if (route.request().method() !== 'GET') return route.fallback();
                const answer = await route.fetch();
                const offer = { ...((await answer.json()) as Record<string, unknown>), eligible: true, reasons: [], limit: '500000.00', offer: { limit: '500000.00', feePercent: 5, withholdingPercent: 10 } };
                await route.fulfill({ response: answer, json: offer });
              }),
            fields: { 'input-working-capital-amount': '20000' },
            trigger: 'button-working-capital-key-facts',
            shown: TOAST,
          },
          // An officer verifies the business while its owner edits its compliance details.
          {
            name: 'compliance-already-decided',
            before: async (_page, language) => void (await server.admin('merchants', 'verify', businesses.get(language)!)),
            open: ['button-edit-compliance'],
            fields: { 'input-compliance-tin': '123456789' },
            trigger: 'button-save-compliance',
            shown: TOAST,
            // The details are locked for good: nothing is left to retry.
            retry: null,
          },
        ],
      },
    ];
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function reach(page: Page, refusal: Refusal, language: Language): Promise<string> {
    await refusal.before?.(page, language);
    for (const control of refusal.open ?? []) await find(page, control).click();
    for (const [field, value] of Object.entries(refusal.fields ?? {})) await find(page, field).fill(inLanguage(value, language));
    for (const [field, value] of Object.entries(refusal.selects ?? {})) await find(page, field).selectOption(value);
    for (const control of refusal.then ?? []) await find(page, control).click();
    for (const box of refusal.checks ?? []) await find(page, box).check();
    await find(page, inLanguage(refusal.trigger, language)).click();
    const shown = find(page, refusal.shown);
    await shown.waitFor();
    return (await page.locator(selector(refusal.shown)).allInnerTexts()).join('\n');
  }

  for (const language of LANGUAGES) {
    it(`${language}: every form refused, in words for people`, { timeout: 300_000 }, async () => {
      const problems: string[] = [];
      for (const person of ['visitor', 'member', 'borrower', 'newcomer'] as const) {
        const session = person === 'visitor' ? null : person === 'newcomer' ? newcomers.get(language)! : sessions.get(ACCOUNTS[person])!;
        const context = await wordsContext(browser, language, session, sent);
        for (const scenario of scenarios.filter((s) => s.person === person)) {
          const path = typeof scenario.path === 'string' ? scenario.path : scenario.path(language);
          for (const refusal of scenario.refusals) {
            const where = `${language} ${person} ${path} ${refusal.name}`;
            // A page per refusal: no message, toast or route of one is taken for the next one's.
            const page = await context.newPage();
            await refusal.route?.(page, language);
            await page.goto(`${server.url}${path}`);
            await screenRendered(page);
            const said = await reach(page, refusal, language).catch((error: Error) => {
              problems.push(`${where}: refusal not shown (${error.message.split('\n')[0]})`);
              return null;
            });
            if (said !== null) {
              await still(page);
              if (said.trim() === '') problems.push(`${where}: the refusal says nothing`);
              if (language !== 'en') for (const english of SERVER_ENGLISH.filter((text) => said.includes(text))) problems.push(`${where}: the server's English "${english}"`);
              problems.push(...wordProblems(where, await readWords(page), language, namesOf(session)));
              await wordsShot(page, `refusals-${language}-${person}${path}-${refusal.name}`, false);
              // The form stays usable: its control can be pressed again (visible, enabled, not covered).
              const retry = refusal.retry === undefined ? inLanguage(refusal.trigger, language) : refusal.retry;
              if (retry !== null) {
                const again = await find(page, retry)
                  .click({ trial: true, timeout: 10_000 })
                  .then(() => true)
                  .catch(() => false);
                if (!again) problems.push(`${where}: ${retry} cannot be pressed again`);
              }
              if (refusal.withdrawn !== undefined) {
                const control = selector(inLanguage(refusal.withdrawn, language));
                const gone = await page
                  .waitForFunction((what) => [...document.querySelectorAll<HTMLButtonElement>(what)].every((button) => button.disabled || !button.checkVisibility()), control, { timeout: 10_000 })
                  .then(() => true)
                  .catch(() => false);
                if (!gone) problems.push(`${where}: ${control} still offered after the server refused it`);
              }
            }
            await page.close();
          }
        }
        await context.close();
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
