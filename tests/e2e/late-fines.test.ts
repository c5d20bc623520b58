/**
 * Late fines in the browser (issue 28), on a 360 px phone in English and Kinyarwanda: a group made
 * with a fixed late fine, its first contribution dated back past the grace and the `late-fines` job
 * run by the admin CLI. The member who owes the fine sees it at the top of the group page with its
 * Pay action and in the Fines tab; the admin waives it with a reason from the Fines tab and the
 * reason shows on the fine; the words read as people words (support/words.ts). Needs PostgreSQL
 * (DATABASE_URL) to date the contribution back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminExecute } from '../support/test-database.ts';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { namesOf, readWords, still, wordProblems, wordsContext, type WordsSession } from './support/words.ts';

describe.runIf(browserAvailable() && process.env.DATABASE_URL)('a late fine on the group page, at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  let admin: WordsSession;
  let member: WordsSession;
  let groupId: string;
  let fineId: string;

  async function register(firstName: string): Promise<WordsSession> {
    const email = `fines.${firstName.toLowerCase()}.${Date.now().toString(36)}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse', firstName, lastName: 'Uwase' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as WordsSession;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    [admin, member] = [await register('Amina'), await register('Bosco')];
    const created = await callApi<{ id: string }>(server.url, admin.token, 'POST', '/api/tontines', {
      name: 'Abishyize hamwe',
      description: 'Weekly savers of the market',
      contributionAmount: 5000,
      frequency: 'weekly',
      maxMembers: 2,
      lateFine: { kind: 'fixed', value: 500, graceDays: 3 },
    });
    expect(created.status).toBe(201);
    groupId = created.body.id;
    expect((await callApi(server.url, member.token, 'POST', `/api/tontines/${groupId}/join`)).status).toBe(200);
    // Cycle 1 fell due five days ago, under a rule in force since ten days ago: its grace has ended.
    await adminExecute(server.databaseUrl!, `update contributions set due_date = due_date - 5 where tontine_id = '${groupId}' and cycle = 1`);
    await adminExecute(server.databaseUrl!, `update tontines set late_fine = jsonb_set(late_fine, '{since}', to_jsonb((current_date - 10)::text)) where id = '${groupId}'`);
    await server.admin('jobs', 'run', 'late-fines');
    const fines = await callApi<{ id: string; mine: boolean }[]>(server.url, member.token, 'GET', `/api/tontines/${groupId}/fines`);
    expect(fines.body.filter((f) => f.mine)).toHaveLength(1);
    fineId = fines.body.find((f) => f.mine)!.id;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openFines(page: Page): Promise<void> {
    await page.getByTestId('tab-fines').click();
    await page.getByTestId('panel-fines').waitFor();
    await screenRendered(page);
  }

  for (const language of ['en', 'rw'] as const) {
    it(`${language}: the member sees the fine owed with its Pay action, and the Fines tab`, async () => {
      const context = await wordsContext(browser, language, member);
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/tontines/${groupId}`);
        const card = page.getByTestId('card-my-fine').first();
        await card.waitFor();
        expect((await card.textContent())!.replace(/\D/g, '')).toContain('500');
        expect(await card.getByRole('button').count()).toBeGreaterThan(0);
        await expect.poll(async () => (await page.getByTestId('text-late-fine').textContent()) ?? '').toContain('500');
        expect(wordProblems(`/tontines/${groupId} (${language})`, await readWords(page), language, namesOf(member))).toEqual([]);

        await openFines(page);
        const rows = page.getByTestId('row-fine');
        expect(await rows.count()).toBeGreaterThanOrEqual(1);
        expect(await page.getByTestId('button-waive-fine').count()).toBe(0);
        expect(wordProblems(`/tontines/${groupId} (fines, ${language})`, await readWords(page), language, namesOf(member))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  }

  it('rw: the admin waives it with a reason, which every member then reads on the fine', async () => {
    const context = await wordsContext(browser, 'rw', admin, [`/api/tontines/${groupId}/fines/${fineId}/waive`]);
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/tontines/${groupId}`);
      await openFines(page);
      // Both members owe a fine (neither paid cycle 1): the admin waives Bosco's.
      await page.getByTestId('row-fine').filter({ hasText: 'Bosco' }).getByTestId('button-waive-fine').click();
      await page.getByTestId('dialog-waive-fine').waitFor();
      await still(page);
      expect(wordProblems(`/tontines/${groupId} (waive, rw)`, await readWords(page), 'rw', namesOf(admin))).toEqual([]);
      await page.getByTestId('input-waive-reason').fill('Yari mu bitaro');
      await page.getByTestId('button-confirm-waive').click();
      await page.getByTestId('text-fine-waiver').waitFor();
      expect(await page.getByTestId('text-fine-waiver').textContent()).toContain('Yari mu bitaro');
      expect(wordProblems(`/tontines/${groupId} (waived, rw)`, await readWords(page), 'rw', namesOf(admin))).toEqual([]);
      const seen = await callApi<{ id: string; status: string; waiver: { reason: string } | null }[]>(server.url, member.token, 'GET', `/api/tontines/${groupId}/fines`);
      expect(seen.body.find((f) => f.id === fineId)).toMatchObject({ status: 'waived', waiver: { reason: 'Yari mu bitaro' } });
    } finally {
      await context.close();
    }
  }, 90_000);
});
