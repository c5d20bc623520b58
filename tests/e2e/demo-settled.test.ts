/**
 * The demo video's settled-check (scripts/demo/settled.ts), in a real Chromium: a page with a
 * skeleton, a spinner, a busy region, the inline shell, a broken image, a pending request or an
 * animation is not settled, and says which; a finished page is; the recording's error names the
 * chapter. Pages are served by playwright routes on http://demo.test (no server, no network).
 * The app's own skeletons, busy figures and a loaded dashboard are checked in skeletons.test.ts.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertSettled, busyReasons, findBusy, trackRequests, waitUntilSettled } from '../../scripts/demo/settled.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';

const ORIGIN = 'http://demo.test';
const FAST = { timeoutMs: 1_500, quietMs: 300 };

/** Serves `body` at http://demo.test/ and opens it; other addresses answer as `routes` says. */
async function show(page: Page, body: string, routes: Record<string, (route: Route) => Promise<void>> = {}): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const handler = routes[path];
    if (handler) return handler(route);
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body>${body}</body></html>` });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/`);
}

describe.runIf(browserAvailable())('the demo recording waits for a settled page', () => {
  const browser = useBrowserPage({ viewport: { width: 800, height: 600 } });

  it('a finished page is settled: nothing busy, no request pending, a still picture', async () => {
    const { page } = browser;
    const requests = trackRequests(page);
    await show(page, '<h1>Dashboard</h1><p>50,000 RWF</p><div aria-busy="false">done</div>');
    expect(await page.evaluate(findBusy)).toEqual([]);
    expect(await waitUntilSettled(page, requests, FAST)).toEqual([]);
  });

  it('names each thing still loading: busy regions, skeletons, spinners and the inline shell', async () => {
    const { page } = browser;
    await show(
      page,
      `<div aria-busy="true" data-testid="skeleton-loans"><span class="block bg-muted motion-safe:animate-pulse"></span></div>
       <div role="status" data-testid="page-spinner"><svg class="lucide size-8 animate-spin"></svg></div>
       <button><svg class="animate-spin"></svg>Sign in</button>
       <span class="h-8 w-48 rounded-lg bg-muted animate-pulse"></span>
       <section aria-busy="true">figures</section>
       <h1 data-shell-text="title"></h1>`,
    );
    const found = await page.evaluate(findBusy);
    expect(found).toEqual([
      'aria-busy [data-testid=skeleton-loans]',
      'aria-busy <section class="">',
      'skeleton <span class="h-8 w-48 rounded-lg bg-muted animate-pulse">',
      'spinner [data-testid=page-spinner]',
      'spinner <svg class="animate-spin">',
      'inline shell <h1 class="">',
    ]);
  });

  it('an image in view that has not arrived, or is broken, keeps the page busy; one out of view does not', async () => {
    const { page } = browser;
    let releaseImage!: () => void;
    const imageHeld = new Promise<void>((resolve) => (releaseImage = resolve));
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/slow.png') {
        await imageHeld;
        return route.fulfill({ status: 404, body: '' }).catch(() => undefined);
      }
      if (path === '/') {
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html><body style="margin:0"><img src="/slow.png" width="40" height="40" alt="slow"><div style="height:2000px"></div><img src="/far.png" width="40" height="40" alt="far"></body></html>',
        });
      }
      return route.fulfill({ status: 404, body: '' });
    });
    await page.goto(`${ORIGIN}/`, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(findBusy)).toEqual([`image still loading: ${ORIGIN}/slow.png`]);
    releaseImage();
    await page.waitForFunction(() => document.images[0]!.complete);
    expect(await page.evaluate(findBusy)).toEqual([`image failed to load: ${ORIGIN}/slow.png`]);
  });

  it('a request that has not answered keeps the page busy until it does', async () => {
    const { page } = browser;
    const requests = trackRequests(page);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await show(page, '<p id="out">…</p><script>fetch("/api/dashboard/summary").then(r => r.text()).then(t => { document.getElementById("out").textContent = t })</script>', {
      '/api/dashboard/summary': async (route) => {
        await answered;
        await route.fulfill({ contentType: 'text/plain', body: 'ready' });
      },
    });
    expect(await waitUntilSettled(page, requests, FAST)).toEqual(['request pending: GET /api/dashboard/summary']);
    answer();
    expect(await waitUntilSettled(page, requests, FAST)).toEqual([]);
    await expect.poll(() => page.textContent('#out')).toBe('ready');
  });

  it('an animation no selector knows is caught by the picture changing', async () => {
    const { page } = browser;
    const requests = trackRequests(page);
    await show(
      page,
      `<style>@keyframes turn { to { transform: rotate(360deg) } } #wheel { width: 60px; height: 60px; background: linear-gradient(90deg, red, blue); animation: turn 1s linear infinite }</style><div id="wheel"></div>`,
    );
    expect(await page.evaluate(findBusy)).toEqual([]);
    expect(await waitUntilSettled(page, requests, FAST)).toEqual(['the picture is still changing']);
  });

  it('the recording fails with the chapter, the scene and what was busy', () => {
    expect(() => assertSettled('Your dashboard', 'AI insights and recent activity', busyReasons(['skeleton [data-testid=skeleton-loans]'], ['GET /api/loans']))).toThrow(
      'demo:record: chapter "Your dashboard", scene "AI insights and recent activity": the page was still busy at the chapter mark: skeleton [data-testid=skeleton-loans]; request pending: GET /api/loans',
    );
    expect(() => assertSettled('Your dashboard', 'AI insights and recent activity', [])).not.toThrow();
  });
});
