/**
 * The assistant in a real browser against the real server: /ai-chat signed out (the greeting,
 * no input, the sign-in button to /?signin=true opening the dialog), Ask AI on a lesson signed out
 * (the question asked once, an example answer) and signed in (a quick
 * question answered with the balance the dashboard API returns, the input disabled while the
 * answer is pending, the conversation shown again after a reload, Find Matches), and the
 * dashboard's assistant modal answering from the member's own data.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { startServer, type E2eServer } from './support/server.ts';

const DEMO = { email: 'demo.member@ikimina.demo', password: 'ikimina-demo' };

describe.runIf(browserAvailable())('the assistant in the browser', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: 360, height: 640 } });

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function signIn(page: Page) {
    await page.goto(server.url);
    await page.getByTestId('button-sign-in').click();
    await page.getByTestId('dialog-sign-in').waitFor();
    await page.getByTestId('input-email').fill(DEMO.email);
    await page.getByTestId('input-password').fill(DEMO.password);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
    await page.getByTestId('button-user-menu').waitFor();
  }

  it('greets a visitor, offers no input, and its sign-in button opens the sign-in dialog', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/ai-chat`);
    expect(await page.getByTestId('chat-greeting').textContent()).toContain('Sign in to ask about your own savings');
    expect(await page.getByTestId('input-chat-message').count()).toBe(0);
    expect(await page.getByTestId('button-chat-quick-savings').count()).toBe(0);
    await page.getByTestId('button-chat-sign-in').click();
    await page.getByTestId('dialog-sign-in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('answers a visitor who asks from a lesson with a labelled example, the question asked once', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/education`);
    await page.locator('[data-testid^="card-module-"]').first().click();
    await page.getByTestId('button-ask-ai').click();
    await page.getByTestId('dialog-assistant').waitFor();
    await page.getByTestId('label-example-answer').waitFor();
    expect(await page.getByTestId('assistant-message-user').count()).toBe(1);
    expect(await page.getByTestId('input-assistant').isDisabled()).toBe(false);
  });

  it("answers a member's quick question with the balance the API returns, and shows the conversation again", async () => {
    const { page } = browser;
    await signIn(page);
    const summary = (await page.evaluate(async () => {
      const res = await fetch('/api/dashboard/summary', { headers: { Authorization: `Bearer ${localStorage.getItem('ikimina_token')}` } });
      return res.json();
    })) as { totalSavings: string };
    const francs = Math.trunc(Number(summary.totalSavings)).toLocaleString('en-US');
    await page.goto(`${server.url}/ai-chat`);
    expect(await page.getByTestId('chat-greeting').textContent()).toContain('I am your Ikimina assistant');
    await page.getByTestId('button-chat-quick-savings').click();
    await page.getByTestId('chat-message-assistant').filter({ hasText: `${francs} RWF` }).waitFor();

    await page.getByTestId('input-chat-message').fill('monthly payment for 100000 over 12 months');
    const send = page.getByTestId('button-chat-send');
    await send.click();
    // Pending: the input is disabled until the answer comes.
    await page.getByTestId('chat-message-assistant').nth(1).waitFor();
    expect(await page.getByTestId('chat-message-assistant').nth(1).textContent()).toContain('a month');
    expect(await page.getByTestId('input-chat-message').isDisabled()).toBe(false);
    expect(await send.isDisabled()).toBe(true);

    await page.reload();
    await page.getByTestId('text-earlier-messages').waitFor();
    expect(await page.getByTestId('chat-past-user').count()).toBeGreaterThanOrEqual(2);

    await page.getByTestId('input-budget').fill('5000');
    await page.getByTestId('button-find-matches').click();
    await page.getByTestId('card-recommended-groups').waitFor();
  });

  it("answers in the dashboard's modal from the member's own data, with the input disabled while pending", async () => {
    const { page } = browser;
    await signIn(page);
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('button-insights-assistant').click();
    // The network is slowed (the real server still answers), so that the pending state can be seen.
    await page.route('**/api/ai-assistant/chat', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByTestId('button-quick-creditScore').click();
    expect(await page.getByTestId('input-assistant').isDisabled()).toBe(true);
    expect(await page.getByTestId('button-quick-canBorrow').isDisabled()).toBe(true);
    const answer = page.getByTestId('assistant-message-assistant');
    await answer.waitFor();
    expect(await answer.textContent()).toMatch(/credit score is \d+|no credit score yet/);
    expect(await page.getByTestId('label-example-answer').count()).toBe(0);
  });
});
