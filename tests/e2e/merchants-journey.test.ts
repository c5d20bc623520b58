/**
 * Issue 14 in a real browser against the real server (`tsx apps/main.ts`, its own database, the
 * embedded mobile-money sandbox): a member registers as an agent and is accredited from the admin
 * CLI; another registers a business with the agent's code and is verified from the CLI, generates
 * the QR code and downloads it under the merchant code; a customer without an account opens the
 * pay page named by the QR's EMVCo payload and pays through the sandbox; the merchant sees the
 * transaction with its fee and net; a second payment reversed from the CLI shows as reversed (date,
 * reason) and as the batch's negative line; the settlement batch created from the CLI is listed;
 * the agent sees the commission pending (named by merchant and sale, nothing earned yet), then, once
 * the monthly payout from the CLI is paid, earned.
 */
import jsQRModule from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEmvPayload } from '../../core/merchants/emv-qr-payload.ts';
import { callApi, until } from './support/api.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { clockDigits } from './support/clock-digits.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { signUpInBrowser } from './support/sign-up.ts';

// jsqr is CommonJS with an ES default in its types: the function is the module itself or its `default`.
type Decode = typeof jsQRModule.default;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

const run = Date.now().toString(36);
/**
 * A transfer the admin CLI sent is completed by the server's polling job a few seconds later (a
 * poll every 2 s, the sandbox's answer after 0.4 s); this is only how long a broken path is waited
 * on before the test says so.
 */
const PAID_WITHIN_MS = 120_000;

describe.runIf(browserAvailable())('agents and merchants in the browser', () => {
  let server: E2eServer;
  const browser = useBrowserPage();

  beforeAll(async () => {
    // A short sandbox delay: the "approve on your phone" state shows, then the payment settles.
    // The settlement's transfer is sent by the admin CLI, a process of its own whose sandbox ends
    // with it: the server's polling job (every 2 s here, every minute by default) asks about it a
    // second after, sends it again under its same reference, and its sandbox's callback completes it.
    server = await startServer({ env: { SANDBOX_SETTLE_MS: '400', PAYMENT_POLL_AFTER_SECONDS: '1', PAYMENT_POLL_EVERY_SECONDS: '2' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
  const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('ikimina_token')))!;

  const signUp = (page: Page, first: string, last: string, phone: string) => signUpInBrowser(page, server.url, { first, last, email: `${first.toLowerCase()}.${run}@example.rw`, phone });

  it('an agent onboards a merchant, a customer pays by QR, the merchant is settled and the agent earns the commission', async () => {
    const agent = browser.page;
    const merchant = await browser.otherPage();
    const customer = await browser.otherPage();
    // The agent's and the merchant's phones end in it: never in a sandbox test number, whose
    // settlement or commission would fail or stay processing for ever (support/clock-digits.ts).
    const suffix = clockDigits();
    const agentCode = `AG-${suffix}`;
    const merchantCode = `SHOP-${suffix}`;

    // The agent applies: the form names what is missing, then the application goes in as pending.
    await signUp(agent, 'Aline', 'Uwase', `+250788${suffix}`);
    await agent.goto(`${server.url}/agent/register`);
    await agent.getByTestId('button-agent-submit').click();
    await agent.getByText('Agent code must be at least 3 characters').waitFor();
    await agent.getByText('You must accept the terms and conditions').waitFor();
    await agent.getByTestId('input-agent-code').fill(agentCode.toLowerCase());
    expect(await agent.getByTestId('input-agent-code').inputValue()).toBe(agentCode);
    await agent.getByTestId('input-agent-address').fill('KG 11 Ave, Kimironko');
    await agent.getByTestId('select-agent-district').selectOption('Gasabo');
    await agent.getByTestId('input-agent-phone').fill(`+250788${suffix}`);
    await agent.getByTestId('input-agent-email').fill(`agent.${run}@example.rw`);
    await agent.getByTestId('input-agent-territories').fill('Kimironko, Remera');
    await agent.getByTestId('checkbox-agent-terms').check();
    await agent.getByTestId('button-agent-submit').click();
    await toast(agent, 'Application Submitted!').waitFor();
    await agent.waitForURL(`${server.url}/dashboard`);

    // The hub sends an agent to the agent dashboard, under review until accredited.
    await agent.goto(server.url);
    await agent.waitForURL(`${server.url}/agent/dashboard`);
    await agent.getByTestId('banner-agent-pending').waitFor();
    // Registered once, the form is not offered again: Already Registered and the way to the dashboard.
    await agent.goto(`${server.url}/agent/register`);
    await agent.getByTestId('state-agent-already-registered').getByText('You are already registered as an agent.').waitFor();
    await agent.getByTestId('link-agent-dashboard').click();
    await agent.waitForURL(`${server.url}/agent/dashboard`);
    const agentRecord = await callApi<{ id: string }>(server.url, await tokenOf(agent), 'GET', '/api/agents/me');
    expect(await server.admin('agents', 'accredit', agentRecord.body.id)).toContain('is now active');
    await agent.reload();
    expect(await agent.getByTestId('badge-agent-status').getAttribute('data-status')).toBe('active');
    expect(await agent.getByTestId('banner-agent-pending').count()).toBe(0);

    // A merchant registers with the agent's code and waits for KYB.
    await signUp(merchant, 'Bosco', 'Habimana', `+250789${suffix}`);
    await merchant.goto(`${server.url}/merchant/register`);
    await merchant.getByTestId('input-merchant-code').fill(merchantCode);
    await merchant.getByTestId('input-merchant-business-name').fill('Kimironko Fresh Foods');
    await merchant.getByTestId('select-merchant-category').selectOption('grocery');
    await merchant.getByTestId('select-merchant-district').selectOption('Gasabo');
    await merchant.getByTestId('input-merchant-address').fill('Kimironko Market, stall 12');
    await merchant.getByTestId('input-merchant-phone').fill(`+250789${suffix}`);
    await merchant.getByTestId('input-merchant-email').fill(`shop.${run}@example.rw`);
    await merchant.getByTestId('input-merchant-tin').fill('100234567');
    await merchant.getByTestId('input-merchant-agent-code').fill(agentCode.toLowerCase());
    await merchant.getByTestId('button-merchant-submit').click();
    await toast(merchant, 'Registration Successful!').waitFor();
    await merchant.waitForURL(`${server.url}/merchant/dashboard`);
    await merchant.getByTestId('notice-kyb-pending').waitFor();
    await merchant.getByTestId('card-bnr-compliance').getByText('100234567').waitFor();
    await merchant.goto(`${server.url}/merchant/register`);
    await merchant.getByTestId('state-merchant-already-registered').getByText('Your business is already registered.').waitFor();
    await merchant.getByTestId('link-merchant-dashboard').click();
    await merchant.waitForURL(`${server.url}/merchant/dashboard`);
    const merchantRecord = await callApi<{ id: string; onboardedByAgentId: string | null }>(server.url, await tokenOf(merchant), 'GET', '/api/merchants/me');
    expect(merchantRecord.body.onboardedByAgentId).toBe(agentRecord.body.id);
    expect(await server.admin('merchants', 'verify', merchantRecord.body.id)).toContain('is now active');
    await merchant.reload();
    expect(await merchant.getByTestId('badge-kyb-status').getAttribute('data-status')).toBe('verified');
    expect(await merchant.getByTestId('notice-kyb-pending').count()).toBe(0);

    // The QR code: generated, shown, downloaded under the merchant code, decoding to the EMVCo payload.
    await merchant.goto(`${server.url}/merchant/payments`);
    await merchant.getByTestId('state-no-qr').waitFor();
    await merchant.getByTestId('button-generate-qr').click();
    await toast(merchant, 'QR Code Generated').waitFor();
    const image = merchant.getByTestId('img-qr');
    await image.waitFor();
    const [download] = await Promise.all([merchant.waitForEvent('download'), merchant.getByTestId('button-download-qr').click()]);
    expect(download.suggestedFilename()).toBe(`${merchantCode}.png`);
    const src = (await image.getAttribute('src'))!;
    const png = Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 300]);
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    const fields = parseEmvPayload(decoded!.data);
    expect(fields.ok).toBe(true);
    if (!fields.ok) return;
    expect(fields.value.get('53')).toBe('646');
    expect(fields.value.get('58')).toBe('RW');
    const scannedCode = fields.value.get('29.01')!;
    expect(scannedCode).toBe(merchantCode);

    // A customer with no account pays from the pay page the QR names.
    await customer.goto(`${server.url}/pay/${encodeURIComponent(scannedCode)}`);
    await customer.getByText('Pay Kimironko Fresh Foods').waitFor();
    await customer.getByTestId('input-pay-amount').fill('50');
    await customer.getByTestId('input-pay-phone').fill('0788123456');
    await customer.getByTestId('button-pay-submit').click();
    await customer.getByText('The minimum payment is 100 RWF').waitFor();
    await customer.getByTestId('input-pay-amount').fill('10000');
    await customer.getByTestId('input-pay-name').fill('Jean Bosco');
    await customer.getByTestId('button-pay-submit').click();
    await customer.getByTestId('state-payment-pending').waitFor();
    const receipt = customer.getByTestId('state-pay-receipt');
    await receipt.waitFor();
    expect(await customer.getByTestId('receipt-amount').textContent()).toBe('10,000 RWF');
    expect(await customer.getByTestId('receipt-merchant').textContent()).toBe('Kimironko Fresh Foods');

    // A second customer pays 5,000 RWF; the admin reverses that payment before the week is settled.
    const paidAgain = await fetch(`${server.url}/api/pay/${encodeURIComponent(merchantCode)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 5000, phoneNumber: '+250788654321' }) });
    expect(paidAgain.status).toBe(202);
    const reversedPayment = (await paidAgain.json()) as { id: string; transactionReference: string; receiptReference: string };
    const receiptOf = async () => (await (await fetch(`${server.url}/api/pay/payments/${reversedPayment.id}`)).json()) as { status: string };
    expect((await until(receiptOf, (r) => r.status === 'completed', 60_000)).status).toBe('completed');
    expect(await server.admin('merchants', 'reverse', reversedPayment.id, '--reason', 'Goods returned by the customer')).toContain(`Payment ${reversedPayment.id} reversed at`);

    // The merchant sees the payment with its 2 % fee and 98 % net; the reversed one is no revenue.
    await merchant.reload();
    // The cards show 0 until the figures arrive (spec: default 0.00), then the real ones.
    await merchant.getByTestId('stat-total-revenue-value').filter({ hasText: /^10,000 RWF$/ }).waitFor();
    await merchant.getByTestId('stat-pending-settlement-value').filter({ hasText: /^9,800 RWF$/ }).waitFor();
    await merchant.getByTestId('tab-transactions').click();
    const row = merchant.getByTestId('table-transactions').locator('tbody tr').filter({ hasText: 'Jean Bosco' });
    await row.waitFor();
    expect(await row.getByTestId('cell-customer').textContent()).toBe('Jean Bosco');
    expect(await row.getByTestId('cell-amount').textContent()).toBe('10,000 RWF');
    expect(await row.getByTestId('cell-fee').textContent()).toBe('200 RWF');
    expect(await row.getByTestId('cell-net').textContent()).toBe('9,800 RWF');
    expect(await row.getByTestId('cell-status').textContent()).toBe('Completed');
    // The reversed payment: its status, when and why; its figures struck through.
    const reversedRow = merchant.getByTestId(`row-transaction-${reversedPayment.transactionReference}`);
    expect(await reversedRow.getByTestId('cell-status').textContent()).toMatch(/^ReversedReversed on .+: Goods returned by the customer$/);
    expect(await reversedRow.getByTestId('cell-amount').getAttribute('class')).toContain('line-through');

    // The admin settles the current week; the batch is listed and nothing is pending any more.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kigali' });
    expect(await server.admin('settlements', 'create', '--from', today, '--to', today)).toContain('1 batch(es) created');
    await merchant.reload();
    await merchant.getByTestId('tab-settlements').click();
    const batch = merchant.getByTestId('table-settlements').locator('tbody tr').first();
    await batch.waitFor();
    expect(await batch.getByTestId('cell-settlement-amount').textContent()).toBe('9,800 RWFincl. -4,900 RWF reversed (1)');
    // Its negative line: the reversed payment's net, taken off the batch.
    const negativeLine = merchant.getByTestId(`row-reversal-${reversedPayment.id}`);
    expect(await negativeLine.textContent()).toContain(`Reversal of ${reversedPayment.receiptReference}-4,900 RWFGoods returned by the customer`);
    // Paid only when the provider's own word completes the transfer it accepted: processing until
    // then. The server's polling job completes it (every 2 s here, see beforeAll): waited for on the
    // settlements the screen reads, never anything but processing on the way, then seen on the screen.
    const settlementStatus = () => batch.getByTestId('badge-settlement-status').getAttribute('data-status');
    expect(['processing', 'completed']).toContain(await settlementStatus());
    const merchantToken = await tokenOf(merchant);
    const batchStatuses = async () =>
      (await callApi<{ settlements: { status: string }[] }>(server.url, merchantToken, 'GET', `/api/merchants/${merchantRecord.body.id}/settlements`)).body.settlements.map((b) => b.status);
    const settled = await until(batchStatuses, (statuses) => statuses.some((status) => status !== 'processing'), PAID_WITHIN_MS);
    expect(settled, `the settlement's transfer was not completed within ${PAID_WITHIN_MS / 1000} s of its sending: the payment-polling job should have`).toEqual(['completed']);
    await merchant.reload();
    await merchant.getByTestId('tab-settlements').click();
    await batch.waitFor();
    expect(await settlementStatus()).toBe('completed');
    await merchant.getByTestId('stat-pending-settlement-value').filter({ hasText: /^0 RWF$/ }).waitFor();
    expect(await merchant.getByTestId('box-pending-settlement').count()).toBe(0);

    // The agent earns 0.5 % of the payment, pending until the monthly payout: nothing is earned
    // (paid) yet, and the pending row names the merchant and the sale. The reversed sale's
    // commission was taken back: in no list, no figure.
    await agent.reload();
    expect(await agent.getByTestId('stat-merchants-onboarded-value').textContent()).toBe('1');
    await agent.getByTestId(`row-merchant-${merchantCode}`).waitFor();
    const pending = agent.getByTestId('card-pending-commissions');
    await pending.getByText('50 RWF').waitFor();
    expect(await pending.locator('li').count()).toBe(1);
    expect(await pending.locator('li').textContent()).toMatch(/^Kimironko Fresh FoodsSale of 10,000 RWF on .+50 RWFPending$/);
    expect(await agent.getByTestId('stat-pending-earnings-value').textContent()).toBe('50 RWF');
    expect(await agent.getByTestId('stat-total-earned-value').textContent()).toBe('0 RWF');
    expect(await agent.getByTestId('stat-projected-earnings-value').textContent()).toBe('0 RWF');
    await agent.getByTestId('card-recent-commissions').getByTestId('empty-commissions').waitFor();

    // The monthly payout pays it: now earned, listed under Recent Commissions as paid, none pending.
    const month = today.slice(0, 7);
    expect(await server.admin('commissions', 'payout', '--month', month)).toContain('1 payout(s) created');
    const agentToken = await tokenOf(agent);
    const earned = async () => (await callApi<{ stats: { totalEarned: string } }>(server.url, agentToken, 'GET', '/api/agents/dashboard')).body.stats.totalEarned;
    expect(await until(earned, (total) => total !== '0.00', PAID_WITHIN_MS), `the commission's transfer was not completed within ${PAID_WITHIN_MS / 1000} s of its sending`).toBe('50.00');
    await agent.reload();
    expect(await agent.getByTestId('stat-total-earned-value').textContent()).toBe('50 RWF');
    expect(await agent.getByTestId('stat-pending-earnings-value').textContent()).toBe('0 RWF');
    expect(await agent.getByTestId('stat-projected-earnings-value').textContent()).toBe('65 RWF');
    expect(await agent.getByTestId('card-recent-commissions').locator('li').textContent()).toMatch(/^Kimironko Fresh FoodsSale of 10,000 RWF on .+50 RWFPaid$/);
    await agent.getByTestId('card-pending-commissions').getByTestId('empty-pending-commissions').waitFor();
  }, 600_000);

  it('tells a customer plainly when the code is unknown', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/pay/NO-SUCH-SHOP`);
    await page.getByTestId('state-pay-not-found').waitFor();
  });
});
