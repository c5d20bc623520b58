/**
 * "Has this page settled?" for the demo video (npm run demo:record): a frame is filmed only once
 * nothing on the screen is still on its way, and the recording FAILS, naming the chapter, when a
 * frame at a chapter mark still shows something loading.
 *
 * A page has settled when all of these hold:
 *
 * - no element is `aria-busy="true"` (every loading region of the app is: components/skeleton.tsx,
 *   the stat cards, the verification cards, the inline shell);
 * - no skeleton is drawn: no `data-testid="skeleton…"` / `page-skeleton`, nothing pulsing
 *   (`animate-pulse`, also as `motion-safe:animate-pulse`);
 * - no spinner turns: no `data-testid="page-spinner"`, nothing with `animate-spin` (lucide's
 *   Loader2 in buttons and cards);
 * - the inline shell of index.html (web/shell/inline-shell.ts) has been replaced by the app;
 * - the fonts are loaded (`document.fonts.status`) and every image in view has arrived and decoded
 *   (a broken image counts too: it would be filmed as a hole);
 * - no request of the page is pending (counted by `trackRequests`, on the browser's side);
 * - the picture is still: two screenshots some hundred milliseconds apart are the same bytes (a
 *   pulse or a spinner that no selector knows still changes pixels).
 *
 * `findBusy` runs inside the page (`page.evaluate(findBusy)`), so it is one self-contained function:
 * no helper of its own, no import (tsx's keepNames would wrap a named inner function with a
 * `__name` call the page does not have).
 */
import type { Page, Request } from 'playwright-core';

/** What is still busy on the page, one line each ("skeleton [data-testid=skeleton-loans]"); empty when settled. Runs in the page. */
export function findBusy(): string[] {
  const found: string[] = [];
  const seen = new Set<Element>();
  const checks: [string, string][] = [
    ['[aria-busy="true"]', 'aria-busy'],
    ['[data-testid^="skeleton"], [data-testid="page-skeleton"], [class*="animate-pulse"]', 'skeleton'],
    ['[data-testid="page-spinner"], [class*="animate-spin"]', 'spinner'],
    ['[data-shell-text], [data-shell-action]', 'inline shell'],
  ];
  for (const [selector, what] of checks) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      // One line per region: the blocks inside a busy skeleton are not listed again.
      if (seen.has(element) || Array.from(seen).some((outer) => outer.contains(element))) continue;
      seen.add(element);
      const testId = element.getAttribute('data-testid');
      const where = testId ? `[data-testid=${testId}]` : `<${element.tagName.toLowerCase()} class="${(element.getAttribute('class') ?? '').slice(0, 60)}">`;
      found.push(`${what} ${where}`);
    }
  }
  if (document.fonts.status !== 'loaded') found.push('fonts still loading');
  for (const image of Array.from(document.images)) {
    const box = image.getBoundingClientRect();
    const inView = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    if (!inView) continue;
    if (!image.complete) found.push(`image still loading: ${image.currentSrc || image.src}`);
    else if (image.naturalWidth === 0) found.push(`image failed to load: ${image.currentSrc || image.src}`);
  }
  return found;
}

/** The page's requests that have started and not finished (nor failed), as "GET /api/…". */
export function trackRequests(page: Page): { pending(): string[] } {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  // A navigation drops the old document's requests without an event for each.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const request of inFlight) if (request.frame() === frame && !request.isNavigationRequest()) inFlight.delete(request);
  });
  return {
    pending: () =>
      Array.from(inFlight, (request) => {
        const url = new URL(request.url());
        return `${request.method()} ${url.origin === 'null' ? request.url() : url.pathname}`;
      }),
  };
}

/** Everything that keeps a page from being filmed: the page's own findings and the pending requests. */
export function busyReasons(found: readonly string[], pendingRequests: readonly string[]): string[] {
  return [...found, ...pendingRequests.map((request) => `request pending: ${request}`)];
}

/** The recording's failure: which chapter, which picture, and what was still busy. */
export class NotSettledError extends Error {
  constructor(chapter: string, scene: string, reasons: readonly string[]) {
    super(`demo:record: chapter "${chapter}", scene "${scene}": the page was still busy at the chapter mark: ${reasons.join('; ')}`);
    this.name = 'NotSettledError';
  }
}

/** Throws NotSettledError when anything is still busy; the check made at the moment of the mark. */
export function assertSettled(chapter: string, scene: string, reasons: readonly string[]): void {
  if (reasons.length > 0) throw new NotSettledError(chapter, scene, reasons);
}

/** Two screenshots of a still page are the same bytes (Chromium encodes the same pixels the same way). */
export function sameFrame(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

export interface SettleOptions {
  /** Gives up after this long and returns what is still busy (default 30 s). */
  timeoutMs?: number;
  /** How long the page must stay quiet: no busy element, no request, no changed pixel (default 500 ms). */
  quietMs?: number;
}

/**
 * Waits until the page has settled (see the header) and stays so for `quietMs`; returns [] then,
 * or the reasons still standing when `timeoutMs` has passed (the caller decides to throw).
 */
export async function waitUntilSettled(page: Page, requests: { pending(): string[] }, options: SettleOptions = {}): Promise<string[]> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const quietMs = options.quietMs ?? 500;
  const deadline = Date.now() + timeoutMs;
  let previous: Buffer | undefined;
  let quietSince: number | undefined;
  for (;;) {
    await page.evaluate(() => document.fonts.ready.then(() => true)).catch(() => undefined);
    const reasons = busyReasons(await page.evaluate(findBusy), requests.pending());
    const frame = await page.screenshot();
    if (previous !== undefined && !sameFrame(previous, frame)) reasons.push('the picture is still changing');
    previous = frame;
    if (reasons.length === 0) {
      quietSince ??= Date.now();
      if (Date.now() - quietSince >= quietMs) return [];
    } else {
      quietSince = undefined;
      if (Date.now() > deadline) return reasons;
    }
    await page.waitForTimeout(150);
  }
}
