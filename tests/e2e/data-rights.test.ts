/**
 * Data rights in the browser (issue 28): on a 360 px phone, in English and Kinyarwanda, a member
 * opens "Your data" on their profile, asks for an export and downloads it once ready, withdraws
 * their credit-scoring consent, and is refused the deletion of their account with the reason while
 * a rotation runs; a member with nothing open deletes theirs and is signed out. The words read as
 * people words (support/words.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { namesOf, readWords, still, wordProblems, wordsContext, type WordsSession } from './support/words.ts';

const PASSWORD = 'umuganda2026';
const ALLOWED = ['/api/me/export', '/api/me/consents/credit_scoring', '/api/me'];

describe.runIf(browserAvailable())('Your data on the profile, at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  let seq = 0;

  async function register(firstName: string): Promise<WordsSession> {
    const email = `data.${firstName.toLowerCase()}.${Date.now().toString(36)}${++seq}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName, lastName: 'Uwase' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as WordsSession;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openYourData(page: Page): Promise<void> {
    await page.goto(`${server.url}/profile`);
    await page.getByTestId('card-your-data').waitFor();
    await screenRendered(page);
  }

  for (const language of ['en', 'rw'] as const) {
    it(`${language}: exports, withdraws a consent, and reads why the account cannot be deleted yet`, async () => {
      const member = await register('Aline');
      const partner = await register('Eric');
      // A running rotation: a two-member group both joined.
      const group = await callApi<{ id: string }>(server.url, member.token, 'POST', '/api/tontines', { name: `Data ${language} ${seq}`, description: 'Saving together', contributionAmount: 5000, frequency: 'weekly', maxMembers: 2 });
      expect(group.status).toBe(201);
      expect((await callApi(server.url, partner.token, 'POST', `/api/tontines/${group.body.id}/join`)).status).toBe(200);
      expect((await callApi(server.url, member.token, 'POST', '/api/credit-score/assess', { consent: true })).status).toBe(201);

      const context = await wordsContext(browser, language, member, ALLOWED);
      try {
        const page = await context.newPage();
        await openYourData(page);
        expect(wordProblems(`/profile your data (${language})`, await readWords(page), language, namesOf(member))).toEqual([]);

        await page.getByTestId('button-request-export').click();
        await page.getByTestId('status-export-pending').waitFor();
        await server.admin('jobs', 'run', 'data-exports');
        await page.getByTestId('status-export-ready').waitFor({ timeout: 20_000 });
        const pdf = await page.getByTestId('link-export-pdf').getAttribute('href');
        const download = await fetch(`${server.url}${pdf}`, { headers: { authorization: `Bearer ${member.token}` } });
        expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/pdf']);

        await page.getByTestId('button-withdraw-credit_scoring').click();
        await page.getByTestId('button-withdraw-credit_scoring').waitFor({ state: 'detached' });
        const consents = await callApi<{ consents: { kind: string; status: string }[] }>(server.url, member.token, 'GET', '/api/me/consents');
        expect(consents.body.consents[0]).toMatchObject({ kind: 'credit_scoring', status: 'withdrawn' });

        await page.getByTestId('button-delete-account').click();
        await page.getByTestId('dialog-delete-account').waitFor();
        await page.getByTestId('input-delete-password').fill(PASSWORD);
        await page.getByTestId('button-confirm-delete').click();
        await page.getByTestId('blocker-active_rotation').waitFor();
        await still(page);
        expect(wordProblems(`/profile delete refused (${language})`, await readWords(page), language, namesOf(member))).toEqual([]);
        expect((await callApi(server.url, member.token, 'GET', '/api/profile')).status).toBe(200);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it('rw: a member with nothing open deletes their account and is signed out', async () => {
    const member = await register('Diane');
    const context = await wordsContext(browser, 'rw', member, ALLOWED);
    try {
      const page = await context.newPage();
      await openYourData(page);
      await page.getByTestId('button-delete-account').click();
      await page.getByTestId('input-delete-password').fill('not my password');
      await page.getByTestId('button-confirm-delete').click();
      await page.locator('#delete-account-password-error').waitFor();
      await page.getByTestId('input-delete-password').fill(PASSWORD);
      await Promise.all([page.waitForEvent('load'), page.getByTestId('button-confirm-delete').click()]);
      expect(new URL(page.url()).pathname).toBe('/');
      // This test's context puts the session back on every load (wordsContext): the server refuses it, and the page lets it go.
      await page.waitForFunction(() => localStorage.getItem('ikimina_token') === null);
      expect((await callApi(server.url, member.token, 'GET', '/api/profile')).status).toBe(401);
    } finally {
      await context.close();
    }
  }, 90_000);
});
