/**
 * Issue 31, "Selling", as a newcomer lives it on a 360 × 640 phone, in English and in Kinyarwanda,
 * against the real server (its own database, the embedded mobile-money sandbox):
 *
 * a brand-new member registers a business at /merchant/register; the dashboard says what pending
 * means (an admin verifies it, usually within 24-48 hours; no payment until then); the owner
 * corrects the TIN on the 'Rwanda BNR Compliance' card (registration's rule refuses a short one);
 * generates the QR, whose tab says the same; opens its own pay page, which says the business does
 * not accept payments yet and nothing else about it; an admin verifies it from the CLI; the owner
 * is told (the bell, then /notifications with the whole text, mark all read); a customer without
 * an account pays on the pay page by sandbox mobile money and gets a receipt with a short
 * reference; the owner sees the sale under Transactions with that reference.
 *
 * Then the /notifications page's other states: empty, loading, failed and retried, older pages.
 * And a business the admin rejects (`--reason tin_mismatch --note …`): its owner reads why on the
 * dashboard in Kinyarwanda, worded from the code, never the admin's note.
 *
 * At every step the page is screenshotted (test-results/merchant-journey/<language>-<step>.png),
 * is no wider than the phone, and shows no raw code (snake_case, `merchant-payment:`); in
 * Kinyarwanda, none of the step's English words.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../web/src/locales/en.ts';
import { enScreens } from '../../web/src/locales/en-screens.ts';
import { rw } from '../../web/src/locales/rw.ts';
import { callApi } from './support/api.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { clockDigits } from './support/clock-digits.ts';
import { startServer, type E2eServer } from './support/server.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/merchant-journey/', import.meta.url));
const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };

type Language = 'en' | 'rw';
const TEXTS = { en: { ...en, ...enScreens }, rw } as const;

describe.runIf(browserAvailable())('a new merchant from registration to its first sale, on a phone', () => {
  let server: E2eServer;
  const browser = useBrowserPage(PHONE);

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer({ env: { SANDBOX_SETTLE_MS: '400' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The page at this step: on file, no wider than the phone, no raw code, no English left in Kinyarwanda. */
  async function look(page: Page, language: Language, step: string, englishNotShown: string[] = [], focus?: Locator) {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(SHOTS, `${language}-${step}.png`), fullPage: true });
    // The part the step is about as the phone shows it (the full page draws the sticky header over it).
    if (focus) {
      await focus.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `${language}-${step}-view.png`) });
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${language} ${step}: ${width} px wide`).toBeLessThanOrEqual(360);
    const text = await page.evaluate(() => document.body.innerText);
    expect(text, `${language} ${step}`).not.toMatch(/\b[a-z]+_[a-z_]+\b|merchant-payment:|undefined|NaN/);
    if (language === 'rw') for (const english of englishNotShown) expect(text, `${language} ${step}: English left`).not.toContain(english);
  }

  const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
  const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('ikimina_token')))!;
  const speaks = (page: Page, language: Language) => page.context().addInitScript((code) => localStorage.setItem('ikimina_language', code), language);

  async function signUp(page: Page, first: string, email: string, phone: string) {
    await page.goto(server.url);
    await page.getByTestId('button-sign-in').click();
    await page.getByTestId('dialog-sign-in').waitFor();
    await page.getByTestId('link-switch-to-register').click();
    await page.getByTestId('input-first-name').fill(first);
    await page.getByTestId('input-last-name').fill('Mukamana');
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill('ikimina-2026');
    await page.getByTestId('input-confirm-password').fill('ikimina-2026');
    await page.getByTestId('input-phone').fill(phone);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
    await page.getByTestId('button-user-menu').waitFor();
  }

  it('the notifications page: empty, loading, failed then retried, and older pages on demand, at 360 px', async () => {
    const page = browser.page;
    await signUp(page, 'Jeanne', `jeanne.${Date.now()}@example.rw`, `+250788${clockDigits()}`);
    await page.goto(`${server.url}/notifications`);
    await page.getByTestId('state-no-notifications').waitFor();
    expect(await page.getByTestId('button-mark-all-read').count()).toBe(0);
    await look(page, 'en', 'notifications-empty');

    // Slow, then failing: the skeleton, then the error with a retry that works.
    let answer: 'slow' | 'fail' | 'real' = 'slow';
    let release = () => {};
    await page.route('**/api/notifications/page*', async (route) => {
      if (answer === 'slow') await new Promise<void>((resolve) => (release = resolve));
      if (answer === 'fail') return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' }) });
      return route.fallback();
    });
    await page.goto(`${server.url}/notifications`);
    await page.getByTestId('skeleton-notifications-page').waitFor();
    await page.screenshot({ path: join(SHOTS, 'en-notifications-loading.png') });
    answer = 'fail';
    release();
    await page.getByTestId('state-notifications-failed').waitFor();
    await look(page, 'en', 'notifications-failed');
    answer = 'real';
    await page.getByTestId('button-retry-notifications').click();
    await page.getByTestId('state-no-notifications').waitFor();
    await page.unroute('**/api/notifications/page*');

    // Older pages come from the server's cursor, on demand (the paging itself: tests/integration/notifications-page.test.ts).
    const notice = (i: number) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, type: 'other', title: `Notice ${i}`, message: `Message ${i} `.repeat(20).trim(), isRead: i > 1, createdAt: new Date(Date.now() - i * 60_000).toISOString() });
    await page.route('**/api/notifications/page*', (route) => {
      const older = new URL(route.request().url()).searchParams.get('cursor') !== null;
      const notifications = older ? [notice(3)] : [notice(1), notice(2)];
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ notifications, nextCursor: older ? null : 'next', unreadCount: 1 }) });
    });
    await page.goto(`${server.url}/notifications`);
    await page.getByTestId('button-older-notifications').click();
    await page.getByText('Notice 3', { exact: true }).waitFor();
    await page.getByTestId('text-no-older-notifications').waitFor();
    expect(await page.getByTestId('list-notifications').locator('li').count()).toBe(3);
    await page.getByTestId('button-mark-all-read').waitFor();
    await look(page, 'en', 'notifications-paged');
  }, 300_000);

  it('in Kinyarwanda: a rejected business reads why on its dashboard, in its language, never the admin\'s note', async () => {
    const page = browser.page;
    await speaks(page, 'rw');
    const suffix = clockDigits();
    await signUp(page, 'Aline', `aline.${suffix}@example.rw`, `+250789${suffix}`);
    const token = await tokenOf(page);
    const register = async (code: string) => {
      const registered = await callApi<{ id: string }>(server.url, token, 'POST', '/api/merchants/register', {
        merchantCode: code,
        businessName: 'Iduka rya Aline',
        merchantCategory: 'grocery',
        tin: '100234567',
        businessAddress: 'Isoko rya Kimironko',
        district: 'Gasabo',
        phoneNumber: `+250789${suffix}`,
        email: `iduka.${suffix}@example.rw`,
      });
      expect(registered.status).toBe(201);
      return registered.body.id;
    };
    const words = rw.merchantDashboard.statusReasons;
    const english = enScreens.merchantDashboard;

    expect(await server.admin('merchants', 'reject', await register(`RJ-${suffix}`), '--reason', 'tin_mismatch', '--note', 'Checked with RDB by phone')).toContain('is now rejected');
    await page.goto(`${server.url}/merchant/dashboard`);
    await page.getByTestId('notice-kyb-rejected').getByText(words.tin_mismatch, { exact: false }).waitFor();
    expect(await page.textContent('body')).not.toContain('Checked with RDB');
    await look(page, 'rw', 'reason-rejected', [english.statusReasons.tin_mismatch, english.rejectedNotice]);
  }, 300_000);

  for (const language of ['en', 'rw'] as const) {
    it(`in ${language === 'en' ? 'English' : 'Kinyarwanda'}: registers, is told what pending means, corrects its TIN, is verified, is paid, sees the sale`, async () => {
      const t = TEXTS[language];
      const owner = browser.page;
      await speaks(owner, language);
      const suffix = `${language === 'en' ? 1 : 2}${clockDigits(5)}`;
      const code = `DUKA-${suffix}`;
      const name = `Duka rya Mama ${suffix}`;

      // A brand-new member registers a business.
      await signUp(owner, 'Claudine', `claudine.${suffix}@example.rw`, `+250788${suffix}`);
      await owner.goto(`${server.url}/merchant/register`);
      await owner.getByTestId('input-merchant-code').fill(code.toLowerCase());
      await owner.getByTestId('input-merchant-business-name').fill(name);
      await owner.getByTestId('select-merchant-category').selectOption('grocery');
      await owner.getByTestId('select-merchant-district').selectOption('Nyarugenge');
      await owner.getByTestId('input-merchant-address').fill('KN 2 St, Nyarugenge market');
      await owner.getByTestId('input-merchant-phone').fill(`+250788${suffix}`);
      await owner.getByTestId('input-merchant-email').fill(`duka.${suffix}@example.rw`);
      await owner.getByTestId('input-merchant-tin').fill('100234567');
      await look(owner, language, '01-register', [enScreens.merchantRegister.complianceHint]);
      await owner.getByTestId('button-merchant-submit').click();
      await toast(owner, t.merchantRegister.toast.successTitle).waitFor();
      await owner.waitForURL(`${server.url}/merchant/dashboard`);

      // The dashboard says what pending means: who verifies, how long, what customers see, how the owner hears.
      const notice = owner.getByTestId('notice-kyb-pending');
      await notice.getByText(t.merchantDashboard.kybPending).waitFor();
      await notice.getByText(t.merchantDashboard.pendingExplanation).waitFor();
      if (language === 'en') expect(await notice.textContent()).toContain('accepts payments once your business is verified, usually within 24-48 hours');
      await look(owner, language, '02-dashboard-pending', [enScreens.merchantDashboard.pendingExplanation, enScreens.merchantDashboard.kybPending]);

      // The TIN given was wrong: corrected on the compliance card, with registration's rule.
      await owner.getByTestId('link-compliance').click();
      const card = owner.getByTestId('card-bnr-compliance');
      await card.getByTestId('text-compliance-tin').getByText('100234567').waitFor();
      await card.getByTestId('button-edit-compliance').click();
      await card.getByTestId('input-compliance-tin').fill('1234');
      await card.getByTestId('button-save-compliance').click();
      await card.getByText(t.merchantRegister.validation.tinMin).waitFor();
      await look(owner, language, '03-compliance-form', [enScreens.merchantRegister.validation.tinMin, enScreens.merchantDashboard.complianceSave], card);
      await card.getByTestId('input-compliance-tin').fill('100765432');
      await card.getByTestId('input-compliance-rdb').fill('RDB-2026-0311');
      await card.getByTestId('button-save-compliance').click();
      await toast(owner, t.merchantDashboard.complianceSavedTitle).waitFor();
      await card.getByTestId('text-compliance-tin').getByText('100765432').waitFor();
      await card.getByTestId('text-compliance-rdb').getByText('RDB-2026-0311').waitFor();
      await look(owner, language, '04-compliance-saved', [enScreens.merchantDashboard.complianceSavedTitle, enScreens.merchantDashboard.complianceHint], card);

      // The QR can be generated already; its tab says when it will work and what a scan shows meanwhile.
      await owner.goto(`${server.url}/merchant/payments`);
      await owner.getByTestId('notice-qr-awaiting-verification').getByText(t.merchantPayments.awaitingText).waitFor();
      await owner.getByTestId('button-generate-qr').click();
      await toast(owner, t.merchantPayments.qrSuccessTitle).waitFor();
      await owner.getByTestId('img-qr').waitFor();
      const qrCard = owner.getByTestId('card-qr');
      await qrCard.getByTestId('notice-qr-awaiting-verification').waitFor();
      await qrCard.getByTestId('button-download-qr').waitFor();
      await look(owner, language, '05-qr-pending', [enScreens.merchantPayments.awaitingText, enScreens.merchantPayments.awaitingTitle], qrCard);

      // Its own pay page: does not accept payments yet, and nothing else about the business.
      await owner.getByTestId('link-pay-page').click();
      const awaiting = owner.getByTestId('state-pay-awaiting-verification');
      await awaiting.getByText(t.pay.awaitingTitle, { exact: true }).waitFor();
      const said = (await awaiting.textContent()) ?? '';
      expect(await awaiting.getByTestId('text-pay-merchant-code').textContent()).toContain(code);
      for (const detail of [name, 'Nyarugenge', `788${suffix}`]) expect(said).not.toContain(detail);
      await look(owner, language, '06-own-pay-page-pending', [enScreens.pay.awaitingTitle, enScreens.pay.notFoundTitle]);

      // An admin verifies the business from the CLI; the owner is told.
      const merchant = await callApi<{ id: string }>(server.url, await tokenOf(owner), 'GET', '/api/merchants/me');
      expect(await server.admin('merchants', 'list', '--pending')).toContain(code);
      expect(await server.admin('merchants', 'verify', merchant.body.id)).toContain('is now active');
      await owner.goto(`${server.url}/merchant/dashboard`);
      await owner.getByTestId('badge-kyb-status').and(owner.locator('[data-status="verified"]')).waitFor();
      expect(await owner.getByTestId('notice-kyb-pending').count()).toBe(0);
      await owner.getByTestId('badge-unread-count').waitFor();
      await owner.getByTestId('button-notifications').click();
      const verifiedTitle = language === 'en' ? 'Business verified' : 'Ubucuruzi bwemejwe';
      await owner.getByText(verifiedTitle).first().waitFor();
      await look(owner, language, '07-bell-verified', ['Business verified']);
      await owner.getByTestId('link-all-notifications').click();
      await owner.waitForURL(`${server.url}/notifications`);
      const whole = owner.getByTestId('list-notifications').getByTestId('text-notification-message').first();
      expect(await whole.textContent()).toContain(name);
      expect(await whole.textContent()).toContain(code);
      await look(owner, language, '08-notifications', ['Business verified', enScreens.notificationsPage.markAllRead]);
      await owner.getByTestId('button-mark-all-read').click();
      await owner.getByTestId('button-mark-all-read').waitFor({ state: 'detached' });
      expect(await owner.getByTestId('badge-unread-count').count()).toBe(0);
      await look(owner, language, '09-notifications-read', [enScreens.notificationsPage.subtitle]);

      // A customer without an account pays on the pay page by mobile money and gets a readable receipt.
      const customer = await browser.otherPage();
      await speaks(customer, language);
      await customer.goto(`${server.url}/pay/${encodeURIComponent(code)}`);
      await customer.getByTestId('text-pay-title').getByText(name).waitFor();
      await customer.getByTestId('input-pay-amount').fill('5000');
      await customer.getByTestId('input-pay-phone').fill('0788123456');
      await customer.getByTestId('input-pay-name').fill('Eric');
      await look(customer, language, '10-pay-form', ['Mobile money number', 'Your name (optional)']);
      await customer.getByTestId('button-pay-submit').click();
      const receipt = customer.getByTestId('state-pay-receipt');
      await receipt.waitFor();
      const reference = (await customer.getByTestId('text-receipt-reference').textContent())!;
      expect(reference).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}$/);
      // One line: the reference does not wrap at 360 px.
      const lines = await customer.getByTestId('text-receipt-reference').evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines).toBe(1);
      await look(customer, language, '11-receipt', ['Payment Successful', 'Reference']);

      // The owner sees the sale under Transactions, by the reference the customer holds.
      await owner.goto(`${server.url}/merchant/payments`);
      await owner.getByTestId('tab-transactions').click();
      const sale = owner.getByTestId('list-transactions').locator('li').filter({ hasText: reference });
      await sale.waitFor();
      expect(await sale.textContent()).toContain('Eric');
      expect(await sale.textContent()).toContain(t.businessStatus.completed);
      await look(owner, language, '12-transactions', ['Completed', 'Mobile money number'], sale);
    }, 600_000);
  }
});
