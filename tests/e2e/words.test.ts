/**
 * Issue "Journeys, not screens", words for people: every route of the web router, in each of the
 * four languages, on a 360 px phone, signed in as the demo member (the merchant's and the agent's
 * pages as the demo merchant and the demo agent), over the demo world (SEED_DEMO_WORLD), shows:
 *
 * the words support/words.ts checks for: no raw code, no English left in fr/rw/sw, no word broken
 * over two lines, no text cut short with "…", no sideways scroll. (The same checks read every
 * dialog in words-dialogs.test.ts, the empty states in words-empty.test.ts, and the loading and
 * error states in words-failing.test.ts.)
 *
 * How: one server and one browser for the file; one browser context per language and person;
 * each route loaded once and read once it has rendered, then each of its other tabs opened and read. Nothing is changed: every API call but a
 * read is refused before it leaves. The list of routes is checked against router.tsx, so a new
 * route must be added here.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { LANGUAGES, namesOf, readWords, screenAndTabsProblems, wordProblems, wordsContext, wordsShot, type Language } from './support/words.ts';

type Person = 'member' | 'merchant' | 'agent' | 'visitor';

interface Visit {
  path: string;
  person: Person;
  /** `pay`: a customer pays 2,000 RWF on the pay page (the sandbox approves) and the receipt is read. */
  act?: 'pay';
}

describe.runIf(browserAvailable())('words for people: every route in every language at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  const sessions = new Map<string, { token: string; user: Record<string, unknown> } | null>();
  const sessionOf = (person: Person) => sessions.get(person) ?? null;
  let visits: Visit[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SEED_DEMO_WORLD: 'true', SANDBOX_SETTLE_MS: '200' } }), launchChromium()]);
    sessions.set('visitor', null);
    for (const [person, email] of [
      ['member', 'demo.member@ikimina.demo'],
      ['merchant', 'demo.merchant@ikimina.demo'],
      ['agent', 'demo.agent@ikimina.demo'],
    ] as const) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'ikimina-demo' }),
      });
      expect(res.status, email).toBe(200);
      const body = (await res.json()) as { token: string; user: Record<string, unknown> };
      sessions.set(person, { token: body.token, user: body.user });
    }
    const member = sessions.get('member')!;
    const groups = await callApi<{ id: string }[]>(server.url, member.token, 'GET', '/api/tontines/user');
    expect(groups.body.length).toBeGreaterThan(0);
    visits = [
      ...['/', '/dashboard', '/tontines', `/tontines/${groups.body[0]!.id}`, '/loans']
        .map((path) => ({ path, person: 'member' as const })),
      ...['/security', '/profile', '/ai-chat', '/education', '/learn-more', '/demo', '/privacy', '/terms', '/pay/DEMO-SHOP', '/payments/card/return?tx_ref=no-such-payment&status=cancelled', '/agent/register', '/merchant/register', '/no-such-page']
        .map((path) => ({ path, person: 'member' as const })),
      ...['/merchant/dashboard', '/merchant/payments'].map((path) => ({ path, person: 'merchant' as const })),
      { path: '/agent/dashboard', person: 'agent' },
      // Notifications are written once, in the language of the account they reach.
      // Notifications are read in the account's language now, whatever it was when they were written.
      { path: '/notifications', person: 'member' },
      ...['/', '/auth/magic-link', '/auth/reset-password', '/dashboard'].map((path) => ({ path, person: 'visitor' as const })),
      { path: '/pay/DEMO-SHOP', person: 'visitor', act: 'pay' },
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('visits every route of the router', () => {
    const source = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
    const routes = [...source.matchAll(/\{ path: '([^']+)', route:/g)].map((m) => m[1]!).filter((path) => path !== '*');
    expect(routes.length).toBeGreaterThan(15);
    const visited = visits.map((visit) => visit.path.split('?')[0]!);
    for (const route of routes) {
      const pattern = new RegExp(`^/${route.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
      expect(visited.some((path) => pattern.test(path)), `/${route} is not visited`).toBe(true);
    }
  });

  /** Asks the assistant's three quick questions (savings, next contribution, borrowing) and waits for each answer. */
  async function askTheAssistant(page: Page): Promise<void> {
    for (const key of ['savings', 'nextContribution', 'canBorrow']) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/ai-assistant/chat') && response.request().method() === 'POST', { timeout: 30_000 });
      await page.getByTestId(`button-chat-quick-${key}`).click();
      await answered;
      await page.getByTestId('chat-pending').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
    }
  }

  /** A customer pays the demo shop 2,000 RWF; answers once the receipt shows. */
  async function payTheShop(page: Page): Promise<void> {
    await page.getByTestId('input-pay-amount').fill('2000');
    await page.getByTestId('input-pay-phone').fill('0788123456');
    await page.getByTestId('button-pay-submit').click();
    await page.getByTestId('state-pay-receipt').waitFor({ timeout: 30_000 });
  }

  for (const language of LANGUAGES) {
    it(`${language}: no raw code, no English left, no broken or cut word, no sideways scroll`, { timeout: 300_000 }, async () => {
      const problems: string[] = [];
      // The member chose the language (the switcher saves it to the account): what the server words, it words in it.
      for (const person of ['member', 'merchant', 'agent'] as const) {
        const saved = await callApi(server.url, sessions.get(person)!.token, 'PUT', '/api/profile/language', { language });
        expect(saved.status, `${person} ${language}`).toBe(200);
      }
      for (const person of ['member', 'merchant', 'agent', 'visitor'] as const) {
        const session = sessionOf(person);
        // Nothing is changed, but the assistant is asked and the shop is paid (server-made texts, a receipt).
        const context = await wordsContext(browser, language, session, ['/api/ai-assistant/chat', '/api/pay/DEMO-SHOP']);
        const page = await context.newPage();
        for (const visit of visits.filter((v) => v.person === person)) {
          await page.goto(`${server.url}${visit.path}`);
          await screenRendered(page);
          if (visit.path === '/ai-chat') await askTheAssistant(page);
          if (visit.act === 'pay') await payTheShop(page);
          const where = `${language} ${person} ${visit.path}`;
          const shot = `${language}-${person}${visit.path}${visit.act ? `-${visit.act}` : ''}`;
          if (visit.act === undefined) problems.push(...(await screenAndTabsProblems(page, where, language, namesOf(session), shot)));
          else {
            problems.push(...wordProblems(where, await readWords(page), language, namesOf(session)));
            await wordsShot(page, shot);
          }
        }
        await context.close();
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
