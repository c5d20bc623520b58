/**
 * Issue 16, "skeletons on data screens", in a real browser at 360 × 640: while the dashboard's and
 * the tontines list's API answers are held back (playwright routes), each data region shows a
 * skeleton that is busy (`aria-busy="true"`) and says "Loading…" in the member's language, never
 * '—' nor an empty-state sentence; axe finds nothing serious in that loading state; the blocks are
 * still for a member who asked for reduced motion; once the answers are let through the real
 * content replaces them, with the page's layout shift under the "good" threshold of 0.1. Every
 * other data screen is held the same way and must show a busy region and nothing serious for axe.
 *
 * Screenshots of both states (the 360 × 640 screen and the whole page) are written to the directory
 * SKELETON_SCREENSHOTS when it is set.
 */
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { findBusy, trackRequests, waitUntilSettled } from '../../scripts/demo/settled.ts';
import { startServer, type E2eServer } from './support/server.ts';

const PASSWORD = 'umuganda2026';
const SCREENSHOTS = process.env.SKELETON_SCREENSHOTS;

/** API answers held until `release()`: the page stays in its loading state as long as the test wants. */
function holdBack(page: Page, paths: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  const handler = async (route: Route) => {
    held += 1;
    await released;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  };
  const matches = (url: URL) => url.pathname.startsWith('/api/') && paths.test(url.pathname);
  return {
    start: () => page.route(matches, handler),
    /** Lets the held answers through, and the later ones straight away. */
    release: async () => {
      release();
      await page.unroute(matches, handler);
    },
    held: () => held,
  };
}

/** Sums Chromium's layout-shift entries from the first paint on (what CLS adds up). */
async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __layoutShift: number };
    record.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.__layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS === undefined) return;
  await page.screenshot({ path: join(SCREENSHOTS, `skeletons-${name}.png`) });
  await page.screenshot({ path: join(SCREENSHOTS, `skeletons-${name}-full.png`), fullPage: true });
}

describe.runIf(browserAvailable())('skeletons while a data screen loads, at 360 × 640', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  let seq = 0;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function signedInMember(page: Page, language?: string): Promise<{ token: string }> {
    const email = `skeleton.${Date.now().toString(36)}${++seq}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName: 'Aline', lastName: 'Uwase' }),
    });
    expect(res.status).toBe(201);
    const session = (await res.json()) as { token: string; user: unknown; profile: unknown };
    await page.context().addInitScript(
      ({ s, lang }) => {
        localStorage.setItem('ikimina_token', s.token);
        localStorage.setItem('ikimina_user', JSON.stringify(s.user));
        localStorage.setItem('ikimina_profile', JSON.stringify(s.profile ?? null));
        if (lang !== null) localStorage.setItem('ikimina_language', lang);
      },
      { s: session, lang: language ?? null },
    );
    return session;
  }

  /** The app has replaced index.html's shell and the route's chunk is in. */
  async function appRendered(page: Page): Promise<void> {
    await page.waitForSelector('#shell-main', { state: 'detached' });
    await page.waitForSelector('[data-testid="page-skeleton"]', { state: 'detached' });
  }

  it('/dashboard: busy skeletons saying Loading…, no "—", nothing serious for axe, still under reduced motion; then the real figures', async () => {
    const { page } = browser;
    await signedInMember(page);
    await recordLayoutShift(page);
    const held = holdBack(page, /^\/api\/(dashboard\/summary|tontines\/user|loans|loans\/summary|credit-score|user)$/);
    await held.start();
    const requests = trackRequests(page);
    await page.goto(`${server.url}/dashboard`);
    await appRendered(page);

    // Each figure's card is busy, keeps its label and says Loading… instead of a value.
    for (const card of ['stat-dashboard-total-savings', 'stat-dashboard-active-tontines', 'stat-dashboard-credit-score', 'stat-dashboard-active-loans', 'stat-savings-streak', 'stat-next-payment', 'stat-available-credit']) {
      const locator = page.getByTestId(card);
      await expect.poll(() => locator.getAttribute('aria-busy')).toBe('true');
      expect(await page.getByTestId(`${card}-value`).textContent()).toBe('Loading…');
    }
    const activity = page.getByTestId('skeleton-recent-activity');
    await activity.waitFor();
    expect(await activity.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByTestId('skeleton-profile-header').getAttribute('aria-busy')).toBe('true');
    // Loading is neither "nothing" nor "unknown".
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('—');
    expect(text).not.toContain('No activity yet');
    expect(held.held()).toBeGreaterThanOrEqual(5);

    // The blocks pulse, and stop for a member who asked for reduced motion.
    const block = page.locator('[data-testid="skeleton-recent-activity"] [aria-hidden="true"]').first();
    expect(await block.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await block.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-loading');
    // The demo recorder's settled-check (npm run demo:record) sees this loading state…
    expect(await page.evaluate(findBusy)).toEqual(
      expect.arrayContaining(['aria-busy [data-testid=stat-dashboard-total-savings]', 'aria-busy [data-testid=skeleton-recent-activity]', 'aria-busy [data-testid=skeleton-profile-header]']),
    );

    await held.release();
    await page.waitForSelector('main [aria-busy="true"]', { state: 'detached' });
    // A new member's real figures and the real empty state.
    expect(await page.getByTestId('stat-dashboard-total-savings-value').textContent()).toMatch(/^0\s?RWF$|^RWF\s?0$/);
    expect(await page.getByTestId('stat-dashboard-active-tontines-value').textContent()).toBe('0');
    expect(await page.getByTestId('card-recent-activity').textContent()).toContain('No activity yet');
    await page.getByTestId('text-profile-name').waitFor();
    await screenshot(page, 'dashboard-loaded');
    // …and finds nothing busy on the loaded dashboard.
    expect(await waitUntilSettled(page, requests, { timeoutMs: 15_000 })).toEqual([]);
    const shift = await layoutShift(page);
    expect(shift, `layout shift ${shift}`).toBeLessThan(0.1);
  });

  it('/dashboard?tab=contributions: the panel is a skeleton of its four figures and lists until the contributions arrive', async () => {
    const { page } = browser;
    await signedInMember(page);
    const held = holdBack(page, /^\/api\/contributions\/user$/);
    await held.start();
    await page.goto(`${server.url}/dashboard?tab=contributions`);
    await appRendered(page);
    const panel = page.getByTestId('skeleton-contributions');
    await panel.waitFor();
    expect(await panel.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByTestId('stat-total-contributed-value').textContent()).toBe('Loading…');
    await held.release();
    await page.getByTestId('panel-contributions').waitFor();
    expect(await page.getByTestId('skeleton-contributions').count()).toBe(0);
  });

  it('/tontines in French: the list and figures are busy and say « Chargement… », then the member’s group replaces them', async () => {
    const { page } = browser;
    const { token } = await signedInMember(page, 'fr');
    const group = await callApi<{ id: string }>(server.url, token, 'POST', '/api/tontines', {
      name: 'Abahuje Savers',
      description: 'Saving together every week',
      contributionAmount: 5000,
      frequency: 'weekly',
      maxMembers: 5,
    });
    expect(group.status).toBe(201);
    await recordLayoutShift(page);
    const held = holdBack(page, /^\/api\/(tontines|tontines\/user|dashboard\/summary)$/);
    await held.start();
    await page.goto(`${server.url}/tontines`);
    await appRendered(page);

    const list = page.getByTestId('skeleton-tontine-list');
    await list.waitFor();
    expect(await list.getAttribute('aria-busy')).toBe('true');
    expect(await list.textContent()).toBe('Chargement…');
    for (const card of ['stat-total-savings', 'stat-active-tontines', 'stat-community-members', 'stat-next-payout']) {
      expect(await page.getByTestId(card).getAttribute('aria-busy')).toBe('true');
      expect(await page.getByTestId(`${card}-value`).textContent()).toBe('Chargement…');
    }
    expect((await page.locator('main').textContent()) ?? '').not.toContain('—');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tontines-loading');

    await held.release();
    await page.getByTestId(`card-tontine-${group.body.id}`).waitFor();
    await page.waitForSelector('main [aria-busy="true"]', { state: 'detached' });
    expect(await page.getByTestId('stat-active-tontines-value').textContent()).not.toBe('Chargement…');
    await screenshot(page, 'tontines-loaded');
    const shift = await layoutShift(page);
    expect(shift, `layout shift ${shift}`).toBeLessThan(0.1);
  });

  it('every other data screen: busy and saying Loading… while its calls are held, no "—", nothing serious for axe; then no skeleton left', async () => {
    const { page } = browser;
    const { token } = await signedInMember(page);
    const group = await callApi<{ id: string }>(server.url, token, 'POST', '/api/tontines', {
      name: 'Twizigamire',
      description: 'Monthly savings',
      contributionAmount: 10000,
      frequency: 'monthly',
      maxMembers: 4,
    });
    expect(group.status).toBe(201);
    // A plain member: the merchant and agent screens end in their "register first" states.
    const routes = ['/loans', `/tontines/${group.body.id}`, '/profile', '/security', '/education', '/ai-chat', '/dashboard?tab=verification', '/merchant/dashboard', '/merchant/payments', '/agent/dashboard', '/agent/register', '/merchant/register'];
    const problems: string[] = [];
    for (const route of routes) {
      const held = holdBack(page, /./);
      await held.start();
      await page.goto(`${server.url}${route}`);
      await appRendered(page);
      const busy = page.locator('main [aria-busy="true"]').first();
      const shown = await busy.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (!shown) problems.push(`${route}: no busy region while its calls are held`);
      else if (!/Loading/.test((await busy.textContent()) ?? '')) problems.push(`${route}: the busy region does not say Loading`);
      if (((await page.locator('main').textContent()) ?? '').includes('—')) problems.push(`${route}: "—" while loading`);
      for (const violation of await seriousViolations(page)) problems.push(`${route}: ${violation}`);
      await held.release();
      const settled = await page.waitForSelector('main [aria-busy="true"]', { state: 'detached', timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (!settled) problems.push(`${route}: a skeleton stays after the answers`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('an answer that fails shows the error message, not a skeleton for ever', async () => {
    const { page } = browser;
    await signedInMember(page);
    await page.route(
      (url) => url.pathname === '/api/tontines/user',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'broken' }) }),
    );
    await page.goto(`${server.url}/tontines`);
    await appRendered(page);
    await page.getByText('We could not load the tontines. Please try again later.').waitFor();
    expect(await page.getByTestId('skeleton-tontine-list').count()).toBe(0);
  });
});
