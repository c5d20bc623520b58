/**
 * Signing up through the web client's own dialog, as a person does (the journeys' first step):
 * the member ends signed in, on the page the dialog left them.
 */
import type { Page } from 'playwright-core';

export async function signUpInBrowser(page: Page, baseUrl: string, who: { first: string; last: string; email: string; phone: string }): Promise<void> {
  await page.goto(baseUrl);
  await page.getByTestId('button-sign-in').click();
  await page.getByTestId('dialog-sign-in').waitFor();
  await page.getByTestId('link-switch-to-register').click();
  await page.getByTestId('input-first-name').fill(who.first);
  await page.getByTestId('input-last-name').fill(who.last);
  await page.getByTestId('input-email').fill(who.email);
  await page.getByTestId('input-password').fill('ikimina-2026');
  await page.getByTestId('input-confirm-password').fill('ikimina-2026');
  await page.getByTestId('input-phone').fill(who.phone);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
  await page.getByTestId('button-user-menu').waitFor();
}
