/**
 * Issue 16 in a real browser: every route of the web router at 360 × 640 (a cheap Android phone),
 * signed out and signed in, has no serious or critical WCAG 2.2 AA violation (axe-core run in the
 * page), no horizontal scroll, touch targets of at least 44 px and a reachable menu; every dialog,
 * menu and popover can be used with the keyboard alone (opened from its trigger, focus inside and
 * kept there, the main action used where it is safe, Escape, focus back on the trigger); a session
 * the server ended brings the person back to the page they were on after signing in again.
 *
 * The pages are checked as three people: signed out; the demo member (national ID verified) with a
 * group, a contribution due and a running loan; and a member who is both an accredited agent and a
 * verified merchant with a QR code and a sale. One `it` per page and person, so a failure names them.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyReasons, findBusy, trackRequests } from '../../scripts/demo/settled.ts';
import { seriousViolations } from './support/axe.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { callApi, until } from './support/api.ts';
import { clockDigits } from './support/clock-digits.ts';
import { startServer, type E2eServer } from './support/server.ts';

const ROUTER_SOURCE = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
const PASSWORD = 'umuganda2026';
const DEMO = { email: 'demo.member@ikimina.demo', password: 'ikimina-demo' };
const PAGE_TIMEOUT_MS = 120_000;

type Person = 'signed out' | 'member' | 'merchant and agent';
const EVERYONE: Person[] = ['signed out', 'member', 'merchant and agent'];
const MEMBERS: Person[] = ['signed out', 'member'];

/**
 * What is visited for each route of the router: `route` is its path in router.tsx (checked against
 * it below, so a new route cannot be forgotten), `path` the address opened (`:id` and
 * `:merchantCode` are filled with the real group and merchant), `tabs` the test ids of tabs that
 * are opened and checked in turn (those not in the address), for the people in `tabsAs` (by
 * default everyone who visits; a page that asks a visitor to sign in or to register has no tabs).
 */
interface Visit {
  route: string;
  path: string;
  as: Person[];
  tabs?: string[];
  tabsAs?: Person[];
}
const VISITS: Visit[] = [
  { route: '/', path: '/', as: EVERYONE },
  { route: '/dashboard', path: '/dashboard', as: MEMBERS },
  { route: '/dashboard', path: '/dashboard?tab=contributions', as: MEMBERS },
  { route: '/dashboard', path: '/dashboard?tab=verification', as: MEMBERS },
  { route: '/tontines', path: '/tontines', as: MEMBERS, tabs: ['tab-my-tontines', 'tab-discover', 'tab-ai-recommended', 'tab-categories'] },
  { route: '/tontines/:id', path: '/tontines/:id', as: MEMBERS },
  { route: '/loans', path: '/loans', as: MEMBERS, tabs: ['tab-my-loans', 'tab-apply', 'tab-recommendations', 'tab-credit-score'] },
  { route: '/auth/magic-link', path: '/auth/magic-link', as: MEMBERS },
  { route: '/auth/magic-link', path: '/auth/magic-link#token=not-a-real-token', as: MEMBERS },
  { route: '/auth/reset-password', path: '/auth/reset-password', as: MEMBERS },
  { route: '/auth/reset-password', path: '/auth/reset-password#token=not-a-real-token', as: MEMBERS },
  { route: '/security', path: '/security', as: MEMBERS },
  { route: '/profile', path: '/profile', as: MEMBERS },
  { route: '/ai-chat', path: '/ai-chat', as: MEMBERS },
  { route: '/agent/register', path: '/agent/register', as: EVERYONE },
  { route: '/agent/dashboard', path: '/agent/dashboard', as: EVERYONE },
  { route: '/merchant/register', path: '/merchant/register', as: EVERYONE },
  { route: '/merchant/dashboard', path: '/merchant/dashboard', as: EVERYONE },
  { route: '/merchant/payments', path: '/merchant/payments', as: EVERYONE, tabs: ['tab-qr', 'tab-transactions', 'tab-settlements'], tabsAs: ['merchant and agent'] },
  { route: '/pay/:merchantCode', path: '/pay/:merchantCode', as: MEMBERS },
  { route: '/pay/:merchantCode', path: '/pay/NO-SUCH-SHOP', as: ['signed out'] },
  // The card processor's return page: a reference that is not the visitor's reads as not found.
  { route: '/payments/card/return', path: '/payments/card/return?tx_ref=no-such-payment&status=cancelled', as: EVERYONE },
  { route: '/notifications', path: '/notifications', as: EVERYONE },
  { route: '/education', path: '/education', as: MEMBERS },
  { route: '/learn-more', path: '/learn-more', as: MEMBERS },
  { route: '/demo', path: '/demo', as: MEMBERS },
  { route: '/privacy', path: '/privacy', as: MEMBERS },
  { route: '/terms', path: '/terms', as: MEMBERS },
  { route: '*', path: '/no-such-page', as: MEMBERS },
];

/**
 * The paths of router.tsx's route table ('/' for the index route, '*' for the 404), declared as
 * `<Route path="…">` elements or as route objects (`path: '…'`).
 */
function routerPaths(): string[] {
  const paths = [...ROUTER_SOURCE.matchAll(/\bpath(?:=|: )["']([^"']+)["']/g)].map(([, path]) => (path === '*' ? '*' : `/${path}`));
  return /<Route index\b|\bindex: true/.test(ROUTER_SOURCE) ? ['/', ...paths] : paths;
}

/** Controls narrower or shorter than 44 px, visible on screen (inline links in a sentence are exempt). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="tab"], [role="button"], input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, a[href]')) {
      const box = el.getBoundingClientRect();
      // Not on screen, or visually hidden behind a visible control (a file input behind its button).
      if (box.width <= 1 || box.height <= 1 || el.closest('[aria-hidden="true"]')) continue;
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      if (box.height < 44 || box.width < 44) found.push(`${el.tagName.toLowerCase()}[${el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}] ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  });
}

const requestsOf = new WeakMap<Page, { pending(): string[] }>();
/** The page's pending requests, counted from the first call on (before its first navigation). */
function requests(page: Page): { pending(): string[] } {
  let tracked = requestsOf.get(page);
  if (!tracked) requestsOf.set(page, (tracked = trackRequests(page)));
  return tracked;
}

/** How long nothing may be loading before the page counts as finished. */
const QUIET_MS = 200;

/**
 * Nothing is on its way, for QUIET_MS in a row: no request of the page pending, nothing busy on it
 * (no aria-busy, skeleton, spinner, inline shell, loading font or image: scripts/demo/settled.ts).
 * Instead of Playwright's `networkidle`, which always waits 500 ms after the last request.
 */
async function quiet(page: Page): Promise<void> {
  const tracked = requests(page);
  const deadline = Date.now() + 30_000;
  let quietSince: number | undefined;
  for (;;) {
    const reasons = busyReasons(await page.evaluate(findBusy), tracked.pending());
    if (reasons.length > 0) quietSince = undefined;
    else if (Date.now() - (quietSince ??= Date.now()) >= QUIET_MS) return;
    if (Date.now() > deadline) throw new Error(`the page did not settle within 30 s: ${reasons.join('; ')}`);
    await page.waitForTimeout(25);
  }
}

/** The app has replaced the inline shell and the route's first data has arrived. */
async function settled(page: Page, url: string): Promise<void> {
  requests(page);
  await page.goto(url);
  await page.waitForSelector('#shell-main', { state: 'detached' });
  await quiet(page);
  for (const placeholder of ['page-skeleton', 'page-spinner']) await page.waitForSelector(`[data-testid="${placeholder}"]`, { state: 'detached' });
  // Every region's data has arrived (skeletons carry aria-busy until then).
  await page.waitForSelector('main [aria-busy="true"]', { state: 'detached' });
  await page.getByTestId('button-language').waitFor();
}

/** axe, the page's width, its targets and the small-screen menu, as the page is now. */
async function problemsOnScreen(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  if (widths.scroll > widths.view) problems.push(`${where}: scrolls sideways (${widths.scroll} px wide in ${widths.view})`);
  for (const target of await smallTargets(page)) problems.push(`${where}: touch target under 44 px: ${target}`);
  return problems;
}

/** The small-screen menu button is inside the screen, and it opens the menu. */
async function menuReachable(page: Page): Promise<string[]> {
  const button = page.getByTestId('button-mobile-menu');
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await button.boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  if (!box || box.x < 0 || box.x + box.width > width) return [`the menu button is off-screen (${JSON.stringify(box)} in ${width} px)`];
  await button.click();
  await page.getByTestId('link-mobile-tontines').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('link-mobile-tontines').waitFor({ state: 'detached' });
  return [];
}

const focusIsIn = (area: Locator) => area.evaluate((el) => el.contains(document.activeElement));
const hasFocus = (control: Locator) => control.evaluate((el) => el === document.activeElement);
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.outerHTML.slice(0, 80) ?? '(nothing)');

/**
 * Enter on the focused trigger opens `area`, and focus moves into it; the page with it open has
 * no serious or critical axe violation and no control under 44 px either.
 */
async function openWithKeyboard(page: Page, trigger: Locator, area: Locator): Promise<void> {
  await trigger.focus();
  await page.keyboard.press('Enter');
  await area.waitFor();
  await expect.poll(() => focusIsIn(area), { message: `focus moves into the dialog (it is on ${await focusedName(page)})` }).toBe(true);
  // Colours are measured once the opening fade is over (not the spinners, which never end).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const name = (await area.getAttribute('data-testid')) ?? (await area.getAttribute('role')) ?? 'dialog';
  expect(await problemsOnScreen(page, `${new URL(page.url()).pathname} with ${name} open`)).toEqual([]);
}

/** Tab and Shift+Tab, more times than there are controls, never leave a modal dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const stops = await dialog.evaluate((el) => el.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])').length);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= stops; i++) {
      await page.keyboard.press(key);
      expect(await focusIsIn(dialog), `${key} #${i + 1} left the dialog for ${await focusedName(page)}`).toBe(true);
    }
  }
}

/** Escape closes `area` and focus is back on its trigger. */
async function closeWithEscape(page: Page, trigger: Locator, area: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await area.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(trigger), { message: 'focus returns to the trigger' }).toBe(true);
}

describe.runIf(browserAvailable())('every page on a 360 × 640 phone, with a keyboard and an ended session', () => {
  let server: E2eServer;
  const browser = useBrowserPage({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  let seq = 0;
  const sessions = new Map<Person, Session>();
  let world: { tontineId: string; contributionId: string; loanId: string; merchantCode: string };

  interface Session {
    token: string;
    user: unknown;
    profile: unknown;
  }

  const api = <T,>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => callApi<T>(server.url, token, method, path, body, headers);

  async function register(): Promise<Session> {
    const email = `a11y.${Date.now().toString(36)}${++seq}@example.rw`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName: 'Aline', lastName: 'Uwase' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Session;
  }

  /** The demo member with 40,000 RWF saved in a one-member group, a second group's contribution due, and a running loan. */
  async function demoMember(): Promise<Session> {
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
    expect(login.status).toBe(200);
    const session = (await login.json()) as Session;
    const group = (name: string, contributionAmount: number) =>
      api<{ id: string }>(session.token, 'POST', '/api/tontines', { name, description: `${name}, saving together`, contributionAmount, frequency: 'monthly', maxMembers: 1 });
    const savings = await group('Loan savings', 40_000);
    expect(savings.status).toBe(201);
    const owed = (await api<{ id: string; tontineId: string }[]>(session.token, 'GET', '/api/contributions/user')).body.find((c) => c.tontineId === savings.body.id);
    const paid = await api<{ id: string }>(session.token, 'POST', `/api/contributions/${owed!.id}/pay`, {}, { 'Idempotency-Key': `a11y-save-${owed!.id}` });
    expect(paid.status).toBe(202);
    const done = await until(() => api<{ status: string }>(session.token, 'GET', `/api/payments/${paid.body.id}`), (r) => r.body.status !== 'pending', 60_000);
    expect(done.body.status).toBe('successful');

    const due = await group('Keyboard Savers', 5_000);
    expect(due.status).toBe(201);
    const dueContribution = (await api<{ id: string; tontineId: string }[]>(session.token, 'GET', '/api/contributions/user')).body.find((c) => c.tontineId === due.body.id);

    const application = { amount: 12_000, termMonths: 12, purpose: 'Stock or equipment to grow your business' };
    const facts = await api<{ id: string }>(session.token, 'POST', '/api/loans/key-facts', application);
    expect(facts.status).toBe(201);
    const loan = await api<{ id: string }>(session.token, 'POST', '/api/loans', { ...application, keyFactsId: facts.body.id, acceptKeyFacts: true, scoringConsent: true }, { 'Idempotency-Key': `a11y-loan-${facts.body.id}` });
    expect(loan.status, JSON.stringify(loan.body)).toBe(201);
    world = { ...world, tontineId: due.body.id, contributionId: dueContribution!.id, loanId: loan.body.id };
    return session;
  }

  /** A member who is an accredited agent and a verified merchant with a QR code and one sale. */
  async function merchantAndAgent(): Promise<Session> {
    const session = await register();
    const suffix = clockDigits();
    const agent = await api<{ id: string }>(session.token, 'POST', '/api/agents/register', {
      agentCode: `AG-${suffix}`,
      agentType: 'individual',
      physicalAddress: 'KG 11 Ave, Kimironko',
      district: 'Gasabo',
      phoneNumber: `+250788${suffix}`,
      email: `agent.${suffix}@example.rw`,
      serviceTerritories: ['Kimironko', 'Remera'],
    });
    expect(agent.status).toBe(201);
    expect(await server.admin('agents', 'accredit', agent.body.id)).toContain('is now active');
    // An agent cannot refer their own business (409 own_business_referral): the agent's dashboard
    // gets its merchant from another member, and this person's own business has no referrer.
    const referred = await api<{ id: string }>((await register()).token, 'POST', '/api/merchants/register', {
      merchantCode: `REF-${suffix}`,
      businessName: 'Remera Tailors',
      merchantCategory: 'service',
      tin: '100234568',
      businessAddress: 'Remera, KG 17 Ave',
      district: 'Gasabo',
      phoneNumber: `+250787${suffix}`,
      email: `tailors.${suffix}@example.rw`,
      onboardedByAgentId: agent.body.id,
    });
    expect(referred.status).toBe(201);
    expect(await server.admin('merchants', 'verify', referred.body.id)).toContain('is now active');
    const merchantCode = `SHOP-${suffix}`;
    const merchant = await api<{ id: string }>(session.token, 'POST', '/api/merchants/register', {
      merchantCode,
      businessName: 'Kimironko Fresh Foods',
      merchantCategory: 'grocery',
      tin: '100234567',
      businessAddress: 'Kimironko Market, stall 12',
      district: 'Gasabo',
      phoneNumber: `+250789${suffix}`,
      email: `shop.${suffix}@example.rw`,
    });
    expect(merchant.status).toBe(201);
    expect(await server.admin('merchants', 'verify', merchant.body.id)).toContain('is now active');
    expect((await api(session.token, 'POST', `/api/merchants/${merchant.body.id}/generate-qr`, {})).status).toBe(200);
    const sale = await fetch(`${server.url}/api/pay/${merchantCode}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `a11y-sale-${suffix}` },
      body: JSON.stringify({ amount: 10_000, phoneNumber: '+250788123456', customerName: 'Jean Bosco' }),
    });
    expect(sale.status, await sale.clone().text()).toBe(202);
    world = { ...world, merchantCode };
    // Signed-in pages read the member's profile from storage as the app stored it at sign-in.
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: (session.user as { email: string }).email, password: PASSWORD }) });
    expect(login.status).toBe(200);
    return (await login.json()) as Session;
  }

  beforeAll(async () => {
    server = await startServer({ env: { SANDBOX_SETTLE_MS: '300' } });
    sessions.set('member', await demoMember());
    sessions.set('merchant and agent', await merchantAndAgent());
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function signInByStorage(page: Page, session: Session): Promise<void> {
    await page.context().addInitScript((s) => {
      if (sessionStorage.getItem('a11y_signed_in') !== null) return;
      sessionStorage.setItem('a11y_signed_in', '1');
      localStorage.setItem('ikimina_token', s.token);
      localStorage.setItem('ikimina_user', JSON.stringify(s.user));
      localStorage.setItem('ikimina_profile', JSON.stringify(s.profile ?? null));
    }, session);
  }

  const address = (path: string) => `${server.url}${path.replace(':id', world.tontineId).replace(':merchantCode', encodeURIComponent(world.merchantCode))}`;

  it('visits every route of the web router', () => {
    expect([...new Set(VISITS.map((v) => v.route))].sort()).toEqual(routerPaths().sort());
  });

  for (const person of EVERYONE) {
    describe(person, () => {
      for (const visit of VISITS.filter((v) => v.as.includes(person))) {
        it(`${visit.path}: no serious or critical axe violation, no sideways scroll, 44 px targets, the menu reachable`, async () => {
          const { page } = browser;
          const session = sessions.get(person);
          if (session) await signInByStorage(page, session);
          await settled(page, address(visit.path));
          const problems = await problemsOnScreen(page, visit.path);
          for (const tab of (visit.tabsAs ?? visit.as).includes(person) ? (visit.tabs ?? []) : []) {
            await page.getByTestId(tab).click();
            await quiet(page);
            problems.push(...(await problemsOnScreen(page, `${visit.path} ${tab}`)));
          }
          problems.push(...(await menuReachable(page)));
          expect(problems).toEqual([]);
        }, PAGE_TIMEOUT_MS);
      }
    });
  }

  // Longer words than English's (a Kinyarwanda quick action once widened the page to 366 px).
  it('the signed-in dashboard and /tontines in French, Kinyarwanda and Kiswahili: no sideways scroll at 360 px', async () => {
    const { page } = browser;
    await signInByStorage(page, sessions.get('member')!);
    const problems: string[] = [];
    for (const language of ['fr', 'rw', 'sw']) {
      await page.context().addInitScript((code) => localStorage.setItem('ikimina_language', code), language);
      for (const path of ['/dashboard', '/tontines']) {
        await settled(page, address(path));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
        if (widths.scroll > 360 || widths.view > 360) problems.push(`${language} ${path}: ${widths.scroll} px wide in ${widths.view}`);
      }
    }
    expect(problems).toEqual([]);
  }, PAGE_TIMEOUT_MS);

  describe('dialogs, menus and popovers with the keyboard alone', () => {
    it('sign in and create account: Tab reaches Sign in from the top, focus stays inside, Escape gives focus back, the form submits with Enter', async () => {
      const { page } = browser;
      await settled(page, server.url);
      const seen: string[] = [];
      for (let i = 0; i < 30 && seen.at(-1) !== 'button-sign-in'; i++) {
        await page.keyboard.press('Tab');
        seen.push(await focusedName(page));
      }
      expect(seen.at(-1), seen.join(' → ')).toBe('button-sign-in');
      const trigger = page.getByTestId('button-sign-in');
      const dialog = page.getByTestId('dialog-sign-in');
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect(await focusIsIn(dialog)).toBe(true);
      await expectFocusTrapped(page, dialog);
      // The create-account side of the same dialog.
      await page.getByTestId('link-switch-to-register').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('input-first-name').waitFor();
      await expectFocusTrapped(page, dialog);
      await closeWithEscape(page, trigger, dialog);

      // Signing in with the keyboard: type, Enter, and the page reloads signed in.
      await openWithKeyboard(page, trigger, dialog);
      await page.getByTestId('input-email').focus();
      await page.keyboard.type(DEMO.email);
      await page.getByTestId('input-password').focus();
      await page.keyboard.type(DEMO.password);
      await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
      await page.getByTestId('button-user-menu').waitFor();
    }, PAGE_TIMEOUT_MS);

    it('sign in from the small-screen menu: the menu opens with Enter, arrows move inside it, its Sign in opens the dialog', async () => {
      const { page } = browser;
      await settled(page, server.url);
      const trigger = page.getByTestId('button-mobile-menu');
      const menu = page.getByRole('menu');
      await openWithKeyboard(page, trigger, menu);
      await page.keyboard.press('ArrowDown');
      expect(await focusIsIn(menu)).toBe(true);
      await closeWithEscape(page, trigger, menu);

      await openWithKeyboard(page, trigger, menu);
      await page.getByTestId('menu-item-mobile-sign-in').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('dialog-sign-in');
      await dialog.waitFor();
      await expect.poll(() => focusIsIn(dialog)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The menu item is gone with its menu: focus goes back to the menu's button.
      await expect.poll(() => hasFocus(trigger), { message: 'focus returns to the menu button' }).toBe(true);
    }, PAGE_TIMEOUT_MS);

    it('the language menu: Enter opens it, arrows and Enter choose French, focus returns to its button', async () => {
      const { page } = browser;
      await settled(page, server.url);
      // The real menu replaces its stand-in once the page is idle; the stand-in opens it too.
      const trigger = page.getByTestId('button-language');
      const menu = page.getByRole('menu');
      await openWithKeyboard(page, trigger, menu);
      await page.getByTestId('menu-item-language-fr').focus();
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await expect.poll(() => hasFocus(trigger), { message: 'focus returns to the language button' }).toBe(true);
    }, PAGE_TIMEOUT_MS);

    it('the account menu and the notifications: open with Enter, focus inside, Escape gives focus back', async () => {
      const { page } = browser;
      await signInByStorage(page, sessions.get('member')!);
      await settled(page, `${server.url}/dashboard`);
      for (const [triggerId, area] of [
        ['button-user-menu', page.getByRole('menu')],
        ['button-notifications', page.getByRole('dialog')],
      ] as const) {
        const trigger = page.getByTestId(triggerId);
        await openWithKeyboard(page, trigger, area);
        await closeWithEscape(page, trigger, area);
      }
      // The account menu's Profile item, chosen with the keyboard, goes to the profile.
      const trigger = page.getByTestId('button-user-menu');
      await openWithKeyboard(page, trigger, page.getByRole('menu'));
      await page.getByRole('menuitem').filter({ hasText: 'Security' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/security`);
    }, PAGE_TIMEOUT_MS);

    it('create a tontine: opened from its button, focus trapped, Escape gives focus back, then filled and submitted with the keyboard', async () => {
      const { page } = browser;
      await signInByStorage(page, sessions.get('member')!);
      await settled(page, `${server.url}/tontines`);
      const trigger = page.getByTestId('button-create-tontine');
      const dialog = page.getByTestId('dialog-create-tontine');
      await openWithKeyboard(page, trigger, dialog);
      await expectFocusTrapped(page, dialog);
      await closeWithEscape(page, trigger, dialog);

      await openWithKeyboard(page, trigger, dialog);
      await page.getByTestId('input-tontine-name').focus();
      await page.keyboard.type('Umuganda Keyboard Club');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Saving every week without a mouse');
      await page.keyboard.press('Tab');
      await page.keyboard.type('2000');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/tontines\/[0-9a-f-]{36}$/);
      await page.getByText('Umuganda Keyboard Club').first().waitFor();
    }, PAGE_TIMEOUT_MS);

    it('pay a contribution: opened from Pay, focus trapped, Escape gives focus back, then the request is sent with Enter', async () => {
      const { page } = browser;
      await signInByStorage(page, sessions.get('member')!);
      await settled(page, `${server.url}/dashboard?tab=contributions`);
      const trigger = page.getByTestId(`button-pay-${world.contributionId}`);
      const dialog = page.getByTestId('dialog-pay');
      await openWithKeyboard(page, trigger, dialog);
      await expectFocusTrapped(page, dialog);
      await closeWithEscape(page, trigger, dialog);

      // The sandbox's mobile money: sent with Enter, approved on the (simulated) phone, paid.
      await openWithKeyboard(page, trigger, dialog);
      await page.getByTestId('input-pay-phone').focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('0788123456');
      await page.keyboard.press('Enter');
      await page.getByTestId('toast').filter({ hasText: 'Payment received' }).waitFor();
    }, PAGE_TIMEOUT_MS);

    it('repay a loan: opened from Repay, focus trapped, Escape gives focus back, the choice and Confirm work with the keyboard', async () => {
      const { page } = browser;
      await signInByStorage(page, sessions.get('member')!);
      await settled(page, `${server.url}/loans`);
      const trigger = page.getByTestId(`button-repay-${world.loanId}`);
      const dialog = page.getByTestId('dialog-repay');
      await openWithKeyboard(page, trigger, dialog);
      await expectFocusTrapped(page, dialog);
      await closeWithEscape(page, trigger, dialog);

      await openWithKeyboard(page, trigger, dialog);
      await page.getByTestId('radio-repay-instalment').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('radio-repay-balance').isChecked()).toBe(true);
      await page.keyboard.press('ArrowUp');
      expect(await page.getByTestId('radio-repay-instalment').isChecked()).toBe(true);
      await page.getByTestId('button-confirm-repay').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('toast').filter({ hasText: 'Repayment received' }).waitFor();
    }, PAGE_TIMEOUT_MS);

    it('the assistant, from a lesson and from the dashboard: focus trapped, a question asked with the keyboard, Escape gives focus back', async () => {
      const { page } = browser;
      await settled(page, `${server.url}/education`);
      const module = page.locator('[data-testid^="card-module-"]').first();
      await module.focus();
      await page.keyboard.press('Enter');
      const askAi = page.getByTestId('button-ask-ai');
      const dialog = page.getByTestId('dialog-assistant');
      await openWithKeyboard(page, askAi, dialog);
      await expectFocusTrapped(page, dialog);
      await closeWithEscape(page, askAi, dialog);

      // Signed in, the question goes to the server and is answered from the member's records.
      await signInByStorage(page, sessions.get('member')!);
      await settled(page, `${server.url}/dashboard`);
      const open = page.getByTestId('button-open-assistant');
      await openWithKeyboard(page, open, dialog);
      await expectFocusTrapped(page, dialog);
      await page.getByTestId('input-assistant').focus();
      await page.keyboard.type('How much have I saved?');
      await page.keyboard.press('Enter');
      await page.getByTestId('assistant-message-assistant').first().waitFor();
      await closeWithEscape(page, open, dialog);
    }, PAGE_TIMEOUT_MS);

    it('the verification camera: opened with Enter, focus moves into it, Close gives focus back to the camera button', async () => {
      const { page } = browser;
      await signInByStorage(page, sessions.get('member')!);
      await settled(page, `${server.url}/dashboard?tab=verification`);
      const trigger = page.getByTestId('button-camera-kyc-selfie');
      const panel = page.getByTestId('webcam-kyc-selfie');
      await openWithKeyboard(page, trigger, panel);
      // Headless Chromium has no camera: the panel says so, and Close still works from the keyboard.
      await page.getByTestId('button-close-webcam-kyc-selfie').focus();
      await page.keyboard.press('Enter');
      await panel.waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(trigger), { message: 'focus returns to the camera button' }).toBe(true);
    }, PAGE_TIMEOUT_MS);
  });

  it('a session the server ended: signed out with a word why, the sign-in dialog open, and back on the same page after signing in', async () => {
    const { page } = browser;
    const session = await register();
    await signInByStorage(page, session);
    await settled(page, `${server.url}/tontines`);
    // Off the app while the server ends the session: otherwise a poll of the open page (the unread
    // count) may meet the ended session first and sign out there, before /loans is opened.
    await page.goto('about:blank');
    const ended = await fetch(`${server.url}/api/auth/logout-everywhere`, { method: 'POST', headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(ended.status).toBe(204);

    await page.goto(`${server.url}/loans`);
    await page.getByTestId('toast').filter({ hasText: 'Session ended' }).waitFor();
    await page.getByTestId('dialog-sign-in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/loans');
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeNull();

    const email = (session.user as { email: string }).email;
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill(PASSWORD);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
    await page.getByTestId('button-user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/loans');
  }, PAGE_TIMEOUT_MS);
});
