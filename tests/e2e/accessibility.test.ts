/**
 * Issue 16 in a real browser: every route at 360 × 640 (a cheap Android phone), signed out and
 * signed in, has no serious or critical WCAG 2.2 AA violation (axe-core run in the page), no
 * horizontal scroll, touch targets of at least 44 px and a reachable menu; the dialogs can be
 * used with the keyboard alone; a session the server ended brings the person back to the page
 * they were on after signing in again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { startServer, type E2eServer } from './support/server.ts';

const ROUTES = ['/', '/dashboard', '/dashboard?tab=contributions', '/tontines', '/loans', '/profile', '/security', '/no-such-page'];
const PASSWORD = 'umuganda2026';

/** Controls narrower or shorter than 44 px, visible on screen (inline links in a sentence are exempt). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="tab"], [role="button"], input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, a[href]')) {
      const box = el.getBoundingClientRect();
      // Not on screen, or visually hidden behind a visible control (a file input behind its button).
      if (box.width <= 1 || box.height <= 1 || el.closest('[aria-hidden="true"]')) continue;
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      if (box.height < 44 || box.width < 44) found.push(`${el.tagName.toLowerCase()}[${el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}] ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  });
}

/** The app has replaced the inline shell and the route's first data has arrived. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('#shell-main', { state: 'detached' });
  await page.waitForLoadState('networkidle');
  await page.waitForSelector('[data-testid="page-skeleton"]', { state: 'detached' });
  // Every region's data has arrived (skeletons carry aria-busy until then).
  await page.waitForSelector('main [aria-busy="true"]', { state: 'detached' });
  await page.getByTestId('button-language').waitFor();
}

describe.runIf(browserAvailable())('every page on a 360 × 640 phone, with a keyboard and an ended session', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  let seq = 0;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function register(): Promise<{ token: string; user: unknown; profile: unknown }> {
    const email = `a11y.${Date.now().toString(36)}${++seq}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName: 'Aline', lastName: 'Uwase' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; user: unknown; profile: unknown };
  }

  async function signInByStorage(page: Page, session: { token: string; user: unknown; profile: unknown }): Promise<void> {
    await page.context().addInitScript((s) => {
      if (sessionStorage.getItem('a11y_signed_in') !== null) return;
      sessionStorage.setItem('a11y_signed_in', '1');
      localStorage.setItem('ikimina_token', s.token);
      localStorage.setItem('ikimina_user', JSON.stringify(s.user));
      localStorage.setItem('ikimina_profile', JSON.stringify(s.profile ?? null));
    }, session);
  }

  async function checkEveryRoute(page: Page): Promise<string[]> {
    const problems: string[] = [];
    for (const route of ROUTES) {
      await settled(page, `${server.url}${route}`);
      for (const v of await seriousViolations(page)) problems.push(`${route}: ${v}`);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
      if (widths.scroll > widths.view) problems.push(`${route}: scrolls sideways (${widths.scroll} px wide in ${widths.view})`);
      for (const target of await smallTargets(page)) problems.push(`${route}: touch target under 44 px: ${target}`);
      // The small-screen menu is on screen and opens.
      await page.getByTestId('button-mobile-menu').click();
      await page.getByTestId('link-mobile-tontines').waitFor();
      await page.keyboard.press('Escape');
    }
    return problems;
  }

  it('signed out: no serious or critical axe violation, no sideways scroll, 44 px targets, the menu reachable', async () => {
    expect(await checkEveryRoute(browser.page)).toEqual([]);
  }, 240_000);

  it('signed in: the same on every page', async () => {
    const { page } = browser;
    await signInByStorage(page, await register());
    expect(await checkEveryRoute(page)).toEqual([]);
  }, 240_000);

  it('the sign-in dialog and the pay dialog work with the keyboard alone, and give focus back', async () => {
    const { page } = browser;
    await settled(page, server.url);
    // Tab from the top of the page to the header's Sign in.
    const seen: string[] = [];
    for (let i = 0; i < 30 && seen.at(-1) !== 'button-sign-in'; i++) {
      await page.keyboard.press('Tab');
      seen.push(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.outerHTML.slice(0, 60) ?? ''));
    }
    expect(seen.at(-1), seen.join(' → ')).toBe('button-sign-in');
    await page.keyboard.press('Enter');
    await page.getByTestId('dialog-sign-in').waitFor();
    expect(await page.evaluate(() => document.querySelector('[data-testid="dialog-sign-in"]')?.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('dialog-sign-in').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'button-sign-in', undefined, { timeout: 5_000 });

    // A member with a contribution due (a one-member group): Pay opens, Escape closes, focus returns.
    const session = await register();
    const created = await callApi<{ id: string }>(server.url, session.token, 'POST', '/api/tontines', {
      name: 'Keyboard Savers',
      description: 'Saving with the keyboard',
      contributionAmount: 5000,
      frequency: 'weekly',
      maxMembers: 1,
    });
    expect(created.status).toBe(201);
    await signInByStorage(page, session);
    await settled(page, `${server.url}/dashboard?tab=contributions`);
    const pay = page.locator('[data-testid^="button-pay-"]').first();
    await pay.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('dialog-pay').waitFor();
    expect(await page.evaluate(() => document.querySelector('[data-testid="dialog-pay"]')?.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('[data-testid="dialog-pay"]')?.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('dialog-pay').waitFor({ state: 'detached' });
    await page.waitForFunction(() => (document.activeElement?.getAttribute('data-testid') ?? '').startsWith('button-pay-'), undefined, { timeout: 5_000 });
  }, 120_000);

  it('a session the server ended: signed out with a word why, the sign-in dialog open, and back on the same page after signing in', async () => {
    const { page } = browser;
    const session = await register();
    await signInByStorage(page, session);
    await settled(page, `${server.url}/tontines`);
    const ended = await fetch(`${server.url}/api/auth/logout-everywhere`, { method: 'POST', headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(ended.status).toBe(204);

    await page.goto(`${server.url}/loans`);
    await page.getByTestId('toast').filter({ hasText: 'Session ended' }).waitFor();
    await page.getByTestId('dialog-sign-in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/loans');
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeNull();

    const email = ((session.user as { email: string }).email);
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill(PASSWORD);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
    await page.getByTestId('button-user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/loans');
  }, 120_000);
});
