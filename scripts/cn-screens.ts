/**
 * Screenshots at 360×640 (and the header at 1280) of the screens the cn() change touched (issue 16, twmerge), from a given
 * build, to compare main's and this branch's: `npx tsx scripts/cn-screens.ts <dist/web> <outDir>`.
 * A member with the same name is registered on a fresh database each time, so the two builds'
 * pictures differ only where the rendered classes do. For looking, not a test.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../tests/e2e/support/server.ts';

const [distDir, outDir] = process.argv.slice(2);
if (!distDir || !outDir) throw new Error('usage: cn-screens.ts <dist/web> <outDir>');

const SCREENS: { name: string; path: string; signedIn: boolean; width?: number; loading?: boolean; then?: (page: Page) => Promise<void> }[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'dashboard-quick-actions', path: '/dashboard', signedIn: true, then: (page) => page.getByTestId('card-quick-actions').scrollIntoViewIfNeeded() },
  { name: 'tontines', path: '/tontines', signedIn: true },
  { name: 'create-tontine', path: '/tontines', signedIn: true, then: (page) => page.getByTestId('button-create-tontine').click() },
  { name: 'profile', path: '/profile', signedIn: true, then: (page) => page.getByTestId('card-quick-actions').scrollIntoViewIfNeeded() },
  // The header's AI Assistant link: hidden below sm, shown from sm (max-sm:hidden, was hidden sm:inline-flex).
  { name: 'dashboard-1280', path: '/dashboard', signedIn: true, width: 1280 },
  // Skeletons (most of the changed call sites): every API answer held back.
  { name: 'dashboard-loading', path: '/dashboard', signedIn: true, loading: true },
  { name: 'tontines-loading', path: '/tontines', signedIn: true, loading: true },
  { name: 'profile-loading', path: '/profile', signedIn: true, loading: true },
  { name: 'loans-loading', path: '/loans', signedIn: true, loading: true },
  { name: 'language-menu', path: '/', signedIn: false, then: (page) => page.getByTestId('button-language').click() },
];

const server = await startServer({ webDistDir: resolve(distDir) });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'aline.uwase@example.rw', password: 'umuganda2026', firstName: 'Aline', lastName: 'Uwase' }),
  });
  const body = (await res.json()) as { token: string; user: unknown; profile?: unknown };
  const session = { ikimina_token: body.token, ikimina_user: JSON.stringify(body.user), ikimina_profile: JSON.stringify(body.profile ?? null) };
  await mkdir(outDir, { recursive: true });
  for (const screen of SCREENS) {
    const context = await browser.newContext({ viewport: { width: screen.width ?? 360, height: 640 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    if (screen.signedIn) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, session);
    }
    const page = await context.newPage();
    if (screen.loading) await page.route('**/api/**', () => undefined);
    await page.goto(`${server.url}${screen.path}`);
    if (screen.loading) {
      await page.waitForSelector('main [aria-busy="true"]');
    } else {
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    }
    if (screen.then) await screen.then(page);
    await page.waitForTimeout(800);
    const file = join(outDir, `${screen.name}.png`);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    console.log(file);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
