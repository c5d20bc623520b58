/**
 * Issue 27 in a real browser at 360 px against the real server: the merchant dashboard's Working
 * capital card. A verified business with recent sales only reads why it is not offered yet, with
 * the figures behind it; once its first sale is more than 90 days old (dated back in the server's
 * PostgreSQL database: the only way to have a 90-day history in a test run) it is offered 25 % of
 * the last 90 days' net, reads the key facts of the amount (flat fee in RWF and APR, withholding
 * share), accepts, and sees its repayment progress; it repays part by mobile money and the rest by
 * card on the sandbox's TEST checkout (in Kinyarwanda), comes back to the dashboard, and reads the
 * month's figures (in Kinyarwanda and English). Nothing scrolls sideways.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminExecute } from '../support/test-database.ts';
import { callApi, until } from './support/api.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { clockDigits } from './support/clock-digits.ts';
import { startServer, type E2eServer } from './support/server.ts';

interface Session {
  token: string;
  user: unknown;
  profile?: unknown;
}

describe.runIf(browserAvailable())('the Working capital card on a 360 px phone', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  beforeAll(async () => {
    server = await startServer({ env: { SANDBOX_SETTLE_MS: '200' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function signIn(page: Page, session: Session) {
    await page.context().addInitScript((s) => {
      localStorage.setItem('ikimina_token', s.token);
      localStorage.setItem('ikimina_user', JSON.stringify(s.user));
      localStorage.setItem('ikimina_profile', JSON.stringify(s.profile ?? null));
    }, session);
  }

  const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  it('shows why not yet, then the offer with its figures, the key facts, the acceptance and the progress', async () => {
    const { page } = browser;
    const suffix = clockDigits();
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `wcap.${suffix}@example.rw`, password: 'ikimina-2026', firstName: 'Claudine', lastName: 'Mukamana', phone: `+250788${suffix}` }),
    });
    const session = (await registered.json()) as Session;
    const merchant = await callApi<{ id: string }>(server.url, session.token, 'POST', '/api/merchants/register', {
      merchantCode: `WC-${suffix}`,
      businessName: 'Mukamana Hardware',
      merchantCategory: 'retail',
      businessAddress: 'KN 2 St, Nyabugogo',
      district: 'Nyarugenge',
      phoneNumber: `+250789${suffix}`,
      email: `hardware.${suffix}@example.rw`,
    });
    expect(merchant.status).toBe(201);
    expect(await server.admin('merchants', 'verify', merchant.body.id)).toContain('active');
    const paymentIds: string[] = [];
    for (const francs of [400_000, 300_000, 250_000]) {
      const paid = await fetch(`${server.url}/api/pay/WC-${suffix}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: francs, phoneNumber: `+2507885550${10 + paymentIds.length}` }) });
      expect(paid.status).toBe(202);
      const receipt = (await paid.json()) as { id: string };
      paymentIds.push(receipt.id);
      const settled = await until(async () => (await (await fetch(`${server.url}/api/pay/payments/${receipt.id}`)).json()) as { status: string }, (r) => r.status === 'completed');
      expect(settled.status).toBe('completed');
    }

    await signIn(page, session);
    await page.goto(`${server.url}/merchant/dashboard`);
    const card = page.getByTestId('card-working-capital');
    await card.getByText('Based on 3 payments, 931,000 RWF net over 90 days').waitFor();
    await card.getByText('It needs at least 90 days of completed sales.').waitFor();
    await noSidewaysScroll(page);

    // The first sale dated 100 days back: the business has 90 days of sales, the basis the other two.
    if (server.databaseUrl === undefined) return;
    await adminExecute(server.databaseUrl, `update merchant_transactions set completed_at = completed_at - interval '100 days', created_at = created_at - interval '100 days' where id = '${paymentIds[0]}'`);
    await page.reload();
    await card.getByText('Based on 2 payments, 539,000 RWF net over 90 days').waitFor();
    // 25 % of 539,000 = 134,750.
    await card.getByTestId('text-working-capital-limit').getByText('Up to 134,750 RWF').waitFor();
    await noSidewaysScroll(page);

    await page.getByTestId('input-working-capital-amount').fill('100000');
    await page.getByTestId('button-working-capital-key-facts').click();
    const facts = page.getByTestId('working-capital-key-facts');
    await facts.getByText('Key facts (BNR Regulation 02/2016)').waitFor();
    expect(await facts.getByTestId('key-fact-fee').textContent()).toContain('6,000 RWF');
    expect(await facts.getByTestId('key-fact-total').textContent()).toContain('106,000 RWF');
    expect(await facts.getByTestId('key-fact-apr').textContent()).toMatch(/\d+(\.\d+)?%/);
    expect(await facts.getByTestId('key-fact-early').textContent()).toContain('0 RWF');
    await noSidewaysScroll(page);

    await page.getByTestId('button-working-capital-accept').click();
    await page.getByTestId('toast').filter({ hasText: 'Working capital accepted' }).waitFor();
    await page.getByTestId('working-capital-progress').getByText('Still owed: 106,000 RWF').waitFor();
    await noSidewaysScroll(page);

    // Part repaid early by mobile money, from the repay dialog: the sandbox approves for the business's number, its callback books it.
    const path = `/api/merchants/${merchant.body.id}/working-capital`;
    await page.getByTestId('button-working-capital-repay').click();
    const dialog = page.getByTestId('dialog-working-capital-repay');
    await dialog.getByText('Repaying early costs nothing extra. You can pay up to what is still owed: 106,000 RWF.').waitFor();
    await dialog.getByTestId('input-working-capital-repay-amount').fill('106001');
    expect(await dialog.getByTestId('button-working-capital-repay-mobile').isDisabled()).toBe(true);
    await dialog.getByTestId('input-working-capital-repay-amount').fill('6000');
    await noSidewaysScroll(page);
    await dialog.getByTestId('button-working-capital-repay-mobile').getByText('Repay 6,000 RWF by mobile money').click();
    await page.getByTestId('toast').filter({ hasText: 'Approve the payment on your phone' }).waitFor();
    await until(async () => (await callApi<{ current?: { owed: string } }>(server.url, session.token, 'GET', path)).body, (body) => body.current?.owed === '100000.00');

    // The rest by card, in Kinyarwanda: the processor's TEST checkout, then back to the dashboard with the server's state.
    await page.evaluate(() => localStorage.setItem('ikimina_language', 'rw'));
    await page.reload();
    await page.getByTestId('button-working-capital-repay').click();
    const byCard = page.getByTestId('dialog-working-capital-repay').getByTestId('button-pay-card');
    expect(await byCard.textContent()).toMatch(/Ishyura 100.000 RWF n'ikarita/);
    await noSidewaysScroll(page);
    await byCard.click();
    await page.waitForURL(/\/sandbox\/card-checkout\//);
    await page.getByTestId('test-banner').waitFor();
    await noSidewaysScroll(page);
    await page.getByLabel('Card number').fill('4187 4274 1556 4246');
    await page.getByLabel('Expiry').fill('09/32');
    await page.getByLabel('CVV').fill('564');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.waitForURL(/\/payments\/card\/return\?/);
    await page.getByTestId('state-card-successful').waitFor();
    await noSidewaysScroll(page);
    await page.getByTestId('link-card-back').click();
    await page.waitForURL(`${server.url}/merchant/dashboard`);
    const after = await until(async () => (await callApi<{ current?: { status: string; repaid: string; repayments: { source: string; amount: string }[] } }>(server.url, session.token, 'GET', path)).body, (body) => body.current?.status === 'repaid');
    expect(after.current).toMatchObject({ status: 'repaid', repaid: '106000.00' });
    expect(after.current?.repayments.map((r) => [r.source, r.amount])).toEqual([
      ['mobile_money', '6000.00'],
      ['card', '100000.00'],
    ]);

    // The month's figures, in Kinyarwanda then in English: the three sales as the ledger booked them.
    const figures = page.getByTestId('card-monthly-figures');
    await figures.getByText('Imibare y’ukwezi').waitFor();
    await figures.getByTestId('monthly-figure-sales').getByText('Ibyagurishijwe (3)').waitFor();
    await noSidewaysScroll(page);
    await page.evaluate(() => localStorage.setItem('ikimina_language', 'en'));
    await page.reload();
    await figures.getByText('Monthly figures').waitFor();
    expect(await figures.getByTestId('monthly-figure-sales').textContent()).toBe('Sales (3)950,000 RWF');
    expect(await figures.getByTestId('monthly-figure-fees').textContent()).toBe('Fees19,000 RWF');
    expect(await figures.getByTestId('monthly-figure-net').textContent()).toBe('Net931,000 RWF');
    expect(await figures.getByTestId('monthly-figure-withheld').textContent()).toBe('Withheld for working capital0 RWF');
    expect(await page.getByTestId('button-month-next').isDisabled()).toBe(true);
    // The month's statement beside its figures (issue 28): a PDF and a CSV of this month.
    for (const format of ['pdf', 'csv'] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), figures.getByTestId(`statement-merchant-${format}`).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^ikimina-statement-\\d{4}-\\d{2}\\.${format}$`));
      const file = await readFile((await download.path())!);
      if (format === 'pdf') expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      else {
        // Its sales add up to the figures above: gross 950,000 RWF, fees 19,000 RWF.
        const sales = file.toString('utf8').trim().split('\n').slice(1).map((line) => line.split(',')).filter((cells) => cells[1] === 'Sale');
        expect([sales.reduce((sum, cells) => sum + Number(cells[3]), 0), sales.reduce((sum, cells) => sum + Number(cells[4]), 0)]).toEqual([950_000, 19_000]);
      }
    }
    await page.getByTestId('button-month-previous').click();
    await figures.getByTestId('monthly-figure-sales').getByText('Sales (0)').waitFor();
    expect(await page.getByTestId('button-month-next').isDisabled()).toBe(false);
    await noSidewaysScroll(page);
  }, 120_000);
});
