/**
 * Open books in the browser (issue 28): the demo member opens the Books tab of a group of the demo
 * world (SEED_DEMO_WORLD) on a 360 px phone, in English and Kinyarwanda, and reads the pool's
 * balance (the API's, which is the ledger's) and its movements with who, the amount signed, the
 * running balance and the provider's reference, shortened to one line; the words read as people
 * words (support/words.ts: no raw code, no English left in rw, nothing cut, no sideways scroll),
 * and "Load more" brings the next page when there is one; the group's report downloads as PDF and
 * CSV. Someone outside the group sees the members-only notice instead. Nothing is changed: every
 * API call but a read is refused.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { namesOf, readWords, wordProblems, wordsContext, type WordsSession } from './support/words.ts';

interface Books {
  balance: string;
  movements: { kind: string; member: string | null; amount: string; balanceAfter: string; reference: string | null }[];
  nextCursor: string | null;
}

describe.runIf(browserAvailable())('the Books tab of a group, at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  let member: WordsSession;
  let stranger: WordsSession;
  let groupId: string;
  let books: Books;

  async function login(email: string, password: string): Promise<WordsSession> {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status, email).toBe(200);
    return (await res.json()) as WordsSession;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SEED_DEMO_WORLD: 'true', SANDBOX_SETTLE_MS: '200' } }), launchChromium()]);
    member = await login('demo.member@ikimina.demo', 'ikimina-demo');
    const groups = await callApi<{ id: string }[]>(server.url, member.token, 'GET', '/api/tontines/user');
    // The demo member's group with the most history.
    const read = await Promise.all(groups.body.map(async (g) => ({ id: g.id, books: (await callApi<Books>(server.url, member.token, 'GET', `/api/tontines/${g.id}/ledger`)).body })));
    const chosen = read.sort((a, b) => b.books.movements.length - a.books.movements.length)[0]!;
    [groupId, books] = [chosen.id, chosen.books];
    expect(books.movements.length).toBeGreaterThan(0);
    const email = `books.stranger.${Date.now().toString(36)}@example.rw`;
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse', firstName: 'Eve', lastName: 'Stranger' }),
    });
    expect(registered.status).toBe(201);
    stranger = (await registered.json()) as WordsSession;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openBooks(page: Page): Promise<void> {
    await page.goto(`${server.url}/tontines/${groupId}`);
    await page.getByTestId('tab-books').click();
    await screenRendered(page);
  }

  for (const language of ['en', 'rw'] as const) {
    it(`${language}: the balance, each movement with who, signed amount, running balance and a one-line reference`, async () => {
      const context = await wordsContext(browser, language, member);
      try {
        const page = await context.newPage();
        await openBooks(page);
        await page.getByTestId('panel-books').waitFor();
        const balance = (await page.getByTestId('text-books-balance').textContent())!;
        expect(balance.replace(/\D/g, '')).toBe(String(Math.trunc(Number(books.balance))));
        const rows = page.getByTestId('row-movement');
        expect(await rows.count()).toBe(books.movements.length);
        const first = books.movements[0]!;
        const firstRow = (await rows.first().textContent())!;
        if (first.member) expect(firstRow).toContain(first.member);
        expect((await rows.first().getByTestId('text-movement-amount').textContent())!.startsWith(first.amount.startsWith('-') ? '−' : '+')).toBe(true);
        // A reference fits its line: one line high, inside the screen.
        const references = page.getByTestId('text-movement-reference');
        for (let i = 0; i < Math.min(await references.count(), 5); i++) {
          const box = (await references.nth(i).boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(360);
          expect(box.height).toBeLessThan(24);
        }
        expect(wordProblems(`/tontines/${groupId} (books, ${language})`, await readWords(page), language, namesOf(member))).toEqual([]);
        // The group's report downloads (issue 28), both buttons on the screen.
        for (const format of ['pdf', 'csv'] as const) {
          const button = page.getByTestId(`statement-group-${format}`);
          const box = (await button.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(360);
          const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
          expect(download.suggestedFilename()).toBe(`ikimina-group-report.${format}`);
        }
        // The member's own statement of this month, from the dashboard (issue 28).
        await page.goto(`${server.url}/dashboard`);
        for (const format of ['pdf', 'csv'] as const) {
          const button = page.getByTestId(`statement-member-${format}`);
          const box = (await button.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(360);
          const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
          expect(download.suggestedFilename()).toBe(`ikimina-statement.${format}`);
          const file = await readFile((await download.path())!);
          expect(file.subarray(0, format === 'pdf' ? 5 : 0).toString('latin1')).toBe(format === 'pdf' ? '%PDF-' : '');
          expect(file.length).toBeGreaterThan(50);
        }
        await openBooks(page);
        await page.getByTestId('panel-books').waitFor();
        const more = page.getByTestId('button-books-more');
        expect(await more.count()).toBe(books.nextCursor ? 1 : 0);
        if (books.nextCursor) {
          await more.click();
          await page.waitForFunction((count) => document.querySelectorAll('[data-testid="row-movement"]').length > count, books.movements.length);
        }
      } finally {
        await context.close();
      }
    }, 90_000);
  }

  it('someone outside the group sees the members-only notice, not the books', async () => {
    const context = await wordsContext(browser, 'rw', stranger);
    try {
      const page = await context.newPage();
      await openBooks(page);
      await page.getByTestId('text-members-only').waitFor();
      expect(await page.getByTestId('panel-books').count()).toBe(0);
      const answer = await callApi<{ code: string }>(server.url, stranger.token, 'GET', `/api/tontines/${groupId}/ledger`);
      expect([answer.status, answer.body.code]).toEqual([403, 'not_a_member']);
    } finally {
      await context.close();
    }
  }, 60_000);
});
