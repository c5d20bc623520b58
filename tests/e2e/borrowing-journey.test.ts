/**
 * Issue 31, "Borrowing", in a real browser at 360 × 640, in English and in Kinyarwanda, against the
 * real server (its own database, the embedded NIDA and mobile-money sandboxes): a brand-new member
 * signs up in the sign-in dialog, reads on the dashboard (and from the assistant) that what they
 * may borrow is below the minimum, follows it to what borrowing needs on /loans (the eligibility
 * checklist: a verified ID, savings for the 10,000 RWF minimum, the form's consents), checks their
 * credit score before saving (the member whose Confirm once looped on "rate changed"), follows its
 * links — verifies the national ID on the dashboard's Verification tab, saves what is missing in
 * personal savings paid by the sandbox — comes back to a complete checklist, applies (consents, key
 * facts, confirm: once, no "rate changed" loop) and sees the loan. Every step is screenshotted to
 * test-results/borrowing/ and checked for sideways scroll.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { callApi, until } from './support/api.ts';
import { clockDigits } from './support/clock-digits.ts';
import { startServer, type E2eServer } from './support/server.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/borrowing/', import.meta.url));
const VIEWPORT = { width: 360, height: 640 };

/** A person of the sandbox register per run (a national ID verifies one account only). */
const RUNS = [
  {
    language: 'en',
    person: { idNumber: '1200180000003003', firstName: 'Eric', lastName: 'Nsengimana', dateOfBirth: '2001-11-30' },
    words: { checklist: 'What borrowing needs', saveMore: /^Save 20,000 RWF more/, belowMinimum: /^0 RWF: below the minimum loan$/, ready: 'You can apply', active: 'Active' },
  },
  {
    language: 'rw',
    person: { idNumber: '1198570000002002', firstName: 'Marie Claire', lastName: 'Uwimana', dateOfBirth: '1985-01-01' },
    // Amounts as the member's language writes them (lib/locale-format.ts), whatever its grouping mark.
    words: { checklist: 'Ibisabwa kugira ngo uguze', saveMore: /^Zigama andi 20\D?000 RWF/, belowMinimum: /^0 RWF: munsi y’inguzanyo ntoya$/, ready: 'Ushobora gusaba inguzanyo', active: 'Irakora' },
  },
] as const;

type Eligibility = { eligible: boolean; requirements: { kind: string; status: string }[] };

describe.runIf(browserAvailable())('the borrowing journey in the browser', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: VIEWPORT, isMobile: true, hasTouch: true });

  beforeAll(async () => {
    // A short sandbox delay: the payment's "approve on your phone" state shows, then settles.
    server = await startServer({ env: { SANDBOX_SETTLE_MS: '400' } });
    await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The page as a person sees it (the whole page, or the screen when a dialog is open): screenshotted, and never wider than the phone. */
  async function look(page: Page, name: string, fullPage = true) {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name}: sideways scroll`).toBeLessThanOrEqual(VIEWPORT.width);
  }

  for (const run of RUNS) {
    it(`a new member borrows, guided by the checklist (${run.language})`, async () => {
      const { page } = browser;
      const shot = (step: string, fullPage = true) => look(page, `${run.language}-${step}`, fullPage);
      const phone = `+2507885${clockDigits(5)}`;
      const email = `${run.person.firstName.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.rw`;

      // The visitor picks their language, then signs up in the sign-in dialog (the page reloads, signed in).
      await page.goto(server.url);
      await page.getByTestId('button-language').click();
      await page.getByTestId(`menu-item-language-${run.language}`).click();
      await page.getByTestId('button-sign-in').click();
      await page.getByTestId('dialog-sign-in').waitFor();
      await page.getByTestId('link-switch-to-register').click();
      await page.getByTestId('input-first-name').fill(run.person.firstName);
      await page.getByTestId('input-last-name').fill(run.person.lastName);
      await page.getByTestId('input-email').fill(email);
      await page.getByTestId('input-password').fill('umuganda-2026');
      await page.getByTestId('input-confirm-password').fill('umuganda-2026');
      await page.getByTestId('input-phone').fill(phone);
      await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
      await page.getByTestId('button-user-menu').waitFor();
      const token = (await page.evaluate(() => localStorage.getItem('ikimina_token')))!;
      const eligibility = () => callApi<Eligibility>(server.url, token, 'GET', '/api/loans/eligibility');

      // The dashboard: the available credit says it is below the minimum, and leads to what is missing.
      await page.goto(`${server.url}/dashboard`);
      const needs = page.getByTestId('link-available-credit-needs');
      await needs.waitFor();
      await shot('01-dashboard');

      // The assistant says the same, in the member's language, with links, never a limit below the minimum.
      await page.getByTestId('button-open-assistant').click();
      await page.getByTestId('dialog-assistant').waitFor();
      await page.getByTestId('button-quick-canBorrow').click();
      const answer = page.getByTestId('assistant-message-assistant').last();
      await answer.waitFor();
      // The modal scrolls to the new answer: its first line is in view inside the messages.
      await page.waitForFunction(() => {
        const shown = [...document.querySelectorAll('[data-testid="assistant-message-assistant"]')].at(-1)!.getBoundingClientRect();
        const area = document.querySelector('[data-testid="dialog-assistant"] [data-radix-scroll-area-viewport]')!.getBoundingClientRect();
        return shown.top >= area.top - 1 && shown.top < area.bottom;
      });
      expect(await answer.getByTestId('link-answer-verification').count()).toBe(1);
      expect(await answer.getByTestId('link-answer-tontines').count()).toBe(1);
      expect(await answer.textContent()).not.toMatch(/\/(loans|tontines|dashboard)/);
      await shot('02-assistant', false);
      await page.keyboard.press('Escape');

      await needs.click();
      await page.waitForURL(/\/loans\?tab=apply$/);
      expect(await page.getByTestId('text-available-hint').textContent()).toMatch(run.words.belowMinimum);

      // The checklist says what is missing, each with its next step; no form before it is done.
      const checklist = page.getByTestId('card-loan-eligibility');
      await checklist.waitFor();
      expect(await page.getByTestId('text-eligibility-title').textContent()).toBe(run.words.checklist);
      expect(await page.getByTestId('requirement-identity').getAttribute('data-status')).toBe('missing');
      expect(await page.getByTestId('requirement-savings').getAttribute('data-status')).toBe('missing');
      expect(await page.getByTestId('requirement-savings').locator('span').first().textContent()).toMatch(run.words.saveMore);
      expect(await page.getByTestId('requirement-consents').getAttribute('data-status')).toBe('in_form');
      expect(await page.getByTestId('input-loan-amount').count()).toBe(0);
      await shot('03-checklist');

      // Scored before saving (575, Very Poor, in red): the limit says it is below the minimum and leads
      // back to the checklist. (Such a member's Confirm once answered "rate changed" for ever.)
      await page.getByTestId('tab-credit-score').click();
      await page.getByTestId('checkbox-credit-consent').check();
      await page.getByTestId('button-check-credit-score').click();
      await page.getByTestId('text-max-loan-below-minimum').waitFor();
      expect(await page.getByTestId('text-credit-rating').getAttribute('data-rating')).toBe('Very Poor');
      await shot('04-credit-score');
      await page.getByTestId('button-see-what-is-needed').click();
      await checklist.waitFor();

      // Its first link: the dashboard's Verification tab, where the national ID is verified.
      await page.getByTestId('link-verify-id').click();
      await page.waitForURL(/\/dashboard\?tab=verification$/);
      await page.getByTestId('card-national-id').waitFor();
      await shot('05-verification');
      await page.getByTestId('input-nida-id-number').fill(run.person.idNumber);
      await page.getByTestId('input-nida-phone').fill(phone);
      await page.getByTestId('input-nida-first-name').fill(run.person.firstName);
      await page.getByTestId('input-nida-last-name').fill(run.person.lastName);
      await page.getByTestId('input-nida-dob').fill(run.person.dateOfBirth);
      await page.getByTestId('button-verify-nida').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="card-national-id"]')?.getAttribute('data-state') === 'verified');
      await shot('06-verified');

      // Back on /loans: the ID is done; the savings step leads to personal savings of what is missing.
      await page.goto(`${server.url}/loans?tab=apply`);
      await page.getByTestId('requirement-identity').and(page.locator('[data-status="met"]')).waitFor();
      await page.getByTestId('link-save-more').click();
      await page.waitForURL(/\/tontines\?create=savings&amount=20000$/);
      const create = page.getByTestId('dialog-create-tontine');
      await create.waitFor();
      expect(await create.getByTestId('input-tontine-amount').inputValue()).toBe('20000');
      expect(await create.getByTestId('input-tontine-max-members').inputValue()).toBe('1');
      await shot('07-personal-savings', false);
      await create.getByTestId('button-submit-tontine').click();
      await page.waitForURL(/\/tontines\/[0-9a-f-]{36}$/);

      // Paid by the sandbox mobile money from the group's Pay box.
      const next = page.getByTestId('card-my-next-contribution');
      await next.waitFor();
      await next.locator('[data-testid^="button-pay-"]').click();
      const pay = page.getByTestId('dialog-pay');
      await pay.waitFor();
      await pay.getByTestId('button-confirm-pay').click();
      const saved = await until(eligibility, (r) => r.body.requirements.find((q) => q.kind === 'savings')?.status === 'met', 30_000);
      expect(saved.body.eligible).toBe(true);
      await shot('08-saved');

      // The checklist is complete: the form opens.
      await page.goto(`${server.url}/loans?tab=apply`);
      await page.locator('[data-testid="card-loan-eligibility"][data-eligible="true"]').waitFor();
      expect(await page.getByTestId('text-eligibility-title').textContent()).toBe(run.words.ready);
      await shot('09-ready');
      // The form starts at what may be borrowed now, not above it.
      expect(await page.getByTestId('input-loan-amount').inputValue()).toBe('10000');
      await page.getByTestId('select-loan-term').selectOption('6');
      await page.getByTestId('input-loan-purpose').fill('Stock for my vegetable stall');
      await page.getByTestId('button-review-key-facts').click();
      await page.getByTestId('card-key-facts').waitFor();
      expect(await page.getByTestId('fact-amount').textContent()).toMatch(/^10\D?000 RWF$/);
      await page.getByTestId('checkbox-accept-key-facts').check();
      await page.getByTestId('checkbox-scoring-consent').check();
      await shot('10-key-facts');

      if (run.language === 'en') {
        // Had the rate moved since the statement was shown, the answer (409 key_facts_outdated, its
        // server side in tests/integration/loans-api.test.ts) carries the new statement: shown in
        // place with a word on why, accepted afresh, confirmed once more. Here the server's answer
        // is played once, with a real new statement.
        const renewed = await callApi<{ id: string }>(server.url, token, 'POST', '/api/loans/key-facts', { amount: 10_000, termMonths: 6, purpose: 'Stock for my vegetable stall' });
        let played = false;
        await page.route('**/api/loans', (route) => {
          if (played || route.request().method() !== 'POST') return route.fallback();
          played = true;
          return route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Your rate changed since you reviewed the key facts: please review them again.', code: 'key_facts_outdated', keyFacts: renewed.body }),
          });
        });
        await page.getByTestId('button-confirm-application').click();
        await page.getByTestId('notice-key-facts-renewed').waitFor();
        expect(await page.getByTestId('notice-key-facts-renewed').textContent()).toContain('13.5% a year');
        expect(await page.getByTestId('checkbox-accept-key-facts').isChecked()).toBe(false);
        expect(await page.getByTestId('button-confirm-application').isDisabled()).toBe(true);
        await shot('11-key-facts-renewed');
        await page.getByTestId('checkbox-accept-key-facts').check();
        await page.getByTestId('checkbox-scoring-consent').check();
      }

      // Confirmed: decided at once (never a "your rate changed" loop), and the loan is shown.
      await page.getByTestId('button-confirm-application').click();
      const [loan] = (await until(() => callApi<{ id: string; status: string }[]>(server.url, token, 'GET', '/api/loans'), (r) => r.body.length > 0)).body;
      const card = page.getByTestId(`card-loan-${loan!.id}`);
      await card.waitFor();
      // Approved at once (a score of 603: 13.5 %) and paid out by the sandbox.
      await until(() => callApi<{ status: string }>(server.url, token, 'GET', `/api/loans/${loan!.id}`), (r) => r.body.status === 'active');
      await page.reload();
      await page.getByTestId(`status-loan-${loan!.id}`).filter({ hasText: run.words.active }).waitFor();
      expect(page.url()).toBe(`${server.url}/loans`);
      await shot('12-loan');

      // /ai-chat sits on the header's grid: the same left edge as the header's content, on a phone and wide.
      await page.goto(`${server.url}/ai-chat`);
      await page.getByTestId('chat-greeting').waitFor();
      await shot('13-ai-chat');
      for (const width of [VIEWPORT.width, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const edges = await page.evaluate(() =>
          [document.querySelector('header > div')!, document.querySelector('[data-testid="page-ai-chat"]')!].map((box) => box.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(box).paddingLeft)),
        );
        expect(edges[1], `width ${width}`).toBe(edges[0]);
      }
    }, 240_000);
  }
});
