/**
 * "Journeys, not screens": a group on a phone, in a real browser at 360 × 640, in English and in
 * Kinyarwanda, against the real server (its own database, the mobile-money sandbox). A member
 * finds a group through Discover's filters and sort, creates their own, reads on the forming card
 * how many seats are left, who starts the rotation and when the first payment falls due; two
 * others join (through the API), the creator starts the rotation after a confirmation, and pays
 * the first contribution from the Pay box. Every page opens at its top (window.scrollY === 0) and
 * no tab, dialog or state is wider than the phone. Screenshots go to test-results/groups/ (and
 * /tmp/groups-shots/ when that folder exists).
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { callApi, until } from './support/api.ts';
import { startServer, type E2eServer } from './support/server.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/groups/', import.meta.url));
const EXTRA_SHOTS = '/tmp/groups-shots/';
const VIEWPORT = { width: 360, height: 640 };
const PASSWORD = 'umuganda-2026';

const RUNS = [
  {
    language: 'en',
    words: {
      forming: 'Forming',
      active: 'Active',
      seats: (members: number, max: number, left: number) => `${members} of ${max} members · seats left: ${left}`,
      waitingToStart: 'You created this group: once one more member has joined, you can start it without waiting for it to fill.',
      canStart: 'You created this group: you can start it now with the members you have.',
      firstDue: /^Payments begin on the day the rotation starts\. Started today: 5,000 RWF due on .+, the next on .+\.$/,
    },
  },
  {
    language: 'rw',
    words: {
      forming: 'Iri gushingwa',
      active: 'Irakora',
      seats: (members: number, max: number, left: number) => `Abanyamuryango ${members} kuri ${max} · imyanya isigaye: ${left}`,
      waitingToStart: 'Ni wowe washinze iki kimina: nihamara kwinjira undi munyamuryango umwe, uzashobora kugitangiza utarindiriye ko cyuzura.',
      canStart: 'Ni wowe washinze iki kimina: ushobora kugitangiza ubu n’abanyamuryango bahari.',
      firstDue: /^Kwishyura bitangira ku munsi isimburana ritangiriyeho\. Ritangiye uyu munsi: 5\D?000 RWF byakwishyurwa ku wa .+, ubukurikiyeho ku wa .+\.$/,
    },
  },
] as const;

interface Session {
  token: string;
  user: { id: string };
  profile: unknown;
}

describe.runIf(browserAvailable())('a group on a phone', () => {
  let server: E2eServer;
  let seq = 0;
  const browser = useBrowserPage({ viewport: VIEWPORT, isMobile: true, hasTouch: true });

  beforeAll(async () => {
    server = await startServer({ env: { SANDBOX_SETTLE_MS: '400' } });
    await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function register(firstName: string, language: string): Promise<Session> {
    const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}${++seq}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName, lastName: 'Mukamana', language }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Session;
  }

  /** Which elements stick out past the phone's right edge (the failure message names them). */
  async function overflowing(page: Page): Promise<string[]> {
    return page.evaluate((width) => {
      const out: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.right > width + 0.5) {
          out.push(`${element.tagName.toLowerCase()}[${element.getAttribute('data-testid') ?? element.className.toString().slice(0, 60)}] right=${Math.round(box.right)}`);
        }
      }
      return out.slice(0, 12);
    }, VIEWPORT.width);
  }

  /** The page as a person sees it: screenshotted, and never wider than the phone. */
  async function look(page: Page, name: string, fullPage = true) {
    await page.waitForLoadState('networkidle');
    // A dialog is shown once it has finished opening.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    const path = `${SHOTS}${name}.png`;
    await page.screenshot({ path, fullPage });
    if (existsSync(EXTRA_SHOTS)) await copyFile(path, `${EXTRA_SHOTS}${name}.png`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > VIEWPORT.width) expect.fail(`${name}: sideways scroll (${width} px): ${(await overflowing(page)).join(', ')}`);
  }

  /**
   * No word of the page is broken in the middle: every word of the page's text sits on one line
   * (a word split over two lines by `break-words` is as unreadable as one sticking out), and no
   * text sticks out of its box. The payout draw's seed (a hex code, broken on purpose) is exempt.
   */
  async function wordsWhole(page: Page, name: string) {
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('code, .sr-only, [aria-hidden="true"]') || parent.offsetParent === null) continue;
        for (const match of (node.textContent ?? '').matchAll(/\S{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
          if (lines.size > 1) found.push(match[0]);
        }
      }
      for (const element of document.querySelectorAll<HTMLElement>('main h1, main h2, main h3, main p, main button, main a, main span, main label')) {
        if (element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible') {
          found.push(`(sticks out) ${element.textContent?.slice(0, 40)}`);
        }
      }
      return found.slice(0, 10);
    });
    expect(broken, `${name}: words broken in the middle`).toEqual([]);
  }

  for (const run of RUNS) {
    it(`a member creates a group, fills it, starts it and pays (${run.language})`, async () => {
      const { page } = browser;
      const shot = (step: string, fullPage = true) => look(page, `${run.language}-${step}`, fullPage);
      const creator = await register('Aline', run.language);
      await page.context().addInitScript(
        (s) => {
          localStorage.setItem('ikimina_token', s.session.token);
          localStorage.setItem('ikimina_user', JSON.stringify(s.session.user));
          localStorage.setItem('ikimina_profile', JSON.stringify(s.session.profile ?? null));
          localStorage.setItem('ikimina_language', s.language);
        },
        { session: creator, language: run.language },
      );

      // Finds a group through Discover: a daily group of 1,500 RWF with seats, among others.
      const farmer = await register('Eric', 'rw');
      const wanted = `Abahinzi ${run.language} ${Date.now().toString(36)}`;
      const made = await callApi<{ id: string }>(server.url, farmer.token, 'POST', '/api/tontines', { name: wanted, description: 'Abahinzi ba Musanze bizigamira buri munsi', contributionAmount: 1500, frequency: 'daily', maxMembers: 6, category: 'daily_micro' });
      expect(made.status).toBe(201);
      await callApi(server.url, farmer.token, 'POST', '/api/tontines', { name: `Abacuruzi ${run.language}`, description: 'Abacuruzi bizigamira buri kwezi', contributionAmount: 20000, frequency: 'monthly', maxMembers: 5 });
      await page.goto(`${server.url}/tontines`);
      await page.getByTestId('tab-discover').click();
      await page.getByTestId(`link-tontine-${made.body.id}`).waitFor();
      await page.getByTestId('button-filters').click();
      const filters = page.getByTestId('dialog-filters');
      await filters.waitFor();
      await filters.getByTestId('select-filter-frequency').selectOption('daily');
      await filters.getByTestId('input-filter-min-contribution').fill('2000');
      await filters.getByTestId('input-filter-max-contribution').fill('1000');
      await filters.getByTestId('text-filter-problem').waitFor();
      expect(await filters.getByTestId('button-apply-filters').isDisabled()).toBe(true);
      await filters.getByTestId('input-filter-min-contribution').fill('1000');
      await filters.getByTestId('input-filter-max-contribution').fill('2000');
      await filters.getByTestId('select-filter-seats').selectOption('2');
      await shot('00-filters', false);
      await filters.getByTestId('button-apply-filters').click();
      await filters.waitFor({ state: 'hidden' });
      expect(await page.getByTestId('button-filters').getAttribute('data-active-filters')).toBe('4');
      // Only the daily groups of 1,000–2,000 RWF with 2 seats or more: the farmers' (this run's and any earlier run's).
      await page.getByTestId(`link-tontine-${made.body.id}`).waitFor();
      await expect.poll(async () => (await page.locator('[data-testid^="link-tontine-"]').allTextContents()).every((name) => name.startsWith('Abahinzi'))).toBe(true);
      await shot('00-discover-found');
      // Sorted by the largest contribution, without the filters: the 20,000 RWF group comes first.
      await page.getByTestId('button-clear-filters-inline').click();
      await page.getByTestId('button-sort').click();
      await page.getByTestId('menu-item-sort-contribution_desc').click();
      await expect.poll(() => page.locator('[data-testid^="link-tontine-"]').first().textContent()).toBe(`Abacuruzi ${run.language}`);
      // Nothing matches: said so, and the filters clear from there.
      await page.getByTestId('button-filters').click();
      await filters.getByTestId('select-filter-category').selectOption('student_savers');
      await filters.getByTestId('button-apply-filters').click();
      await page.getByTestId('empty-discover-filtered').waitFor();
      await shot('00-discover-empty');
      await page.getByTestId('button-clear-filters').click();
      await page.getByTestId(`link-tontine-${made.body.id}`).waitFor();

      // Creates a group of 4 from the Create Tontine dialog: it opens on the group's page, at its top.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByTestId('button-create-tontine').click();
      const create = page.getByTestId('dialog-create-tontine');
      await create.waitFor();
      await create.getByTestId('input-tontine-name').fill(`Abaturanyi ${run.language} ${Date.now().toString(36)}`);
      await create.getByTestId('input-tontine-description').fill('Twizigamira hamwe buri cyumweru');
      await create.getByTestId('input-tontine-amount').fill('5000');
      await create.getByTestId('select-tontine-frequency').selectOption('weekly');
      await create.getByTestId('input-tontine-max-members').fill('4');
      await shot('01-create', false);
      await create.getByTestId('button-submit-tontine').click();
      await page.waitForURL(/\/tontines\/[0-9a-f-]{36}$/);
      const groupId = page.url().split('/').at(-1)!;
      await page.getByTestId('text-tontine-name').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.scrollY), 'the group opens at its top').toBe(0);
      expect(await page.getByTestId('status-tontine').textContent()).toBe(run.words.forming);
      // The forming card: the seats left, who starts it (the creator, once a second member joined), when payments begin.
      const forming = page.getByTestId('card-forming');
      expect(await forming.getByTestId('text-forming-seats').textContent()).toMatch(run.words.seats(1, 4, 3));
      expect(await forming.getByTestId('text-forming-who-starts').textContent()).toBe(run.words.waitingToStart);
      expect(await forming.getByTestId('text-forming-first-due').textContent()).toMatch(run.words.firstDue);
      expect(await forming.getByTestId('button-start-tontine').count()).toBe(0);
      await shot('02-forming');

      for (const tab of ['chat', 'members', 'contributions'] as const) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.waitForLoadState('networkidle');
        await shot(`03-forming-${tab}`);
        await wordsWhole(page, `${run.language} forming ${tab}`);
      }

      // Two others join through the API: 3 of 4 seats.
      for (const name of ['Jean', 'Claudine']) {
        const other = await register(name, 'rw');
        const joined = await callApi(server.url, other.token, 'POST', `/api/tontines/${groupId}/join`);
        expect(joined.status).toBe(200);
      }
      // Back to the list (scrolled down to the card), and into the group again: it opens at its top.
      await page.getByTestId('link-back-to-tontines').click();
      const card = page.getByTestId(`link-tontine-${groupId}`);
      await card.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await card.click();
      await page.waitForURL(new RegExp(`/tontines/${groupId}$`));
      await page.getByTestId('text-tontine-name').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.scrollY), 'the group opens at its top from the list').toBe(0);
      // The page reads the group again on arrival (its cached copy said 1 of 4).
      await expect.poll(() => forming.getByTestId('text-forming-seats').textContent()).toBe(run.words.seats(3, 4, 1));
      expect(await forming.getByTestId('text-forming-who-starts').textContent()).toBe(run.words.canStart);
      await shot('04-ready-to-start');
      // Start, after a confirmation that says what starting means.
      await forming.getByTestId('button-start-tontine').click();
      const confirm = page.getByTestId('dialog-start-tontine');
      await confirm.waitFor();
      await shot('05-confirm-start', false);
      await confirm.getByTestId('button-confirm-start').click();
      await confirm.waitFor({ state: 'hidden' });
      await until(
        () => callApi<{ status: string }>(server.url, creator.token, 'GET', `/api/tontines/${groupId}`),
        (r) => r.body.status === 'active',
      );

      // Active: the Pay box, paid through the sandbox.
      const next = page.getByTestId('card-my-next-contribution');
      await next.waitFor();
      expect(await page.getByTestId('status-tontine').textContent()).toBe(run.words.active);
      await shot('06-active');
      for (const tab of ['chat', 'members', 'contributions'] as const) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.waitForLoadState('networkidle');
        await shot(`07-active-${tab}`);
        await wordsWhole(page, `${run.language} active ${tab}`);
      }
      await next.locator('[data-testid^="button-pay-"]').click();
      const pay = page.getByTestId('dialog-pay');
      await pay.waitFor();
      await shot('08-pay', false);
      await pay.getByTestId('button-confirm-pay').click();
      await until(
        () => callApi<{ tontineId: string; status: string }[]>(server.url, creator.token, 'GET', '/api/contributions/user'),
        (r) => r.body.some((c) => c.tontineId === groupId && c.status === 'completed'),
        30_000,
      );
      await page.keyboard.press('Escape');
      await shot('09-paid');
    });
  }

  // French and Swahili: the same pages and dialogs, each tab, each at 360 px without sideways scroll or broken words.
  for (const language of ['fr', 'sw'] as const) {
    it(`a forming group and Discover fit the phone (${language})`, async () => {
      const { page } = browser;
      const shot = (step: string, fullPage = true) => look(page, `${language}-${step}`, fullPage);
      const creator = await register('Aline', language);
      await page.context().addInitScript(
        (s) => {
          localStorage.setItem('ikimina_token', s.session.token);
          localStorage.setItem('ikimina_user', JSON.stringify(s.session.user));
          localStorage.setItem('ikimina_profile', JSON.stringify(s.session.profile ?? null));
          localStorage.setItem('ikimina_language', s.language);
        },
        { session: creator, language },
      );
      const made = await callApi<{ id: string }>(server.url, creator.token, 'POST', '/api/tontines', { name: `Wafanyabiashara ${language}`, description: 'Akiba ya kila wiki', contributionAmount: 5000, frequency: 'weekly', maxMembers: 5 });
      expect(made.status).toBe(201);
      const other = await register('Jean', language);
      expect((await callApi(server.url, other.token, 'POST', `/api/tontines/${made.body.id}/join`)).status).toBe(200);

      await page.goto(`${server.url}/tontines`);
      await page.getByTestId('tab-discover').click();
      await page.getByTestId('button-filters').click();
      await page.getByTestId('dialog-filters').waitFor();
      await shot('00-filters', false);
      expect(await seriousViolations(page), 'axe on the Filters dialog').toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/tontines/${made.body.id}`);
      await page.getByTestId('card-forming').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await shot('02-forming');
      await wordsWhole(page, `${language} forming`);
      expect(await seriousViolations(page), 'axe on the forming card').toEqual([]);
      for (const tab of ['members', 'contributions', 'chat'] as const) {
        await page.getByTestId(`tab-${tab}`).click();
        await shot(`03-forming-${tab}`);
        await wordsWhole(page, `${language} forming ${tab}`);
      }
      await page.getByTestId('button-start-tontine').click();
      await page.getByTestId('dialog-start-tontine').waitFor();
      await shot('05-confirm-start', false);
      expect(await seriousViolations(page), 'axe on the start confirmation').toEqual([]);

      // A group that does not exist: its state fits too.
      await page.goto(`${server.url}/tontines/00000000-0000-4000-8000-000000000000`);
      await page.getByTestId('page-tontine-not-found').waitFor();
      await shot('10-not-found');
      await wordsWhole(page, `${language} not found`);
    });
  }
});
