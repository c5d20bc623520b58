/**
 * Screenshots of the public and learning pages at 360x640 and 1280x800, in each language asked
 * (`npm run screenshots:pages -- [outDir] [en,fr,rw,sw]`), against the whole product started
 * locally (scripts/demo/sandbox-server.ts). For looking at the pages, not a test.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startSandboxServer } from './demo/sandbox-server.ts';

const outDir = process.argv[2] ?? 'test-results/pages';
const languages = (process.argv[3] ?? 'en').split(',');
const VIEWPORTS = [
  { name: 'mobile', width: 360, height: 640 },
  { name: 'desktop', width: 1280, height: 800 },
];
const PAGES: { name: string; path: string; then?: string }[] = [
  { name: 'education', path: '/education' },
  { name: 'education-module', path: '/education', then: 'card-module-loans' },
  { name: 'learn-more', path: '/learn-more' },
  { name: 'demo', path: '/demo' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
];

const server = await startSandboxServer((line) => console.log(line));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  await mkdir(outDir, { recursive: true });
  for (const language of languages) {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript((lang) => localStorage.setItem('ikimina_language', lang), language);
      const page = await context.newPage();
      for (const target of PAGES) {
        await page.goto(`${server.url}${target.path}`);
        await page.waitForLoadState('networkidle');
        if (target.then) {
          await page.getByTestId(target.then).click();
          await page.locator('[data-testid^="button-lesson-"]').first().click();
        }
        await page.waitForTimeout(300);
        const file = join(outDir, `${target.name}-${language}-${viewport.name}.png`);
        await page.screenshot({ path: file, fullPage: viewport.name === 'desktop' });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
