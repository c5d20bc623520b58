/**
 * Headless Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven by
 * playwright-core (no browser download is possible here).
 *
 * Without a browser the tests are skipped on a developer's machine and FAIL under CI=true, so a
 * green CI run always means the browser journey really ran.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
