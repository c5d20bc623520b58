/**
 * Issue 16, what bench:web measures, as facts a browser test can hold (times depend on the
 * machine; requests do not):
 * - a first visit to `/` signed out loads the entry, the landing chunks, the icons and nothing
 *   else: no menus, dialogs or data code until the pointer or focus reaches a header control, and
 *   the menu then opens on a press;
 * - the signed-in dashboard's API calls are started by index.html's inline script (ROUTE_DATA),
 *   each answer is used by the screen (each call made once, not asked again), and the figures show;
 *   answers that arrived before the JavaScript are shown by the first render (no busy card first);
 * - the dashboard waits for no dialog code: neither the dialogs group nor the assistant's, the Pay
 *   dialog's or the other tabs' chunks are preloaded for it or fetched before they are wanted, and a
 *   press on an assistant button before its chunk has arrived opens the dialog when it does;
 * - neither fetches the rarer screens' English texts (en-screens.ts); a screen that uses them
 *   waits for them, and never shows a raw key.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enScreens } from '../../web/src/locales/en-screens.ts';
import { ROUTE_DATA } from '../../web/shell/inline-shell.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { startServer, type E2eServer } from './support/server.ts';

/** Every request the page makes from now on, by path. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}
const pathOf = (request: Request) => new URL(request.url()).pathname;
const scripts = (requests: Request[]) => requests.filter((r) => r.resourceType() === 'script').map(pathOf);

describe.runIf(browserAvailable())('what a slow phone downloads first', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the landing page loads only its own code; the menus come when the pointer reaches them', async () => {
    const { page } = browser;
    const requests = recordRequests(page);
    await page.goto(`${server.url}/`);
    await page.getByTestId('button-get-started').waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = scripts(requests);
    expect(loaded.some((path) => /\/assets\/index-/.test(path))).toBe(true);
    expect(loaded.some((path) => /\/assets\/landing-/.test(path))).toBe(true);
    // Nothing the landing page does not render: no menus, dialogs, zod or API code, no stylesheet file.
    expect(loaded.filter((path) => /\/assets\/(menus|dialogs|data|header-menus|toaster|dashboard|en-screens)-/.test(path))).toEqual([]);
    expect(requests.filter((r) => r.resourceType() === 'stylesheet')).toEqual([]);
    expect(requests.filter((r) => pathOf(r).startsWith('/api/'))).toEqual([]);

    // The pointer reaching the menu button fetches the menus; a press opens it.
    const menuButton = page.getByTestId('button-mobile-menu');
    await Promise.all([page.waitForResponse((response) => /\/assets\/header-menus-/.test(new URL(response.url()).pathname)), menuButton.hover()]);
    await menuButton.tap();
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
  });

  async function signIn(page: Page): Promise<void> {
    const email = `speed.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'umuganda2026', firstName: 'Aline', lastName: 'Uwase' }),
    });
    expect(res.status).toBe(201);
    const session = (await res.json()) as { token: string; user: unknown; profile?: unknown };
    await page.addInitScript((stored) => {
      localStorage.setItem('ikimina_token', stored.token);
      localStorage.setItem('ikimina_user', JSON.stringify(stored.user));
      localStorage.setItem('ikimina_profile', JSON.stringify(stored.profile ?? null));
    }, session);
  }

  it("the dashboard's API calls leave with index.html, before any JavaScript file has arrived", async () => {
    const { page } = browser;
    await signIn(page);
    // No script file ever arrives: only the document's inline script can make these calls.
    await page.route('**/assets/*.js', (route) => route.abort());
    const requests = recordRequests(page);
    await page.goto(`${server.url}/dashboard`);
    const prefetched = ROUTE_DATA['/dashboard']!.paths;
    await expect.poll(() => prefetched.filter((path) => !requests.some((r) => pathOf(r) === path))).toEqual([]);
    for (const request of requests.filter((r) => prefetched.includes(pathOf(r)))) {
      expect(await request.headerValue('authorization'), pathOf(request)).toMatch(/^Bearer \S+/);
    }
  });

  it('the dashboard uses each answer started early: each of its calls is made once', async () => {
    const { page } = browser;
    await signIn(page);
    const requests = recordRequests(page);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('stat-dashboard-total-savings-value').textContent(), { timeout: 30_000 }).toMatch(/\d/);
    await page.waitForLoadState('networkidle');
    const apiCalls = requests.filter((r) => pathOf(r).startsWith('/api/')).map(pathOf);
    for (const path of ROUTE_DATA['/dashboard']!.paths) expect(apiCalls.filter((p) => p === path), path).toHaveLength(1);
  });

  it('answers that arrived before the JavaScript are in the first render: the figures show with no busy card first', async () => {
    const { page } = browser;
    await signIn(page);
    // The entry arrives 1.5 s late, long after the dashboard's answers (started by index.html).
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    // Every state the savings card is ever shown in, from the first render on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { savingsCardStates: string[] }).savingsCardStates = seen;
      new MutationObserver(() => {
        const card = document.querySelector('[data-testid="stat-dashboard-total-savings"]');
        if (card === null) return;
        const state = `${card.getAttribute('aria-busy') === 'true' ? 'busy' : 'shown'}:${card.querySelector('[data-testid="stat-dashboard-total-savings-value"]')?.textContent ?? ''}`;
        if (seen.at(-1) !== state) seen.push(state);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('stat-dashboard-total-savings-value').textContent(), { timeout: 30_000 }).toMatch(/\d/);
    const states = await page.evaluate(() => (window as unknown as { savingsCardStates: string[] }).savingsCardStates);
    expect(states[0]).toMatch(/^shown:.*\d/);
    expect(states.filter((state) => state.startsWith('busy'))).toEqual([]);
  });

  it("the dashboard waits for no dialog code; a press before the assistant's chunk arrives still opens it", async () => {
    const { page } = browser;
    await signIn(page);
    const requests = recordRequests(page);
    // The assistant's chunk arrives 1.5 s after it is asked for: the press comes before it.
    await page.route('**/assets/assistant-dialog-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    // What index.html's inline script preloads for the address, read before the idle-time menus add theirs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const links = document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]');
        (window as unknown as { preloadedAtStart: string[] }).preloadedAtStart = [...links].map((link) => new URL(link.href).pathname);
      });
    });
    await page.goto(`${server.url}/dashboard`);
    const preloaded = await page.evaluate(() => (window as unknown as { preloadedAtStart: string[] }).preloadedAtStart);
    expect(preloaded.some((path) => /\/assets\/dashboard-/.test(path))).toBe(true);
    expect(preloaded.filter((path) => /\/assets\/(dialogs|menus)-/.test(path))).toEqual([]);
    await expect.poll(() => page.getByTestId('stat-dashboard-total-savings-value').textContent(), { timeout: 30_000 }).toMatch(/\d/);
    const wantedLater = /\/assets\/(assistant-dialog|pay-contribution-dialog|verification-cards|dashboard-contributions-tab|en-screens)-/;
    expect(scripts(requests).filter((path) => wantedLater.test(path))).toEqual([]);

    // Keyboard: focus reaches the button (the chunk is asked for), Enter presses it at once.
    const assistantButton = page.getByTestId('button-open-assistant');
    await assistantButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('dialog-assistant').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(scripts(requests).filter((path) => /\/assets\/assistant-dialog-/.test(path))).toHaveLength(1);
  });

  it("a screen using the rarer screens' English texts waits for them and never shows a raw key", async () => {
    const { page } = browser;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/en-screens-*.js', async (route) => {
      await held;
      await route.continue();
    });
    // The route's own chunk arrives; its texts are still held back.
    await Promise.all([
      page.waitForRequest((request) => /\/assets\/en-screens-/.test(pathOf(request))),
      page.waitForResponse((response) => /\/assets\/learn-more-/.test(new URL(response.url()).pathname)),
      page.goto(`${server.url}/learn-more`),
    ]);
    await page.waitForTimeout(500);
    const rawKey = /\b(learnMore|legal|demo|education|profile)\.[a-zA-Z]/;
    expect(await page.locator('body').innerText()).not.toMatch(rawKey);
    expect(await page.getByText(enScreens.learnMore.hero.title).count()).toBe(0);
    release();
    await page.getByText(enScreens.learnMore.hero.title).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(rawKey);
  });
});
