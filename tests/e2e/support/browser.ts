/**
 * Headless Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven by
 * playwright-core (no browser download is possible here).
 *
 * Without a browser the tests are skipped on a developer's machine and FAIL under CI=true, so a
 * green CI run always means the browser journey really ran.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of failed tests (gitignored). */
const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-results/', import.meta.url));

export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`CI=true and no Chromium at ${CHROMIUM_PATH}: install Debian's chromium (see .ci/run)`);
  }
  console.warn(`No Chromium at ${CHROMIUM_PATH}: skipping the browser tests (apt-get install chromium)`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface BrowserTestPage {
  /** The page of the running test: a fresh context (no cookies, no storage) per test. */
  readonly page: Page;
  /** Another person's page in this test: a context of its own, screenshotted and closed like `page`. */
  otherPage(): Promise<Page>;
}

/**
 * Registers the browser hooks of a test file: one Chromium per file, a fresh context and page
 * per test, and a full-page screenshot in test-results/ when a test fails. Call it inside a
 * `describe.runIf(browserAvailable())` block.
 */
export function useBrowserPage(options: BrowserContextOptions = {}): BrowserTestPage {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let others: { context: BrowserContext; page: Page }[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  // The server's Content-Security-Policy must never block the client: Chromium reports each
  // blocked script, style or request on the console, and any such report fails the test.
  let violations: string[] = [];
  const newContext = async () => {
    if (!browser) throw new Error('Chromium did not start');
    const made = await browser.newContext({ colorScheme: 'light', locale: 'en-US', ...options });
    // Generous: a loaded CI machine can take seconds to render a page; a passing step never waits it out.
    made.setDefaultTimeout(30_000);
    const opened = await made.newPage();
    opened.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    return { context: made, page: opened };
  };
  beforeEach(async () => {
    ({ context, page } = await newContext());
  });
  afterEach(async ({ task }) => {
    const pages = [page, ...others.map((o) => o.page)];
    if (task.result?.state === 'fail') {
      const name = `${task.file.name.replace(/^.*\//, '')}-${task.name}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 150);
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      for (const [i, shown] of pages.entries()) {
        if (shown && !shown.isClosed()) await shown.screenshot({ path: join(SCREENSHOT_DIR, `${name}${i === 0 ? '' : `-${i + 1}`}.png`), fullPage: true }).catch(() => undefined);
      }
    }
    await Promise.all([context, ...others.map((o) => o.context)].map((c) => c?.close()));
    others = [];
    const seen = violations;
    violations = [];
    if (seen.length > 0) throw new Error(`Content-Security-Policy violations in the browser:\n${seen.join('\n')}`);
  });

  return {
    get page() {
      if (!page) throw new Error('no page outside a test');
      return page;
    },
    async otherPage() {
      const other = await newContext();
      others.push(other);
      return other.page;
    },
  };
}
