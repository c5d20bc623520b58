/**
 * Issue 31, "every state of every screen at 360 px, in four languages": every dialog, menu and
 * popover a visitor, a member, a merchant or an agent can open, in en, fr, rw and sw, read with
 * the checks of support/words.ts (no raw code, no English left, no word broken over two lines, no
 * "…" cut, nothing outside the screen), and the states a dialog or form moves to without anything
 * being changed: its own refusal of an empty form, and the message shown when its request does not
 * get through (every API call but a read is refused before it leaves, so nothing is submitted).
 *
 * The group page's own dialogs (start the rotation, pay from the group) are read in four languages
 * by group-journey.test.ts, over a group the journey fills; they are not repeated here.
 *
 * How: one server over the demo world and one browser for the file; one context per language and
 * person; each scenario loads its page once, then opens and reads its states in turn. Two
 * languages are read at a time: nothing leaves the browser but reads, so they cannot meet. Screenshots
 * go to WORDS_SHOTS_DIR when set.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';
import { LANGUAGES, namesOf, readWords, still, wordProblems, wordsContext, wordsShot, type Language, type WordsSession } from './support/words.ts';

/** `neighbour`: the demo neighbour whose account speaks the screen's language, for what is written once in the account's language (notifications). */
type Person = 'visitor' | 'member' | 'neighbour' | 'merchant' | 'agent';
const NEIGHBOURS: Record<Language, string> = { en: 'demo.member@ikimina.demo', fr: 'demo.jean@ikimina.demo', rw: 'demo.amina@ikimina.demo', sw: 'demo.grace@ikimina.demo' };
const ACCOUNTS: Record<Exclude<Person, 'visitor' | 'neighbour'>, string> = { member: 'demo.member@ikimina.demo', merchant: 'demo.merchant@ikimina.demo', agent: 'demo.agent@ikimina.demo' };

/** One state of a scenario: what is done to reach it (it answers once the state shows), then it is read. */
interface Step {
  name: string;
  act: (page: Page) => Promise<void>;
}
interface Scenario {
  person: Person;
  path: string;
  steps: Step[];
}

/** A test id, or any selector. */
const find = (page: Page, what: string) => page.locator(what.includes('[') || what.includes(' ') ? what : `[data-testid="${what}"]`).first();
/** Fills the fields (by test id), presses the control `trigger` and waits for `shown`. */
const press =
  (trigger: string, shown: string, fields: Record<string, string> = {}) =>
  async (page: Page) => {
    for (const [field, value] of Object.entries(fields)) await page.getByTestId(field).fill(value);
    await find(page, trigger).click();
    await find(page, shown).waitFor();
  };
const escape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.locator('[role="dialog"], [role="menu"]').first().waitFor({ state: 'detached' });
};
/** The account menu, opened and closed, and the notifications popover. */
const ACCOUNT_MENUS: Step[] = [
  { name: 'account-menu', act: press('button-user-menu', '[role="menu"]') },
  { name: 'account-menu-closed', act: escape },
  { name: 'notifications', act: press('button-notifications', '[data-radix-popper-content-wrapper]') },
];
/** A message of refusal or failure, in the open dialog or as a toast. */
const MESSAGE = '[role="dialog"] [role="alert"], [role="dialog"] .text-destructive, [data-testid="toast"]';

describe.runIf(browserAvailable())('words for people: every dialog, menu and popover in every language at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  const sessions = new Map<string, WordsSession>();
  let scenarios: Scenario[] = [];

  async function login(email: string): Promise<WordsSession> {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'ikimina-demo' }) });
    expect(res.status, email).toBe(200);
    return (await res.json()) as WordsSession;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SEED_DEMO_WORLD: 'true', SANDBOX_SETTLE_MS: '200' } }), launchChromium()]);
    for (const email of new Set([...Object.values(ACCOUNTS), ...Object.values(NEIGHBOURS)])) sessions.set(email, await login(email));
    // A group forming among the neighbours, which the demo member may ask to join.
    const amina = sessions.get(NEIGHBOURS.rw)!;
    const forming = await callApi<{ id: string }>(server.url, amina.token, 'POST', '/api/tontines', {
      name: 'Abaturanyi ba Kimironko',
      description: 'Tuzigama buri cyumweru',
      contributionAmount: 5000,
      frequency: 'weekly',
      maxMembers: 6,
    });
    expect(forming.status).toBe(201);
    // A group of one, started at once: the demo member owes its first contribution (the demo world's are paid ahead).
    const member = sessions.get(ACCOUNTS.member)!;
    const own = await callApi<{ id: string }>(server.url, member.token, 'POST', '/api/tontines', { name: 'Kwizigamira', description: 'Kwizigamira buri kwezi', contributionAmount: 5000, frequency: 'monthly', maxMembers: 1 });
    expect(own.status).toBe(201);

    scenarios = [
      {
        person: 'visitor',
        path: '/',
        steps: [
          { name: 'menu', act: press('button-mobile-menu', 'link-mobile-tontines') },
          { name: 'menu-closed', act: escape },
          { name: 'language', act: press('button-language', '[role="menu"]') },
          { name: 'language-closed', act: escape },
          { name: 'sign-in', act: press('button-sign-in', 'dialog-sign-in') },
          { name: 'sign-in-empty', act: press('button-submit-auth', MESSAGE) },
          // The e-mail is known but the request does not get through.
          { name: 'sign-in-offline', act: press('button-submit-auth', MESSAGE, { 'input-email': 'aline@example.rw', 'input-password': 'umuganda2026' }) },
          { name: 'magic-link-offline', act: press('button-magic-link', 'text-magic-link-error') },
          { name: 'forgot-password-offline', act: press('button-forgot-password', 'text-magic-link-error') },
          { name: 'register', act: press('link-switch-to-register', 'input-first-name') },
          { name: 'register-empty', act: press('button-submit-auth', MESSAGE) },
        ],
      },
      {
        person: 'visitor',
        path: '/pay/DEMO-SHOP',
        steps: [
          { name: 'empty', act: press('button-pay-submit', '[role="alert"]') },
          { name: 'offline', act: press('button-pay-submit', '[role="alert"], [data-testid="toast"]', { 'input-pay-amount': '2000', 'input-pay-phone': '0788123456' }) },
        ],
      },
      {
        person: 'member',
        path: '/dashboard',
        steps: [
          { name: 'account-menu', act: press('button-user-menu', '[role="menu"]') },
          { name: 'account-menu-closed', act: escape },
          { name: 'menu', act: press('button-mobile-menu', 'link-mobile-tontines') },
          { name: 'menu-closed', act: escape },
          { name: 'assistant', act: press('button-open-assistant', 'dialog-assistant') },
          { name: 'assistant-offline', act: press('button-assistant-send', '[data-testid="dialog-assistant"] [role="alert"], [data-testid="assistant-message-assistant"]', { 'input-assistant': '?' }) },
        ],
      },
      { person: 'neighbour', path: '/dashboard', steps: [{ name: 'notifications', act: press('button-notifications', '[data-radix-popper-content-wrapper]') }] },
      {
        person: 'member',
        path: '/dashboard?tab=contributions',
        steps: [
          { name: 'pay', act: press('[data-testid^="button-pay-"]', 'dialog-pay') },
          // Lost on the network: the dialog says it will send the same request once the link is back.
          { name: 'pay-offline', act: press('button-confirm-pay', '[data-testid="text-pay-retrying"], [data-testid="toast"]', { 'input-pay-phone': '0788123456' }) },
        ],
      },
      { person: 'member', path: '/dashboard?tab=verification', steps: [{ name: 'camera', act: press('button-camera-kyc-selfie', 'webcam-kyc-selfie') }] },
      {
        person: 'member',
        path: '/loans',
        steps: [
          { name: 'repay', act: press('[data-testid^="button-repay-"]', 'dialog-repay') },
          { name: 'repay-offline', act: press('button-confirm-repay', MESSAGE) },
        ],
      },
      {
        person: 'member',
        path: '/tontines',
        steps: [
          { name: 'create', act: press('button-create-tontine', 'dialog-create-tontine') },
          { name: 'create-empty', act: press('button-submit-tontine', MESSAGE) },
          {
            name: 'create-offline',
            act: press('button-submit-tontine', MESSAGE, { 'input-tontine-name': 'Abaturanyi', 'input-tontine-description': 'Tuzigama buri cyumweru', 'input-tontine-amount': '5000' }),
          },
        ],
      },
      {
        person: 'member',
        path: '/tontines',
        steps: [
          { name: 'discover', act: press('tab-discover', 'panel-discover') },
          { name: 'filters', act: press('button-filters', 'dialog-filters') },
          { name: 'filters-closed', act: escape },
          { name: 'sort', act: press('button-sort', 'menu-sort') },
        ],
      },
      { person: 'member', path: `/tontines/${forming.body.id}`, steps: [{ name: 'join-offline', act: press('button-join-tontine', '[data-testid="toast"]') }] },
      {
        person: 'merchant',
        path: '/merchant/dashboard',
        steps: ACCOUNT_MENUS,
      },
      { person: 'merchant', path: '/merchant/payments', steps: [{ name: 'menu', act: press('button-mobile-menu', 'link-mobile-tontines') }] },
      {
        person: 'agent',
        path: '/agent/dashboard',
        steps: ACCOUNT_MENUS,
      },
    ];
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const language of LANGUAGES) {
    it.concurrent(`${language}: every dialog, menu and popover and what they answer, in words for people`, { timeout: 300_000 }, async ({ expect }) => {
      const problems: string[] = [];
      for (const person of ['visitor', 'member', 'neighbour', 'merchant', 'agent'] as const) {
        const session = person === 'visitor' ? null : sessions.get(person === 'neighbour' ? NEIGHBOURS[language] : ACCOUNTS[person])!;
        const context = await wordsContext(browser, language, session);
        const page = await context.newPage();
        for (const scenario of scenarios.filter((s) => s.person === person)) {
          await page.goto(`${server.url}${scenario.path}`);
          await screenRendered(page);
          for (const step of scenario.steps) {
            const where = `${language} ${person} ${scenario.path} ${step.name}`;
            const reached = await step.act(page).then(
              () => true,
              (error: Error) => {
                problems.push(`${where}: not reached (${error.message.split('\n')[0]})`);
                return false;
              },
            );
            if (!reached) break;
            await still(page);
            problems.push(...wordProblems(where, await readWords(page), language, namesOf(session)));
            await wordsShot(page, `dialogs-${language}-${person}${scenario.path}-${step.name}`, false);
          }
        }
        await context.close();
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
