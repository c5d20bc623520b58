/**
 * Issue 11 in a real browser against the real server: the Security page (password change, the
 * session list and revoking a session, signing out everywhere), a forgotten password reset from
 * the e-mailed link read back through the admin CLI, and a session the server ended signing the
 * browser out with a word why.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { startServer, type E2eServer } from './support/server.ts';

describe.runIf(browserAvailable())('account security in the browser', () => {
  let server: E2eServer;
  const browser = useBrowserPage();
  let seq = 0;
  const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${++seq}@example.rw`;
  const PASSWORD = 'umuganda2026';

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

  async function api(path: string, body: unknown, token?: string): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }

  /** An account made through the API: its session stands for "another device". */
  async function registerThroughApi(email: string): Promise<string> {
    const res = await api('/api/auth/register', { email, password: PASSWORD, firstName: 'Claudine', lastName: 'Ingabire' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  }

  const userStatus = async (token: string) => (await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status;

  async function signInInBrowser(page: Page, email: string, password: string) {
    await page.goto(server.url);
    await page.getByTestId('button-sign-in').click();
    await page.getByTestId('dialog-sign-in').waitFor();
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill(password);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
    await page.getByTestId('button-user-menu').waitFor();
  }

  it('changes the password, ends another device’s session, then signs out everywhere', async () => {
    const { page } = browser;
    const email = uniqueEmail('security');
    const otherDevice = await registerThroughApi(email);
    await signInInBrowser(page, email, PASSWORD);

    await page.getByTestId('button-user-menu').click();
    await page.getByTestId('menu-item-security').click();
    await page.getByTestId('text-security-title').waitFor();
    const rows = page.getByTestId('list-sessions').locator('li');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.getByTestId('list-sessions').textContent()).toContain('This device');

    // The API session is the other device: it has the revoke button, this one does not.
    await page.locator('[data-testid^="button-revoke-"]').click();
    await toast(page, 'Session ended').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="list-sessions"] li').length === 1);
    expect(await userStatus(otherDevice)).toBe(401);

    await page.getByTestId('input-current-password').fill('not my password');
    await page.getByTestId('input-new-password').fill('a better secret');
    await page.getByTestId('input-confirm-new-password').fill('a better secret');
    await page.getByTestId('button-change-password').click();
    expect(await page.getByTestId('error-currentPassword').textContent()).toBe('Your current password is not correct.');
    await page.getByTestId('input-current-password').fill(PASSWORD);
    await page.getByTestId('button-change-password').click();
    await toast(page, 'Password changed').waitFor();
    expect((await api('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await api('/api/auth/login', { email, password: 'a better secret' })).status).toBe(200);

    const token = await page.evaluate(() => localStorage.getItem('ikimina_token'));
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-logout-everywhere').click()]);
    await toast(page, 'Signed out everywhere').waitFor();
    await page.getByTestId('button-sign-in').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeNull();
    expect(await userStatus(token ?? '')).toBe(401);
  }, 120_000);

  // 120 s: the admin CLI is a whole process start, slow on a busy machine.
  it('resets a forgotten password from the e-mailed link read from the outbox', async () => {
    const { page } = browser;
    const email = uniqueEmail('forgot');
    const oldSession = await registerThroughApi(email);
    await page.goto(server.url);
    await page.getByTestId('button-sign-in').click();
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('button-forgot-password').click();
    expect(await page.getByTestId('text-magic-link-sent').textContent()).toBe('If an account exists for this email, a link to reset the password is on its way.');

    const outbox = await server.admin('outbox', 'list', '--channel', 'email', '--limit', '50');
    const message = outbox.split(/(?=┌)/).find((table) => table.includes(email));
    const link = new RegExp(`${server.url}/auth/reset-password#token=[A-Za-z0-9_-]+`).exec(message ?? '')?.[0];
    if (!link) throw new Error(`no reset link for ${email} in the outbox:\n${outbox}`);

    await page.goto(link);
    await page.getByTestId('form-reset-password').waitFor();
    // The token leaves the address bar at once.
    expect(page.url()).toBe(`${server.url}/auth/reset-password`);
    await page.getByTestId('input-new-password').fill('chosen after reset');
    await page.getByTestId('input-confirm-new-password').fill('chosen after reset');
    await page.getByTestId('button-reset-password').click();
    await page.getByTestId('button-user-menu').waitFor();
    await toast(page, 'Password changed').waitFor();
    expect(await userStatus(oldSession)).toBe(401);
    expect((await api('/api/auth/login', { email, password: 'chosen after reset' })).status).toBe(200);

    await page.goto('about:blank');
    await page.goto(link);
    await page.getByTestId('form-reset-password').waitFor();
    await page.getByTestId('input-new-password').fill('once more please');
    await page.getByTestId('input-confirm-new-password').fill('once more please');
    await page.getByTestId('button-reset-password').click();
    expect(await page.getByTestId('text-reset-invalid').textContent()).toBe('This password reset link is invalid or has expired. Please ask for a new one.');
  }, 120_000);

  it('signs the browser out, saying why, when the server has ended its session', async () => {
    const { page } = browser;
    const email = uniqueEmail('ended');
    await registerThroughApi(email);
    await signInInBrowser(page, email, PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('ikimina_token'));
    expect((await api('/api/auth/logout-everywhere', {}, token ?? '')).status).toBe(204);
    await page.reload();
    await toast(page, 'Session ended').waitFor();
    await page.getByTestId('button-sign-in').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeNull();
  });
});
