import type { Page } from 'playwright-core';

/**
 * Until the screen has rendered: index.html's inline shell replaced by the app, the lazy route's
 * skeleton, the data skeletons and any spinner gone. (Not `networkidle`: signed-in pages poll, so
 * the network is never idle.) On a busy machine a screen can take seconds; a screen that never
 * settles is left to the caller's assertions, which then say what they found.
 */
export async function screenRendered(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  // The header's language button exists only once React has replaced the inline shell.
  await page.getByTestId('button-language').first().waitFor({ state: 'attached', timeout: 15_000 }).catch(() => {});
  for (const placeholder of ['shell-get-started', 'page-skeleton', 'page-spinner']) {
    await page.getByTestId(placeholder).first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
  }
  // A data screen's skeletons (skeleton.tsx) are busy regions until their data arrives.
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}
