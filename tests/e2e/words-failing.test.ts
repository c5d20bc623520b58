/**
 * Issue 31, "every state of every screen at 360 px, in four languages": the loading and the error
 * states. Every data route, in en, fr, rw and sw, is read three times with the checks of
 * support/words.ts (no raw code, no English left, no word broken over two lines, no "…" cut, no
 * sideways scroll):
 *
 * - busy: every API answer is held back (as skeletons.test.ts does), and the skeletons are read;
 * - failed: every API call answers 500 with the server's error body, and the error states are read;
 * - offline: every API call is aborted (no network), and the error states are read.
 *
 * Each screen must also say something in the failed and offline states: neither a skeleton for
 * ever, nor an empty page, nor an empty state ("No merchant account") that is not true.
 *
 * How: one server and one browser for the file; one context per language, state and person
 * (a member with a group, and a visitor for the pay page and the landing page); two languages read
 * at a time (each has its own member). Nothing reaches the
 * server from the browser but the pages themselves. Screenshots go to WORDS_SHOTS_DIR when set.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackRequests, waitUntilSettled } from '../../scripts/demo/settled.ts';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { LANGUAGES, namesOf, readWords, wordProblems, wordsContext, wordsShot, type Language, type WordsSession } from './support/words.ts';

type State = 'busy' | 'failed' | 'offline';
const STATES: State[] = ['busy', 'failed', 'offline'];
const NAMES: Record<Language, [string, string]> = { en: ['Aline', 'Uwase'], fr: ['Jeanne', 'Mukamana'], rw: ['Amina', 'Uwimana'], sw: ['Neema', 'Mwangi'] };

describe.runIf(browserAvailable())('words for people: every loading and error state in every language at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  const members = new Map<Language, { session: WordsSession; paths: string[] }>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    for (const language of LANGUAGES) {
      const [firstName, lastName] = NAMES[language];
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `failing.${language}.${Date.now().toString(36)}@example.rw`, password: 'umuganda2026', firstName, lastName, language }),
      });
      expect(res.status).toBe(201);
      const session = (await res.json()) as WordsSession;
      const group = await callApi<{ id: string }>(server.url, session.token, 'POST', '/api/tontines', { name: 'Twizigamire', description: 'Kwizigamira buri kwezi', contributionAmount: 10_000, frequency: 'monthly', maxMembers: 4 });
      expect(group.status).toBe(201);
      members.set(language, {
        session,
        paths: [
          '/dashboard',
          '/dashboard?tab=contributions',
          '/dashboard?tab=verification',
          '/tontines',
          `/tontines/${group.body.id}`,
          '/loans',
          '/loans?tab=apply',
          '/loans?tab=credit-score',
          '/notifications',
          '/profile',
          '/security',
          '/ai-chat',
          '/education',
          '/merchant/dashboard',
          '/merchant/payments',
          '/agent/dashboard',
        ],
      });
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Makes every API call of `page` hold, fail with 500 or fail to connect. */
  async function breakTheApi(page: Page, state: State): Promise<void> {
    const never = new Promise<void>(() => undefined);
    await page.route('**/api/**', async (route) => {
      if (state === 'busy') {
        await never;
      } else if (state === 'failed') {
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'INTERNAL_PROCESSING_ERROR', message: 'Something went wrong on our side.' }) });
      } else {
        await route.abort('internetdisconnected');
      }
    });
  }

  /** The screen once the app has replaced the shell and the route's chunk is in; then its busy regions, or the end of them. */
  async function shown(page: Page, state: State): Promise<void> {
    if (state !== 'busy') return screenRendered(page);
    await page.waitForLoadState('domcontentloaded');
    await page.locator('#shell-main').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    await page.getByTestId('page-skeleton').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    await page.locator('main [aria-busy="true"]').first().waitFor({ timeout: 3_000 }).catch(() => undefined);
  }

  for (const language of LANGUAGES) {
    it.concurrent(`${language}: every screen loading, failing (500) and offline, in words for people`, { timeout: 300_000 }, async ({ expect }) => {
      const problems: string[] = [];
      const { session, paths } = members.get(language)!;
      for (const state of STATES) {
        for (const [person, who, visits] of [
          ['member', session, paths],
          ['visitor', null, ['/', '/pay/SOME-SHOP']],
        ] as const) {
          const context = await wordsContext(browser, language, who);
          const page = await context.newPage();
          await breakTheApi(page, state);
          const requests = trackRequests(page);
          for (const path of visits) {
            const where = `${language} ${state} ${person} ${path}`;
            await page.goto(`${server.url}${path}`);
            await shown(page, state);
            if (state !== 'busy') {
              // Every call has failed and the page has drawn what it says about it: nothing busy, no request pending, a still picture.
              const busy = await waitUntilSettled(page, requests, { timeoutMs: 15_000, quietMs: 300 });
              if (busy.length > 0) problems.push(`${where}: still busy once its calls failed (${busy.join('; ')})`);
              const said = await page.locator('main').innerText().catch(() => '');
              if (said.trim() === '') problems.push(`${where}: says nothing`);
              // "You have nothing yet" would be untrue: the member's things did not arrive.
              for (const empty of await page.locator('main [data-testid^="state-no-"]:visible').evaluateAll((found) => found.map((element) => element.getAttribute('data-testid')))) {
                problems.push(`${where}: shows the empty state ${empty} when its calls failed`);
              }
            }
            problems.push(...wordProblems(where, await readWords(page), language, namesOf(who)));
            await wordsShot(page, `failing-${language}-${state}-${person}${path}`, false);
          }
          await context.close();
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
