/**
 * Issue 31, "every state of every screen at 360 px, in four languages": the empty states. A member
 * who has just signed up (no group, no loan, no payment, no notification but the welcome), a
 * merchant just verified (no QR code, no sale, no settlement), a merchant still waiting for
 * verification, an agent just accredited (no merchant onboarded) and one still waiting: every
 * route and every tab as each sees it, in en, fr, rw and sw, read with the checks of
 * support/words.ts (no raw code, no English left, no word broken over two lines, no "…" cut, no
 * sideways scroll). The member's notifications popover is read open, too.
 *
 * How: one server (no demo world) and one browser for the file; the people are signed up through
 * the API once per language (their account speaks it), the four languages at once; one context per
 * language and person, two languages read at a time (nobody is shared between languages).
 * Nothing is changed from the browser. Screenshots go to WORDS_SHOTS_DIR when set.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { LANGUAGES, namesOf, readWords, screenAndTabsProblems, wordProblems, wordsContext, wordsShot, type Language, type WordsSession } from './support/words.ts';

type Person = 'member' | 'merchant' | 'pending-merchant' | 'agent' | 'pending-agent';
const PASSWORD = 'umuganda2026';
const NAMES: Record<Language, [string, string]> = { en: ['Aline', 'Uwase'], fr: ['Jeanne', 'Mukamana'], rw: ['Amina', 'Uwimana'], sw: ['Neema', 'Mwangi'] };

describe.runIf(browserAvailable())('words for people: every empty screen in every language at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  const people = new Map<string, { session: WordsSession; paths: string[] }>();
  let seq = 0;

  /** `n` makes the e-mail (and the merchant's or agent's codes) unique; the languages are set up at once. */
  async function signUp(language: Language, n = ++seq): Promise<WordsSession> {
    const [firstName, lastName] = NAMES[language];
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `empty.${language}.${n}.${Date.now().toString(36)}@example.rw`, password: PASSWORD, firstName, lastName, language }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as WordsSession;
  }

  /** Signs a member up and registers their shop (verified or not); the shop's code. */
  async function merchant(language: Language, verified: boolean): Promise<{ session: WordsSession; code: string }> {
    const id = ++seq;
    const session = await signUp(language, id);
    const n = String(100_000 + id).slice(-6);
    const code = `EMPTY-${language.toUpperCase()}-${n}`;
    const shop = await callApi<{ id: string }>(server.url, session.token, 'POST', '/api/merchants/register', {
      merchantCode: code,
      businessName: 'Duka la Neema',
      merchantCategory: 'grocery',
      tin: `1${n}01`.slice(0, 9),
      businessAddress: 'Kimironko Market, stall 3',
      district: 'Gasabo',
      phoneNumber: `+250789${n}`,
      email: `shop.${language}.${n}@example.rw`,
    });
    expect(shop.status, JSON.stringify(shop.body)).toBe(201);
    if (verified) expect(await server.admin('merchants', 'verify', shop.body.id)).toContain('is now active');
    return { session, code };
  }

  async function agent(language: Language, accredited: boolean): Promise<WordsSession> {
    const id = ++seq;
    const session = await signUp(language, id);
    const n = String(100_000 + id).slice(-6);
    const registered = await callApi<{ id: string }>(server.url, session.token, 'POST', '/api/agents/register', {
      agentCode: `AG-${language.toUpperCase()}-${n}`,
      agentType: 'individual',
      physicalAddress: 'KG 11 Ave, Kimironko',
      district: 'Gasabo',
      phoneNumber: `+250788${n}`,
      email: `agent.${language}.${n}@example.rw`,
      serviceTerritories: ['Kimironko'],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    if (accredited) expect(await server.admin('agents', 'accredit', registered.body.id)).toContain('is now active');
    return session;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    await Promise.all(LANGUAGES.map(async (language) => {
      people.set(`${language} member`, {
        session: await signUp(language),
        paths: ['/dashboard', '/tontines', '/loans', '/notifications', '/profile', '/security', '/ai-chat', '/education', '/merchant/dashboard', '/merchant/payments', '/agent/dashboard'],
      });
      const shop = await merchant(language, true);
      people.set(`${language} merchant`, { session: shop.session, paths: ['/merchant/dashboard', '/merchant/payments', `/pay/${shop.code}`] });
      const waiting = await merchant(language, false);
      people.set(`${language} pending-merchant`, { session: waiting.session, paths: ['/merchant/dashboard', '/merchant/payments', `/pay/${waiting.code}`] });
      people.set(`${language} agent`, { session: await agent(language, true), paths: ['/agent/dashboard'] });
      people.set(`${language} pending-agent`, { session: await agent(language, false), paths: ['/agent/dashboard', '/agent/register'] });
    }));
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const language of LANGUAGES) {
    it.concurrent(`${language}: a new member's, merchant's and agent's empty screens, in words for people`, { timeout: 300_000 }, async ({ expect }) => {
      const problems: string[] = [];
      for (const person of ['member', 'merchant', 'pending-merchant', 'agent', 'pending-agent'] as const satisfies readonly Person[]) {
        const { session, paths } = people.get(`${language} ${person}`)!;
        const context = await wordsContext(browser, language, session);
        const page = await context.newPage();
        for (const path of paths) {
          await page.goto(`${server.url}${path}`);
          await screenRendered(page);
          problems.push(...(await screenAndTabsProblems(page, `${language} new ${person} ${path}`, language, namesOf(session), `empty-${language}-${person}${path}`)));
        }
        if (person === 'member') {
          // The notifications popover with nothing (or only the welcome) in it.
          await page.goto(`${server.url}/dashboard`);
          await screenRendered(page);
          await page.getByTestId('button-notifications').click();
          await page.locator('[data-radix-popper-content-wrapper]').waitFor();
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined);
          problems.push(...wordProblems(`${language} new member notifications popover`, await readWords(page), language, namesOf(session)));
          await wordsShot(page, `empty-${language}-member-notifications`, false);
        }
        await context.close();
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
