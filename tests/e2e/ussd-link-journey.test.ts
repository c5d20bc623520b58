/**
 * Issue 31, "One phone number, one member", in a real browser at 360 × 640 against the real
 * server, in English and in Kinyarwanda: a member signs up on the web with a number typed with
 * spaces (stored in E.164) and saves; USSD "Register" on that number opens no second account and
 * says to set up USSD access on the web; the member does so from the Security page (a wrong code
 * first, then the code the SMS carried, read from the outbox with the admin CLI, and a PIN); USSD
 * then asks for that PIN and opens the same account, with the same savings. A number no web
 * account gives still registers by USSD.
 *
 * USSD steps go through the gateway's HTTP route as Africa's Talking posts them (with the
 * server's callback secret). Screenshots of each web step go to USSD_LINK_SCREENSHOTS when set.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, until } from './support/api.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { startServer, type E2eServer } from './support/server.ts';

const SCREENSHOTS = process.env.USSD_LINK_SCREENSHOTS;
const SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'umuganda2026';
const SAVINGS = 5_000;

/** What the journey expects to read, per language (the USSD catalogues and the web locales). */
const WORDS = {
  en: { welcome: 'Welcome to Ikimina', webAccount: 'This number is on an Ikimina web account.', pinPrompt: (name: string) => `Ikimina: hello ${name}. Enter your PIN:`, savings: 'Savings:', done: 'USSD access set up' },
  rw: { welcome: 'Murakaza neza kuri Ikimina', webAccount: 'Nimero iri kuri konti ya Ikimina ya internet.', pinPrompt: (name: string) => `Ikimina: muraho ${name}. Andika PIN yawe:`, savings: 'Ubwizigame:', done: 'USSD yashyizweho' },
} as const;

describe.runIf(browserAvailable())('one phone number, one member, in the browser at 360 px', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: 360, height: 640 } });

  beforeAll(async () => {
    server = await startServer({ env: { AFRICASTALKING_CALLBACK_SECRET: SECRET } });
    if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const api = <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => callApi<T>(server.url, token, method, path, body, headers);

  /** A USSD session from `phoneNumber`, each step posted as Africa's Talking posts it. */
  function dial(phoneNumber: string) {
    const inputs: string[] = [];
    const sessionId = `ATUid_e2e_${randomBytes(6).toString('hex')}`;
    const send = async () => {
      const body = new URLSearchParams({ sessionId, phoneNumber, text: inputs.join('*'), serviceCode: '*384*123#', networkCode: '63510' });
      const res = await fetch(`${server.url}/ussd/africastalking/${SECRET}`, { method: 'POST', body });
      expect(res.status).toBe(200);
      return res.text();
    };
    return {
      open: send,
      async type(...typed: string[]) {
        let last = '';
        for (const input of typed) {
          inputs.push(input);
          last = await send();
        }
        return last;
      },
    };
  }

  /** No sideways scroll, nothing of the screens this journey adds wider than the screen; then the screenshot, from the top. */
  async function shot(page: Page, name: string) {
    const scroll = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      // What sticks out, to say where in the message (the innermost elements past the right edge).
      header: Math.round(document.querySelector('header > div')?.scrollWidth ?? 0),
      // The widest unbreakable content of each block of the page (what widens a grid track).
      blocks: [...document.querySelectorAll('main section, main [data-testid^="card-"], main .p-6, main li, main form, main h2, main p, main button, main span')]
        .map((e) => {
          const el = e as HTMLElement;
          const before = el.style.width;
          el.style.width = 'min-content';
          const width = el.getBoundingClientRect().width;
          el.style.width = before;
          return [Math.round(width), `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}"`] as const;
        })
        .filter(([width]) => width > 300)
        .map(([width, what]) => `${width} ${what}`)
        .slice(0, 8),
      past: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && e.children.length === 0)
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class')).slice(0, 60)} "${(e.textContent ?? '').slice(0, 40)}"`),
    }));
    expect(scroll.width, `${name}: no sideways scroll; header ${scroll.header} px; past the edge: ${scroll.past.join(' | ')}; widest: ${scroll.blocks.join(' | ')}`).toBeLessThanOrEqual(360);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="card-ussd-access"] *, [role="dialog"] *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5).map((e) => e.outerHTML.slice(0, 160)),
    );
    expect(overflowing, `${name}: wider than the screen`).toEqual([]);
    if (!SCREENSHOTS) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** The code of the last SMS to `phone`, as the admin CLI shows the outbox (the sealed code opened). */
  async function codeSentTo(phone: string): Promise<string> {
    const outbox = await server.admin('outbox', 'list', '--channel', 'sms', '--limit', '50');
    const message = outbox.split(/(?=┌)/).filter((table) => table.includes(phone)).at(0);
    const code = /\b(\d{6})\b/.exec(message ?? '')?.[1];
    if (!code) throw new Error(`no code for ${phone} in the outbox:\n${outbox}`);
    return code;
  }

  /** Personal savings paid through the mobile-money sandbox, as the savings screens would. */
  async function save(token: string, amount: number) {
    const group = await api<{ id: string }>(token, 'POST', '/api/tontines', { name: 'My savings', description: 'Saving a little every month', contributionAmount: amount, frequency: 'monthly', maxMembers: 1 });
    expect(group.status).toBe(201);
    const owed = (await api<{ id: string; tontineId: string }[]>(token, 'GET', '/api/contributions/user')).body.find((c) => c.tontineId === group.body.id);
    const paid = await api<{ id: string }>(token, 'POST', `/api/contributions/${owed!.id}/pay`, {}, { 'Idempotency-Key': `e2e-ussd-link-${owed!.id}` });
    expect(paid.status).toBe(202);
    const settled = await until(() => api<{ status: string }>(token, 'GET', `/api/payments/${paid.body.id}`), (r) => r.body.status !== 'pending');
    expect(settled.body.status).toBe('successful');
  }

  for (const [language, phoneTyped, phone] of [
    ['en', '+250 788 700 101', '+250788700101'],
    ['rw', '0788 700 102', '+250788700102'],
  ] as const) {
    it(`${language}: signs up with a spaced number, sets up USSD access from Security, and USSD opens the same account with the same savings`, async () => {
      const { page } = browser;
      const words = WORDS[language];
      await page.context().addInitScript((code) => localStorage.setItem('ikimina_language', code), language);

      // Sign up on the web, the number typed with spaces.
      await page.goto(server.url);
      await page.getByTestId('button-sign-in').click();
      await page.getByTestId('dialog-sign-in').waitFor();
      await page.getByTestId('link-switch-to-register').click();
      await page.getByTestId('input-first-name').fill('Aline');
      await page.getByTestId('input-last-name').fill('Mukamana');
      await page.getByTestId('input-email').fill(`aline.${language}.${Date.now()}@example.rw`);
      await page.getByTestId('input-password').fill(PASSWORD);
      await page.getByTestId('input-confirm-password').fill(PASSWORD);
      await page.getByTestId('input-phone').fill(phoneTyped);
      await shot(page, `ussd-link-${language}-1-sign-up`);
      await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
      await page.getByTestId('button-user-menu').waitFor();
      const token = (await page.evaluate(() => localStorage.getItem('ikimina_token')))!;
      const user = await api<{ id: string; phoneNumber: string }>(token, 'GET', '/api/user');
      expect(user.body.phoneNumber).toBe(phone);
      await save(token, SAVINGS);

      // USSD "Register" on that number: no second account, the way to link it instead.
      // A caller USSD does not know yet is welcomed in English: Kinyarwanda is chosen first (2 Language, 3).
      const before = dial(phone);
      await before.open();
      if (language === 'rw') await before.type('2', '3', '00');
      expect(await before.type('1')).toContain(words.webAccount);
      await before.type('Aline', 'Mukamana', '24681', '24681');

      // The Security page: USSD access not set up yet.
      await page.goto(`${server.url}/security`);
      const card = page.getByTestId('card-ussd-access');
      await page.getByTestId('text-ussd-not-set-up').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await shot(page, `ussd-link-${language}-2-security`);

      await page.getByTestId('button-ussd-send-code').click();
      await page.getByTestId('form-ussd-access').waitFor();
      await shot(page, `ussd-link-${language}-3-code-sent`);

      // The form's own checks, then a wrong code: the tries left, nothing linked.
      await page.getByTestId('button-ussd-set-up').click();
      await page.getByTestId('error-ussdCode').waitFor();
      const code = await codeSentTo(phone);
      await page.getByTestId('input-ussd-code').fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('input-ussd-pin').fill('24681');
      await page.getByTestId('input-ussd-pin-again').fill('24681');
      await page.getByTestId('button-ussd-set-up').click();
      await page.getByTestId('error-ussdCode').filter({ hasText: '4' }).waitFor();
      await shot(page, `ussd-link-${language}-4-wrong-code`);

      await page.getByTestId('input-ussd-code').fill(code);
      await page.getByTestId('button-ussd-set-up').click();
      await page.getByTestId('toast').filter({ hasText: words.done }).waitFor();
      await page.getByTestId('text-ussd-set-up').waitFor();
      expect(await card.textContent()).toContain('+250\u00a0788\u00a0700');
      await shot(page, `ussd-link-${language}-5-set-up`);

      // USSD now asks for that PIN, greets the web account, and shows its savings.
      const after = dial(phone);
      expect(await after.open()).toBe(`CON ${words.pinPrompt('Aline')}`);
      expect(await after.type('24681')).toMatch(/^CON .*Aline/);
      const savings = await after.type('1');
      expect(savings).toContain(words.savings);
      await page.goto(`${server.url}/dashboard`);
      const value = page.getByTestId('stat-dashboard-total-savings-value');
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="stat-dashboard-total-savings-value"]')?.textContent ?? ''));
      const webSavings = (await value.textContent()) ?? '';
      const digits = (text: string) => text.replace(/\D/g, '');
      expect(digits(webSavings)).toBe(String(SAVINGS));
      expect(digits(savings.split('\n')[0]!)).toBe(String(SAVINGS));
      await shot(page, `ussd-link-${language}-6-dashboard`);

      // Still one account for the number, and it is the web account.
      const stillOne = await api<{ status: string; phoneNumber: string }>(token, 'GET', '/api/ussd-access');
      expect(stillOne.body).toMatchObject({ status: 'set_up', phoneNumber: phone });
      // The admin CLI (a process of its own) reads the code: slow on a busy machine.
    }, 240_000);
  }

  /** A web account made through the API, signed in on the page by storage, in `language`. */
  async function signedInAs(page: Page, language: string, phone: string | undefined): Promise<string> {
    const email = `state.${language}.${randomBytes(4).toString('hex')}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName: 'Claudine', lastName: 'Ingabire', language, ...(phone ? { phone } : {}) }),
    });
    expect(res.status).toBe(201);
    const session = (await res.json()) as { token: string; user: unknown; profile: unknown };
    await page.context().addInitScript(
      ({ s, l }) => {
        localStorage.setItem('ikimina_language', l);
        localStorage.setItem('ikimina_token', s.token);
        localStorage.setItem('ikimina_user', JSON.stringify(s.user));
        localStorage.setItem('ikimina_profile', JSON.stringify(s.profile ?? null));
      },
      { s: session, l: language },
    );
    return session.token;
  }

  for (const language of ['en', 'fr', 'rw', 'sw'] as const) {
    it(`${language}: every state of the USSD access card fits 360 px, in the member's language`, async () => {
      const { page } = browser;
      const n = { en: 1, fr: 2, rw: 3, sw: 4 }[language];
      // Taken: a phone registered the number by USSD before this account typed it.
      const taken = `+25078870030${n}`;
      const first = dial(taken);
      await first.open();
      await first.type('1', 'Jean', 'Habimana', '24680', '24680');
      const states: [string, string | undefined, string][] = [
        ['no-phone', undefined, 'text-ussd-needs-profile'],
        ['not-rwandan', '+254 711 123 45' + n, 'text-ussd-needs-profile'],
        ['other-account', taken, 'text-ussd-needs-profile'],
        ['not-set-up', `+25078870031${n}`, 'text-ussd-not-set-up'],
      ];
      for (const [state, phone, testId] of states) {
        const context = await page.context().browser()!.newContext({ viewport: { width: 360, height: 640 } });
        const statePage = await context.newPage();
        try {
          await signedInAs(statePage, language, phone);
          await statePage.goto(`${server.url}/security`);
          await statePage.getByTestId(testId).waitFor();
          expect(await statePage.evaluate(() => document.documentElement.lang)).toBe(language);
          await shot(statePage, `ussd-card-${language}-${state}`);
          if (state === 'not-set-up') {
            await statePage.getByTestId('button-ussd-send-code').click();
            await statePage.getByTestId('form-ussd-access').waitFor();
            await statePage.getByTestId('input-ussd-pin').fill('12345');
            await statePage.getByTestId('input-ussd-pin-again').fill('12345');
            await statePage.getByTestId('input-ussd-code').fill(await codeSentTo(`+25078870031${n}`));
            await statePage.getByTestId('button-ussd-set-up').click();
            await statePage.getByTestId('error-ussdPin').waitFor();
            await shot(statePage, `ussd-card-${language}-weak-pin`);
          }
        } finally {
          await context.close();
        }
      }
    }, 180_000);
  }

  it('USSD Register on a number no web account gives still opens an account', async () => {
    const call = dial('+250788700199');
    expect(await call.open()).toContain(WORDS.en.welcome);
    expect(await call.type('1', 'Jean', 'Habimana', '24680', '24680')).toMatch(/^END Welcome Jean!/);
    expect(await dial('+250788700199').open()).toBe('CON Ikimina: hello Jean. Enter your PIN:');
  });
});
