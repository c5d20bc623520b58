/**
 * Issue 15, "no link in the product leads to a 404": from `/`, signed out and signed in, every
 * link and every button that navigates reaches a page that is not the 404 page.
 *
 * How: a breadth-first walk over the pages reached from `/`. On each page every same-origin
 * `<a href>` is collected (the header's account and mobile menus too: they are opened, and so is
 * every other button, whose click may reveal more links), and every visible button outside a form
 * is clicked on a fresh load of the page; a click that changes the path is a navigation, checked
 * like a link. Requests that would change data (any API call but GET) are aborted, so clicking a
 * Pay, Join or Logout button changes nothing. Both viewports: the mobile menu only shows on narrow
 * screens.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackRequests } from '../../scripts/demo/settled.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';

/** Spec part 2: Merchant payments' 'Register as Merchant' goes to /merchant-registration, off the route table on purpose. */
const INTENTIONAL_404 = ['/merchant-registration'];

const MAX_PAGES = 25;
const MAX_BUTTONS_PER_PAGE = 30;

interface Finding {
  from: string;
  via: string;
  to: string;
}

function allowed(path: string): boolean {
  return INTENTIONAL_404.includes(path);
}

describe.runIf(browserAvailable())('crawling the product for 404s', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newContext(viewport: { width: number; height: number; buttons: string }, session: { token: string; user: unknown } | null): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    if (session) {
      await context.addInitScript((s) => {
        localStorage.setItem('ikimina_token', s.token);
        localStorage.setItem('ikimina_user', JSON.stringify(s.user));
        localStorage.setItem('ikimina_profile', JSON.stringify(null));
      }, session);
    }
    // Nothing is changed while crawling: every API call but a read is refused before it leaves.
    await context.route('**/api/**', (route) => (route.request().method() === 'GET' ? route.continue() : route.abort()));
    return context;
  }

  /**
   * Until the page is at rest: its screen rendered (support/screen-rendered.ts), no API call of the
   * page pending (a guard's read, a click's refused call), and the address unchanged over two
   * frames, twice in a row: a redirect that an effect of the last render makes, or that an answer
   * leads to, has happened by then, and the screen it leads to is waited for the same way.
   * Conditions, not pauses: a page at rest is left at once; one that never comes to rest (a
   * screen that polls all the time) after 5 s, as it is.
   */
  async function settle(page: Page, requests: { pending(): string[] }): Promise<void> {
    const deadline = Date.now() + 5_000;
    let rendered: string | undefined;
    let quiet = 0;
    while (quiet < 2 && Date.now() < deadline) {
      if (page.url() !== rendered) {
        rendered = page.url();
        await screenRendered(page);
      }
      const drawn = await page
        .evaluate(() => new Promise<boolean>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))))
        .catch(() => false); // the document was replaced meanwhile
      quiet = drawn && page.url() === rendered && !requests.pending().some((request) => request.includes(' /api/')) ? quiet + 1 : 0;
    }
  }

  const isNotFound = async (page: Page) => (await page.getByTestId('page-not-found').count()) > 0;

  async function linksOn(page: Page): Promise<string[]> {
    const origin = new URL(server.url).origin;
    const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    return hrefs
      .map((href) => new URL(href))
      .filter((url) => url.origin === origin && !url.pathname.startsWith('/api/'))
      .map((url) => url.pathname);
  }

  /** Walks from `/`; answers the navigations that reached the 404 page, and what was visited. */
  async function crawl(context: BrowserContext, buttons: string): Promise<{ broken: Finding[]; visited: string[]; clicked: number }> {
    const page = await context.newPage();
    const requests = trackRequests(page);
    const queue: Finding[] = [{ from: '(start)', via: 'start', to: '/' }];
    const seen = new Set<string>(['/']);
    const visited: string[] = [];
    const broken: Finding[] = [];
    let clicked = 0;
    // A button of the shell (language, theme, menus…) is the same on every page: pressed once.
    const pressed = new Set<string>();

    const enqueue = (from: string, via: string, to: string) => {
      if (seen.has(to)) return;
      seen.add(to);
      queue.push({ from, via, to });
    };

    while (queue.length > 0 && visited.length < MAX_PAGES) {
      const target = queue.shift()!;
      await page.goto(`${server.url}${target.to}`);
      await settle(page, requests);
      const landed = new URL(page.url()).pathname;
      if (await isNotFound(page)) {
        if (!allowed(target.to)) broken.push(target);
        continue;
      }
      visited.push(target.to);
      for (const link of await linksOn(page)) enqueue(landed, 'link', link);

      // Every button outside a form, each on a fresh load of the page.
      const candidates = await page.locator(buttons).evaluateAll((elements) =>
        elements.map((element) => ({
          testId: element.getAttribute('data-testid'),
          label: (element.textContent ?? '').trim().slice(0, 40),
          skip: element.closest('form') !== null || (element as HTMLButtonElement).disabled,
        })),
      );
      const chosen: { index: number; label: string }[] = [];
      for (const [index, candidate] of candidates.entries()) {
        const key = candidate.testId ?? `${target.to} ${candidate.label} ${index}`;
        if (candidate.skip || pressed.has(key) || chosen.length >= MAX_BUTTONS_PER_PAGE) continue;
        pressed.add(key);
        chosen.push({ index, label: candidate.testId ?? (candidate.label || `button #${index}`) });
      }
      for (const { index, label } of chosen) {
        await page.goto(`${server.url}${target.to}`);
        await settle(page, requests);
        const button = page.locator(buttons).nth(index);
        if ((await button.count()) === 0) continue;
        const before = new URL(page.url()).pathname;
        await button.click({ timeout: 3_000 }).catch(() => {});
        clicked++;
        await settle(page, requests);
        const after = new URL(page.url()).pathname;
        if (after !== before) {
          if (await isNotFound(page)) {
            if (!allowed(after)) broken.push({ from: before, via: `button "${label}"`, to: after });
          } else enqueue(before, `button "${label}"`, after);
        }
        // A menu or dialog the click opened may hold more links.
        for (const link of await linksOn(page)) enqueue(after, `link behind "${label}"`, link);
      }
    }
    await page.close();
    return { broken, visited, clicked };
  }

  async function signedInSession(): Promise<{ token: string; user: unknown }> {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `crawler.${Date.now().toString(36)}@example.rw`, password: 'umuganda2026', firstName: 'Crawler', lastName: 'Test' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; user: unknown };
    return { token: body.token, user: body.user };
  }

  // Every button on the desktop; on a phone the menus (the links in them differ by viewport).
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800, buttons: 'button:visible' },
    { name: 'mobile', width: 360, height: 640, buttons: '[data-testid="button-mobile-menu"]:visible, [data-testid="button-user-menu"]:visible' },
  ]) {
    it(`signed out (${viewport.name}): no link or button leads to the 404 page`, { timeout: 600_000 }, async () => {
      const context = await newContext(viewport, null);
      const { broken, visited, clicked } = await crawl(context, viewport.buttons);
      await context.close();
      expect(broken, JSON.stringify(broken, null, 2)).toEqual([]);
      for (const page of ['/', '/learn-more', '/demo', '/privacy', '/terms', '/education']) expect(visited).toContain(page);
      expect(clicked).toBeGreaterThan(viewport.name === 'desktop' ? 10 : 0);
    });

    it(`signed in (${viewport.name}): no link, menu item or button leads to the 404 page`, { timeout: 600_000 }, async () => {
      const context = await newContext(viewport, await signedInSession());
      const { broken, visited } = await crawl(context, viewport.buttons);
      await context.close();
      expect(broken, JSON.stringify(broken, null, 2)).toEqual([]);
      for (const page of ['/dashboard', '/tontines', '/loans', '/education', '/profile']) expect(visited).toContain(page);
    });
  }
});
