/**
 * Group decisions in the browser (issue 28): on a 360 px phone, in English and Kinyarwanda, a
 * member of a running group of three opens the Decisions tab, moves a member in the payout order,
 * says why and proposes it; the proposal shows as open with its counts; the member votes yes; a
 * second member's yes (through the API) passes it, and the page then shows it closed and passed,
 * with the new order. The words read as people words (support/words.ts: no raw code, no English
 * left in rw, nothing cut, no sideways scroll). Someone outside the group sees the members-only
 * notice. Only the proposal and its votes may be written from the page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { namesOf, readWords, wordProblems, wordsContext, type WordsSession } from './support/words.ts';

interface Proposal {
  id: string;
  status: string;
  counts: { yes: number; no: number };
  change: { order?: string[] };
}

describe.runIf(browserAvailable())('the Decisions tab of a group, at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  let seq = 0;

  async function register(firstName: string): Promise<WordsSession & { id: string }> {
    const email = `decisions.${firstName.toLowerCase()}.${Date.now().toString(36)}.${++seq}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse', firstName, lastName: 'Uwase' }),
    });
    expect(res.status).toBe(201);
    const session = (await res.json()) as WordsSession;
    return { ...session, id: String(session.user.id) };
  }

  /** A running group of three: the first member created it, the two others joined (it starts when full). */
  async function aGroupOfThree(): Promise<{ id: string; members: (WordsSession & { id: string })[] }> {
    const members = [await register('Amina'), await register('Bosco'), await register('Clarisse')];
    const created = await callApi<{ id: string }>(server.url, members[0]!.token, 'POST', '/api/tontines', {
      name: `Abahuje ${++seq}`,
      description: 'Market traders of Kimironko',
      contributionAmount: 5000,
      frequency: 'weekly',
      maxMembers: 3,
    });
    expect(created.status).toBe(201);
    for (const member of members.slice(1)) expect((await callApi(server.url, member.token, 'POST', `/api/tontines/${created.body.id}/join`)).status).toBe(200);
    return { id: created.body.id, members };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openDecisions(page: Page, groupId: string): Promise<void> {
    await page.goto(`${server.url}/tontines/${groupId}`);
    await page.getByTestId('tab-decisions').click();
    await screenRendered(page);
  }

  for (const language of ['en', 'rw'] as const) {
    it(`${language}: propose a new payout order, vote, and see it pass`, async () => {
      const group = await aGroupOfThree();
      const [amina, bosco, clarisse] = group.members;
      const proposals = `/api/tontines/${group.id}/proposals`;
      const context = await wordsContext(browser, language, amina!, [proposals, `${proposals}/`]);
      await context.route(`**${proposals}/*/votes`, (route) => route.continue());
      try {
        const page = await context.newPage();
        await openDecisions(page, group.id);
        await page.getByTestId('text-decisions-empty').waitFor();
        expect(wordProblems(`/tontines/{id} (decisions, empty, ${language})`, await readWords(page), language, namesOf(amina!))).toEqual([]);

        // Amina moves herself to the end: Bosco, Clarisse, Amina.
        const order = page.getByTestId('list-proposal-order');
        await order.locator('li').first().getByRole('button').nth(1).click();
        await order.locator('li').nth(1).getByRole('button').nth(1).click();
        await page.getByTestId('input-proposal-text').fill('Nzajya i Musanze muri uku kwezi');
        await page.getByTestId('button-propose').click();
        const open = page.getByTestId('list-proposals-open');
        await open.waitFor();
        const listed = await callApi<Proposal[]>(server.url, bosco!.token, 'GET', proposals);
        expect(listed.body.map((p) => [p.status, p.change.order])).toEqual([['open', [bosco!.id, clarisse!.id, amina!.id]]]);
        expect(wordProblems(`/tontines/{id} (decisions, open, ${language})`, await readWords(page), language, namesOf(amina!))).toEqual([]);

        await open.getByTestId('button-vote-yes').click();
        await page.getByTestId('text-my-vote').waitFor();
        const voted = await callApi<{ status: string; counts: { yes: number } }>(server.url, bosco!.token, 'POST', `${proposals}/${listed.body[0]!.id}/votes`, { vote: 'yes' });
        expect([voted.body.status, voted.body.counts.yes]).toEqual(['passed', 2]);

        await page.reload();
        await page.getByTestId('tab-decisions').click();
        const closed = page.getByTestId('list-proposals-closed');
        await closed.waitFor();
        expect(await closed.getByTestId('button-vote-yes').count()).toBe(0);
        expect((await closed.getByTestId('text-proposal-counts').textContent())!).toMatch(/2/);
        expect(wordProblems(`/tontines/{id} (decisions, closed, ${language})`, await readWords(page), language, namesOf(amina!))).toEqual([]);
        const payoutOrder = await callApi<{ order: { memberId: string }[] }>(server.url, clarisse!.token, 'GET', `/api/tontines/${group.id}/payout-order`);
        expect(payoutOrder.body.order.map((o) => o.memberId)).toEqual([bosco!.id, clarisse!.id, amina!.id]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it('someone outside the group sees the members-only notice, and the API refuses them', async () => {
    const group = await aGroupOfThree();
    const stranger = await register('Eve');
    const context = await wordsContext(browser, 'rw', stranger);
    try {
      const page = await context.newPage();
      await openDecisions(page, group.id);
      await page.getByTestId('text-members-only').waitFor();
      expect(await page.getByTestId('panel-decisions').count()).toBe(0);
      const answer = await callApi<{ code: string }>(server.url, stranger.token, 'GET', `/api/tontines/${group.id}/proposals`);
      expect([answer.status, answer.body.code]).toEqual([403, 'not_a_member']);
    } finally {
      await context.close();
    }
  }, 60_000);
});
