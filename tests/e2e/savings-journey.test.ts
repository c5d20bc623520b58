/**
 * Issue 4 in a real browser against the real server (`tsx apps/main.ts`, its own database, the
 * embedded mobile-money sandbox calling back after a short delay): two people sign up with their
 * phone numbers, one creates a 2-member weekly group, the other finds it in Discover and joins
 * (the group becomes active), both pay their first contribution with the Pay action, the first
 * recipient's payout arrives, the bell shows the notices with the unread badge, and a chat message
 * sent on one screen appears on the other within the chat's polling.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { clockDigits } from './support/clock-digits.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { signUpInBrowser } from './support/sign-up.ts';

describe.runIf(browserAvailable())('the savings journey in the browser', () => {
  let server: E2eServer;
  const browser = useBrowserPage();
  const run = Date.now().toString(36);

  beforeAll(async () => {
    // A short sandbox delay: the payment's "waiting for your PIN" state shows, then settles.
    server = await startServer({ env: { SANDBOX_SETTLE_MS: '400' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

  const signUp = (page: Page, first: string, last: string, phone: string) => signUpInBrowser(page, server.url, { first, last, email: `${first.toLowerCase()}.${run}@example.rw`, phone });

  /** Pays the member's next contribution of the group shown, through the Pay dialog. */
  async function payNextContribution(page: Page) {
    const card = page.getByTestId('card-my-next-contribution');
    await card.waitFor();
    await card.locator('[data-testid^="button-pay-"]').click();
    const dialog = page.getByTestId('dialog-pay');
    await dialog.waitFor();
    // The member's own number is offered.
    expect(await dialog.getByTestId('input-pay-phone').inputValue()).not.toBe('');
    await dialog.getByTestId('button-confirm-pay').click();
    await toast(page, 'Payment received').waitFor();
  }

  it('two members: create, discover and join, both pay, the payout arrives, the bell and the chat', async () => {
    const alice = browser.page;
    const bob = await browser.otherPage();
    const suffix = clockDigits();
    await signUp(alice, 'Aline', 'Mukamana', `+250788${suffix}`);
    await signUp(bob, 'Bosco', 'Habimana', `+250789${suffix}`);

    // Aline creates a 2-member weekly group.
    const name = `Nyamirambo Savers ${run}`;
    await alice.goto(`${server.url}/tontines`);
    await alice.getByTestId('button-create-tontine').click();
    const create = alice.getByTestId('dialog-create-tontine');
    await create.waitFor();
    await create.getByTestId('input-tontine-name').fill(name);
    await create.getByTestId('input-tontine-description').fill('Market vendors saving every week');
    await create.getByTestId('input-tontine-amount').fill('5000');
    await create.getByTestId('select-tontine-frequency').selectOption('weekly');
    await create.getByTestId('input-tontine-max-members').fill('2');
    await create.getByTestId('button-submit-tontine').click();
    await alice.waitForURL(/\/tontines\/[0-9a-f-]{36}$/);
    const tontineId = alice.url().split('/').pop()!;
    expect(await alice.getByTestId('text-tontine-name').textContent()).toBe(name);

    // Bosco finds it in Discover and joins: the group is full, so it starts.
    await bob.goto(`${server.url}/tontines`);
    await bob.getByTestId('tab-discover').click();
    await bob.getByTestId(`card-tontine-${tontineId}`).waitFor();
    await bob.getByTestId(`button-join-tontine-${tontineId}`).click();
    await bob.goto(`${server.url}/tontines/${tontineId}`);
    await bob.getByTestId('status-tontine').filter({ hasText: 'Active' }).waitFor();
    expect(await bob.getByTestId('stat-members').textContent()).toContain('2/2');

    // Both pay their first contribution through the sandbox.
    await payNextContribution(bob);
    await alice.goto(`${server.url}/tontines/${tontineId}`);
    await alice.getByTestId('status-tontine').filter({ hasText: 'Active' }).waitFor();
    await payNextContribution(alice);

    // The cycle is complete: its recipient, Aline (the creator, first in the payout order), is
    // paid out, and her bell shows the notices with the unread badge.
    const badge = alice.getByTestId('badge-unread-count');
    const bell = alice.getByTestId('button-notifications');
    // The bell polls every 30 s; a reload asks at once.
    const unread = async () => {
      await alice.reload();
      await bell.waitFor();
      return Number((await badge.isVisible()) ? await badge.textContent() : 0);
    };
    await expect.poll(unread, { timeout: 30_000, interval: 1000 }).toBeGreaterThanOrEqual(2);
    await bell.click();
    await alice.getByText('Payout sent').first().waitFor();
    await alice.getByText('Payment received').first().waitFor();
    await alice.keyboard.press('Escape');

    // A chat message from Aline appears on Bosco's screen within the chat's polling.
    await alice.getByTestId('tab-chat').click();
    await bob.getByTestId('tab-chat').click();
    await bob.getByTestId('panel-chat').waitFor();
    const message = `Murakoze Bosco, see you Saturday ${run}`;
    await alice.getByTestId('input-chat-message').fill(message);
    await alice.getByTestId('button-send-message').click();
    await alice.getByTestId('panel-chat').getByText(message).waitFor();
    const sent = Date.now();
    await bob.getByTestId('panel-chat').getByText(message).waitFor({ timeout: 10_000 });
    // The chat polls every 3 s; allow for a loaded machine's rendering.
    expect(Date.now() - sent).toBeLessThan(8_000);
  }, 150_000);
});
