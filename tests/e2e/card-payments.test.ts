/**
 * Issue 27 in a real browser at 360 px against the real server and its embedded sandbox checkout
 * (TEST on every screen): every documented test card's outcome — declined, insufficient funds,
 * abandoned, 3-D Secure success, PIN + OTP success — for a member's contribution (the group's Pay
 * dialog) and for a customer on a merchant's public pay page. The return page shows the server's
 * state, which only the processor's verify answer settles; nothing is wider than the screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { clockDigits } from './support/clock-digits.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { signUpInBrowser } from './support/sign-up.ts';

const WIDTH = 360;

describe.runIf(browserAvailable())('card payments through the sandbox checkout, at 360 px', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: WIDTH, height: 740 } });
  const run = Date.now().toString(36);

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO_WORLD: 'true', SANDBOX_SETTLE_MS: '200', CARD_SANDBOX_WEBHOOK: 'once' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function fitsTheScreen(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  }

  /** On the sandbox's hosted page: TEST is shown, and the card goes through its steps. */
  async function onCheckout(page: Page, outcome: 'pin' | 'three_ds' | 'insufficient' | 'declined' | 'abandoned') {
    await page.waitForURL(/\/sandbox\/card-checkout\//);
    await page.getByTestId('test-banner').waitFor();
    expect(await page.getByTestId('test-banner').textContent()).toContain('TEST');
    await fitsTheScreen(page);
    if (outcome === 'abandoned') {
      await page.getByRole('button', { name: 'Cancel payment' }).click();
      return;
    }
    const number = { pin: '5531 8866 5214 2950', three_ds: '4187 4274 1556 4246', insufficient: '5258 5859 2266 6506', declined: '5399 8346 9789 4723' }[outcome];
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry').fill('09/32');
    await page.getByLabel('CVV').fill('564');
    await page.getByRole('button', { name: /^Pay / }).click();
    if (outcome === 'pin') {
      await page.getByTestId('test-banner').waitFor();
      await page.getByLabel('PIN').fill('3310');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('OTP').fill('12345');
      await page.getByRole('button', { name: 'Confirm' }).click();
    } else if (outcome === 'three_ds') {
      await page.getByText('3-D Secure: your bank asks you to authenticate this payment.').waitFor();
      await page.getByTestId('test-banner').waitFor();
      await page.getByRole('button', { name: 'Authenticate' }).click();
    }
  }

  const RETURN_STATE = { pin: 'state-card-successful', three_ds: 'state-card-successful', insufficient: 'state-card-failed', declined: 'state-card-failed', abandoned: 'state-card-cancelled' } as const;

  async function backOnReturnPage(page: Page, outcome: keyof typeof RETURN_STATE) {
    await page.waitForURL(/\/payments\/card\/return\?/);
    await page.getByTestId(RETURN_STATE[outcome]).waitFor();
    await fitsTheScreen(page);
  }

  async function signUp(page: Page, first: string, phone: string): Promise<string> {
    await signUpInBrowser(page, server.url, { first, last: 'Card', email: `${first.toLowerCase()}.${run}@example.rw`, phone });
    return (await page.evaluate(() => localStorage.getItem('ikimina_token')))!;
  }

  /** A 2-member weekly group the member created and another (signed up through the API) joined: active. */
  async function activeGroup(token: string, partnerToken: string, amount: number): Promise<string> {
    const created = await callApi<{ id: string }>(server.url, token, 'POST', '/api/tontines', { name: `Card savers ${run} ${amount}`, description: 'Paying by card', contributionAmount: amount, frequency: 'weekly', maxMembers: 2 });
    expect(created.status).toBe(201);
    expect((await callApi(server.url, partnerToken, 'POST', `/api/tontines/${created.body.id}/join`)).status).toBeLessThan(300);
    return created.body.id;
  }

  async function payContributionByCard(page: Page, tontineId: string, outcome: keyof typeof RETURN_STATE) {
    await page.goto(`${server.url}/tontines/${tontineId}`);
    const card = page.getByTestId('card-my-next-contribution');
    await card.waitFor();
    await card.locator('[data-testid^="button-pay-"]').click();
    const dialog = page.getByTestId('dialog-pay');
    await dialog.waitFor();
    await dialog.getByTestId('button-pay-card').click();
    await onCheckout(page, outcome);
    await backOnReturnPage(page, outcome);
  }

  it('a contribution: declined, insufficient funds and abandoned credit nothing; 3-D Secure and PIN + OTP pay it', async () => {
    const page = browser.page;
    const suffix = clockDigits();
    const token = await signUp(page, 'Carine', `+250788${suffix}`);
    const partner = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `partner.${run}@example.rw`, password: 'ikimina-2026', firstName: 'Paul', lastName: 'Card', phone: `+250789${suffix}` }),
    });
    const partnerToken = ((await partner.json()) as { token: string }).token;
    const first = await activeGroup(token, partnerToken, 5000);
    const second = await activeGroup(token, partnerToken, 3000);
    const contributionOf = async (tontineId: string) =>
      (await callApi<{ id: string; memberId?: string; member_id?: string; status: string; cycle: number }[]>(server.url, token, 'GET', `/api/contributions/tontine/${tontineId}`)).body;

    for (const outcome of ['declined', 'insufficient', 'abandoned'] as const) {
      await payContributionByCard(page, first, outcome);
      expect((await contributionOf(first)).every((c) => c.status !== 'completed' && c.status !== 'paid')).toBe(true);
    }
    // Back from the abandoned checkout, the same press reopens the same checkout, and 3-D Secure pays it.
    await payContributionByCard(page, first, 'three_ds');
    await page.getByTestId('state-card-successful').getByText('5,000').waitFor();
    await payContributionByCard(page, second, 'pin');

    // The server's books: each group's cycle-1 contribution of this member is paid, once.
    const { body: mine } = await callApi<{ tontineId: string; cycle: number; status: string }[]>(server.url, token, 'GET', '/api/contributions/user');
    for (const tontineId of [first, second]) {
      expect(mine.filter((c) => c.tontineId === tontineId && c.cycle === 1).map((c) => c.status)).toEqual(['completed']);
    }
    // Back goes to the screen the payment started from.
    await page.getByTestId('link-card-back').click();
    await page.waitForURL(`${server.url}/tontines/${second}`);
  });

  it("a merchant's pay page: the same five outcomes for a customer with no account", async () => {
    const page = browser.page;
    const payByCard = async (amount: string, outcome: keyof typeof RETURN_STATE) => {
      await page.goto(`${server.url}/pay/DEMO-SHOP`);
      await page.getByTestId('input-pay-amount').fill(amount);
      await fitsTheScreen(page);
      await page.getByTestId('button-pay-card').click();
      await onCheckout(page, outcome);
      await backOnReturnPage(page, outcome);
      return new URL(page.url()).searchParams.get('tx_ref')!;
    };
    const reference = (ref: string) => fetch(`${server.url}/api/payments/card/${encodeURIComponent(ref)}`).then((r) => r.json() as Promise<{ status: string; purpose: string }>);

    // A card needs only the amount; a wrong one is refused on the page, nothing started.
    await page.goto(`${server.url}/pay/DEMO-SHOP`);
    await page.getByTestId('input-pay-amount').fill('50');
    await page.getByTestId('button-pay-card').click();
    await page.getByText('The minimum payment is 100 RWF').waitFor();
    expect(page.url()).toContain('/pay/DEMO-SHOP');

    for (const [outcome, status] of [
      ['declined', 'failed'],
      ['insufficient', 'failed'],
      ['abandoned', 'pending'],
      ['three_ds', 'successful'],
      ['pin', 'successful'],
    ] as const) {
      const ref = await payByCard(outcome === 'pin' ? '2500' : '1500', outcome);
      expect(await reference(ref)).toMatchObject({ purpose: 'merchant', status });
    }
  });
});
