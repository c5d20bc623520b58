/**
 * Issue 2 in a real browser against the real server (`tsx apps/main.ts`, its own database):
 * the landing page and header, creating an account, signing out, the dialog's validation,
 * a refused password, e-mailed sign-in links read back through the admin CLI, the 404 page,
 * theme and language, and the Google button following the server's configuration.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { startServer, type E2eServer } from './support/server.ts';

describe.runIf(browserAvailable())('accounts in the browser', () => {
  let server: E2eServer;
  const browser = useBrowserPage();
  let seq = 0;
  const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${++seq}@example.rw`;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

  async function openSignInDialog(page: Page) {
    await page.getByTestId('button-sign-in').click();
    await page.getByTestId('dialog-sign-in').waitFor();
  }

  /** A password account made through the API, for tests about signing in rather than signing up. */
  async function registerThroughApi(email: string, password: string) {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, firstName: 'Claudine', lastName: 'Ingabire' }),
    });
    expect(res.status).toBe(201);
  }

  it('shows the landing page, creates an account in the dialog, then logs out', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByTestId('page-landing').waitFor();
    expect(await page.locator('h1').first().textContent()).toBe('Save together. Borrow fairly. Grow as a community.');
    for (const id of ['link-ai-assistant', 'button-language', 'button-theme-toggle', 'button-sign-in', 'button-get-started', 'button-sign-up-now']) {
      expect(await page.getByTestId(id).isVisible(), id).toBe(true);
    }
    // The mobile menu is for narrow screens only.
    expect(await page.getByTestId('button-mobile-menu').isVisible()).toBe(false);

    await openSignInDialog(page);
    await page.getByTestId('link-switch-to-register').click();
    const email = uniqueEmail('aline');
    await page.getByTestId('input-first-name').fill('Aline');
    await page.getByTestId('input-last-name').fill('Mukamana');
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill('umuganda2026');
    await page.getByTestId('input-confirm-password').fill('umuganda2026');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);

    await page.getByTestId('button-user-menu').waitFor();
    await toast(page, 'Welcome to Ikimina!').waitFor();
    // Signed in, / sends a member without agent or merchant profile to the dashboard.
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByTestId('card-profile-header').waitFor();
    expect(await page.getByTestId('button-sign-in').count()).toBe(0);
    const storedUser = JSON.parse((await page.evaluate(() => localStorage.getItem('ikimina_user'))) ?? 'null') as { email?: string } | null;
    expect(storedUser?.email).toBe(email);

    await page.getByTestId('button-user-menu').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('menu-item-logout').click()]);
    await toast(page, 'Logged out').waitFor();
    await page.getByTestId('button-sign-in').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeNull();
  });

  it("shows the dialog's validation messages without calling the server", async () => {
    const { page } = browser;
    const authCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login') || request.url().includes('/api/auth/register')) authCalls.push(request.url());
    });
    await page.goto(server.url);
    await openSignInDialog(page);

    await page.getByTestId('button-submit-auth').click();
    expect(await page.getByTestId('error-email').textContent()).toBe('Please enter a valid email address');
    expect(await page.getByTestId('error-password').textContent()).toBe('Password is required');

    await page.getByTestId('link-switch-to-register').click();
    await page.getByTestId('button-submit-auth').click();
    expect(await page.getByTestId('error-email').textContent()).toBe('Please enter a valid email address');
    expect(await page.getByTestId('error-firstName').textContent()).toBe('First name is required');
    expect(await page.getByTestId('error-lastName').textContent()).toBe('Last name is required');

    await page.getByTestId('input-first-name').fill('Jean');
    await page.getByTestId('input-last-name').fill('Habimana');
    await page.getByTestId('input-email').fill('jean@example.rw');
    await page.getByTestId('input-password').fill('short');
    await page.getByTestId('input-confirm-password').fill('short');
    await page.getByTestId('button-submit-auth').click();
    expect(await page.getByTestId('error-password').textContent()).toBe('Password must be at least 8 characters');
    expect(await page.getByTestId('error-email').count()).toBe(0);

    await page.getByTestId('input-password').fill('long enough');
    await page.getByTestId('input-confirm-password').fill('long enougH');
    await page.getByTestId('button-submit-auth').click();
    expect(await page.getByTestId('error-confirmPassword').textContent()).toBe("Passwords don't match");
    expect(await page.getByTestId('error-password').count()).toBe(0);

    await page.getByTestId('button-close-dialog').click();
    await page.getByTestId('dialog-sign-in').waitFor({ state: 'detached' });
    expect(authCalls).toEqual([]);
  });

  it("refuses a wrong password with the server's message", async () => {
    const { page } = browser;
    const email = uniqueEmail('eric');
    await registerThroughApi(email, 'the right password');
    await page.goto(server.url);
    await openSignInDialog(page);
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill('the wrong password');
    await page.getByTestId('button-submit-auth').click();

    const refused = toast(page, 'Login Failed');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Invalid email or password');
    expect(await page.getByTestId('dialog-sign-in').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeNull();

    // Escape closes the toast first, then the dialog.
    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('dialog-sign-in').isVisible()).toBe(true);
  });

  // 120 s: the admin CLI is a whole process start, slow on a busy machine.
  it('signs in once with an e-mailed link read from the outbox; the second opening is refused', async () => {
    const { page } = browser;
    const email = uniqueEmail('keza');
    await registerThroughApi(email, 'never typed in this test');
    await page.goto(server.url);
    await openSignInDialog(page);
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('button-magic-link').click();
    expect(await page.getByTestId('text-magic-link-sent').textContent()).toBe('If an account exists for this email, a sign-in link is on its way.');

    const outbox = await server.admin('outbox', 'list', '--channel', 'email', '--limit', '50');
    // One table per message; ours is the one addressed to this member.
    const message = outbox.split(/(?=┌)/).find((table) => table.includes(email));
    const link = new RegExp(`${server.url}/auth/magic-link#token=[A-Za-z0-9_-]+`).exec(message ?? '')?.[0];
    if (!link) throw new Error(`no sign-in link for ${email} in the outbox:\n${outbox}`);

    await page.goto(link);
    await page.getByTestId('button-user-menu').waitFor();
    await toast(page, 'Welcome back!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeTruthy();

    await page.goto('about:blank');
    await page.goto(link);
    expect(await page.getByTestId('text-magic-link-invalid').textContent()).toBe('This sign-in link is invalid or has expired.');
  }, 120_000);

  it('shows the 404 page for an unknown path', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/no/such/page`);
    const notFound = page.getByTestId('page-not-found');
    await notFound.waitFor();
    const text = await notFound.textContent();
    expect(text).toContain('404 Page Not Found');
    expect(text).toContain('Did you forget to add the page to the router?');
  });

  it('keeps the chosen theme and language across reloads', async () => {
    const { page } = browser;
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const becomesDark = () => page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.goto(server.url);
    await page.getByTestId('page-landing').waitFor();
    expect(await isDark()).toBe(false);

    await page.getByTestId('button-theme-toggle').click();
    await becomesDark();
    expect(await page.evaluate(() => localStorage.getItem('ikimina_theme'))).toBe('dark');
    await page.reload();
    await page.getByTestId('page-landing').waitFor();
    await becomesDark();

    await page.getByTestId('button-language').click();
    await page.getByTestId('menu-item-language-fr').click();
    const heading = page.locator('h1').first();
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect(await heading.textContent()).toBe('Épargner ensemble. Emprunter équitablement. Grandir en communauté.');
    expect(await page.getByTestId('button-sign-in').textContent()).not.toBe('Sign In');
    await page.reload();
    await page.getByTestId('page-landing').waitFor();
    expect(await heading.textContent()).toBe('Épargner ensemble. Emprunter équitablement. Grandir en communauté.');
    expect(await isDark()).toBe(true);
  });

  it("a signed-in member's language choice is the account's: the server writes to them in it, and another device opens in it", async () => {
    const { page } = browser;
    const email = uniqueEmail('claudine');
    await registerThroughApi(email, 'umuganda2026');
    await page.goto(server.url);
    await openSignInDialog(page);
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill('umuganda2026');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
    await page.getByTestId('card-profile-header').waitFor();

    await page.getByTestId('button-language').click();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/profile/language') && response.request().method() === 'PUT');
    await page.getByTestId('menu-item-language-rw').click();
    expect((await saved).status()).toBe(200);
    await page.waitForFunction(() => document.documentElement.lang === 'rw');
    const token = await page.evaluate(() => localStorage.getItem('ikimina_token'));
    const user = (await (await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { language: string };
    expect(user.language).toBe('rw');

    // Another device, nothing stored: signing in opens the interface in the account's language.
    const phone = await browser.otherPage();
    await phone.goto(server.url);
    await phone.getByTestId('button-sign-in').click();
    await phone.getByTestId('input-email').fill(email);
    await phone.getByTestId('input-password').fill('umuganda2026');
    await Promise.all([phone.waitForEvent('load'), phone.getByTestId('button-submit-auth').click()]);
    await phone.getByTestId('card-profile-header').waitFor();
    await phone.waitForFunction(() => document.documentElement.lang === 'rw');
  });

  it('a language picked before signing in becomes the account\'s: the page and the server speak it after the sign-in', async () => {
    const { page } = browser;
    const email = uniqueEmail('jeanine');
    await registerThroughApi(email, 'umuganda2026');
    await page.goto(server.url);
    await page.getByTestId('button-language').first().click();
    await page.getByTestId('menu-item-language-rw').click();
    await page.waitForFunction(() => document.documentElement.lang === 'rw');
    await openSignInDialog(page);
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill('umuganda2026');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/profile/language') && response.request().method() === 'PUT');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
    expect((await saved).status()).toBe(200);
    await page.getByTestId('card-profile-header').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('rw');
    const token = await page.evaluate(() => localStorage.getItem('ikimina_token'));
    const user = (await (await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { language: string };
    expect(user.language).toBe('rw');
  });

  it('offers no Google button when the server reports Google sign-in disabled', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByTestId('page-landing').waitFor();
    const status = page.waitForResponse((response) => response.url().endsWith('/api/auth/google-status'));
    await openSignInDialog(page);
    expect(await (await status).json()).toEqual({ enabled: false });
    await page.getByTestId('button-magic-link').waitFor();
    expect(await page.getByTestId('button-google-sign-in').count()).toBe(0);
  });
});
