/**
 * Issue "Journeys, not screens", words for people: every route of the web router, in each of the
 * four languages, on a 360 px phone, signed in as the demo member (the merchant's and the agent's
 * pages as the demo merchant and the demo agent), over the demo world (SEED_DEMO_WORLD), shows:
 *
 * - no raw code: no snake_case or UPPER_CASE identifier ("mobile_money", "INTERNAL_PROCESSING_ERROR"),
 *   no reference such as "merchant-payment:<uuid>", no address in brackets ("(/tontines)"), no
 *   "day(s)" plural;
 * - in French, Kinyarwanda and Kiswahili, no English left: a visible text equal to a text of the
 *   English locale (or to an English text the server writes, such as the scorecard's) that is not
 *   also a text of that language fails;
 * - no word broken over two lines ("Ugushying / o"), no text cut short with "…" (two Recent
 *   Activity rows cut at the same place read the same), and no sideways scroll.
 *
 * How: one server and one browser for the file; one browser context per language and person;
 * each route loaded once and read once it has rendered, then each of its other tabs opened and read. Nothing is changed: every API call but a
 * read is refused before it leaves. The list of routes is checked against router.tsx, so a new
 * route must be added here.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_SCORECARD_TEXTS } from '../../core/credit/scorecard.ts';
import { en } from '../../web/src/locales/en.ts';
import { enScreens } from '../../web/src/locales/en-screens.ts';
import { fr, frServer } from '../../web/src/locales/fr.ts';
import { rw, rwServer } from '../../web/src/locales/rw.ts';
import { sw, swServer } from '../../web/src/locales/sw.ts';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { screenRendered } from './support/screen-rendered.ts';
import { startServer, type E2eServer } from './support/server.ts';

const SHOTS = process.env.WORDS_SHOTS_DIR ?? '';
/** Marks a text the member wrote themselves. */
const OWN_MARK = '\u0000own:';
const LANGUAGES = ['en', 'fr', 'rw', 'sw'] as const;
type Language = (typeof LANGUAGES)[number];
/** `neighbour`: the demo neighbour whose account speaks the screen's language (Amina rw, Jean fr, Grace sw), for texts written once in the account's language (notifications). */
type Person = 'member' | 'merchant' | 'agent' | 'neighbour' | 'visitor';
const NEIGHBOURS: Record<Exclude<Language, 'en'>, string> = { fr: 'demo.jean@ikimina.demo', rw: 'demo.amina@ikimina.demo', sw: 'demo.grace@ikimina.demo' };

/** Every string leaf of a text tree. */
function leaves(tree: unknown, into = new Set<string>()): Set<string> {
  if (typeof tree === 'string') into.add(tree.trim());
  else if (tree && typeof tree === 'object') for (const value of Object.values(tree)) leaves(value, into);
  return into;
}

const OWN: Record<Exclude<Language, 'en'>, Set<string>> = {
  fr: leaves([fr, frServer]),
  rw: leaves([rw, rwServer]),
  sw: leaves([sw, swServer]),
};
/** English sentences a non-English screen must not show: the locale's, and the server's own English. */
const ENGLISH = new Set([...leaves([en, enScreens]), ...ENGLISH_SCORECARD_TEXTS].filter((text) => !text.includes('{{') && /\p{L}{2}/u.test(text)));

const RAW_CODES: { name: string; pattern: RegExp }[] = [
  { name: 'snake_case code', pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/ },
  { name: 'UPPER_CASE code', pattern: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/ },
  { name: 'raw reference', pattern: /\b[a-z]+(?:-[a-z]+)*:[0-9a-f]{8}-[0-9a-f]{4}/ },
  { name: 'address in brackets', pattern: /\(\/[a-z]/ },
  { name: '"(s)" plural', pattern: /\p{L}\((?:s|e|es)\)/u },
  // A status or other enum shown as the API writes it, on its own ("pending", "active").
  { name: 'raw enum', pattern: /^(?:pending|active|forming|completed|cancelled|failed|succeeded|requested|approved|rejected|disbursed|repaid|overdue|paid|verified|suspended|daily|weekly|monthly|positive|negative|neutral|mobile_money|pot_deduction)$/ },
];

interface Visit {
  path: string;
  person: Person;
  /** `pay`: a customer pays 2,000 RWF on the pay page (the sandbox approves) and the receipt is read. */
  act?: 'pay';
}

interface PageReading {
  texts: string[];
  brokenWords: string[];
  overflow: number;
  outside: string[];
  cut: string[];
}

describe.runIf(browserAvailable())('words for people: every route in every language at 360 px', () => {
  let server: E2eServer;
  let browser: Browser;
  const sessions = new Map<string, { token: string; user: Record<string, unknown> } | null>();
  const sessionOf = (person: Person, language: Language) => sessions.get(person === 'neighbour' ? (language === 'en' ? 'member' : NEIGHBOURS[language]) : person) ?? null;
  let visits: Visit[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SEED_DEMO_WORLD: 'true', SANDBOX_SETTLE_MS: '200' } }), launchChromium()]);
    sessions.set('visitor', null);
    for (const [person, email] of [
      ['member', 'demo.member@ikimina.demo'],
      ['merchant', 'demo.merchant@ikimina.demo'],
      ['agent', 'demo.agent@ikimina.demo'],
      ...Object.values(NEIGHBOURS).map((email) => [email, email] as const),
    ] as const) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'ikimina-demo' }),
      });
      expect(res.status, email).toBe(200);
      const body = (await res.json()) as { token: string; user: Record<string, unknown> };
      sessions.set(person, { token: body.token, user: body.user });
    }
    const member = sessions.get('member')!;
    const groups = await callApi<{ id: string }[]>(server.url, member.token, 'GET', '/api/tontines/user');
    expect(groups.body.length).toBeGreaterThan(0);
    visits = [
      ...['/', '/dashboard', '/tontines', `/tontines/${groups.body[0]!.id}`, '/loans']
        .map((path) => ({ path, person: 'member' as const })),
      ...['/security', '/profile', '/ai-chat', '/education', '/learn-more', '/demo', '/privacy', '/terms', '/pay/DEMO-SHOP', '/payments/card/return?tx_ref=no-such-payment&status=cancelled', '/agent/register', '/merchant/register', '/no-such-page']
        .map((path) => ({ path, person: 'member' as const })),
      ...['/merchant/dashboard', '/merchant/payments'].map((path) => ({ path, person: 'merchant' as const })),
      { path: '/agent/dashboard', person: 'agent' },
      // Notifications are written once, in the language of the account they reach.
      { path: '/notifications', person: 'neighbour' },
      ...['/', '/auth/magic-link', '/auth/reset-password', '/dashboard'].map((path) => ({ path, person: 'visitor' as const })),
      { path: '/pay/DEMO-SHOP', person: 'visitor', act: 'pay' },
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('visits every route of the router', () => {
    const source = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
    const routes = [...source.matchAll(/\{ path: '([^']+)', route:/g)].map((m) => m[1]!).filter((path) => path !== '*');
    expect(routes.length).toBeGreaterThan(15);
    const visited = visits.map((visit) => visit.path.split('?')[0]!);
    for (const route of routes) {
      const pattern = new RegExp(`^/${route.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
      expect(visited.some((path) => pattern.test(path)), `/${route} is not visited`).toBe(true);
    }
  });

  /** Asks the assistant's three quick questions (savings, next contribution, borrowing) and waits for each answer. */
  async function askTheAssistant(page: Page): Promise<void> {
    for (const key of ['savings', 'nextContribution', 'canBorrow']) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/ai-assistant/chat') && response.request().method() === 'POST', { timeout: 30_000 });
      await page.getByTestId(`button-chat-quick-${key}`).click();
      await answered;
      await page.getByTestId('chat-pending').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
    }
  }

  /** A customer pays the demo shop 2,000 RWF; answers once the receipt shows. */
  async function payTheShop(page: Page): Promise<void> {
    await page.getByTestId('input-pay-amount').fill('2000');
    await page.getByTestId('input-pay-phone').fill('0788123456');
    await page.getByTestId('button-pay-submit').click();
    await page.getByTestId('state-pay-receipt').waitFor({ timeout: 30_000 });
  }

  /** The visible texts (and placeholders) of the page, the words split over two lines, the sideways scroll. */
  function read(page: Page): Promise<PageReading> {
    return page.evaluate((ownMark) => {
      const texts: string[] = [];
      const brokenWords: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!parent || text === '' || parent.closest('script, style, noscript, [aria-hidden="true"], .sr-only')) continue;
        if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
        // The member's own words (their questions to the assistant, asked in another language before) are theirs.
        const own = parent.closest('[data-testid="chat-past-user"], [data-testid="chat-message-user"]') !== null;
        texts.push(`${own ? ownMark : ''}${text.replace(/\s+/g, ' ')}`);
        // A word of letters laid out on two lines (not an e-mail, a link or a reference).
        for (const match of (node.textContent ?? '').matchAll(/[\p{L}]{4,}/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) brokenWords.push(match[0]);
        }
      }
      for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
        if (input.checkVisibility()) texts.push(input.placeholder.trim());
      }
      // What sticks out on the right, innermost first: the culprit of a sideways scroll.
      const outside = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && element.checkVisibility())
        .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
      // Texts cut short with "…": two rows cut at the same place read the same ("Joined Demo: M…").
      const cut = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => {
          const style = getComputedStyle(element);
          const ellipsis = style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1;
          // A clamp of three lines or more is a preview of prose (a group's description), opened in full elsewhere.
          const clamp = Number.parseInt(style.webkitLineClamp, 10);
          const clamped = clamp > 0 && clamp < 3 && element.scrollHeight > element.clientHeight + 1;
          return (ellipsis || clamped) && element.checkVisibility();
        })
        .filter((element) => !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && (element.textContent ?? '').trim() !== '')
        .map((element) => (element.textContent ?? '').trim().slice(0, 60));
      return { texts, brokenWords, overflow: document.documentElement.scrollWidth - window.innerWidth, outside, cut };
    }, OWN_MARK);
  }

  for (const language of LANGUAGES) {
    it(`${language}: no raw code, no English left, no broken or cut word, no sideways scroll`, { timeout: 300_000 }, async () => {
      const problems: string[] = [];
      if (SHOTS) await mkdir(SHOTS, { recursive: true });
      for (const person of ['member', 'merchant', 'agent', 'neighbour', 'visitor'] as const) {
        const session = sessionOf(person, language);
        // A person's own name ("Demo Member") is no English left on the screen.
        const names = new Set([session?.user.firstName, session?.user.lastName].filter((name): name is string => typeof name === 'string'));
        const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
        await context.addInitScript(
          ({ session, language }) => {
            localStorage.setItem('ikimina_language', language);
            if (session) {
              localStorage.setItem('ikimina_token', session.token);
              localStorage.setItem('ikimina_user', JSON.stringify({ ...session.user, language }));
            }
          },
          { session, language },
        );
        // Nothing is changed, but the assistant is asked and the shop is paid (server-made texts, a receipt).
        await context.route('**/api/**', (route) =>
          route.request().method() === 'GET' || ['/api/ai-assistant/chat', '/api/pay/DEMO-SHOP'].includes(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
        );
        const page = await context.newPage();
        for (const visit of visits.filter((v) => v.person === person)) {
          await page.goto(`${server.url}${visit.path}`);
          await screenRendered(page);
          if (visit.path === '/ai-chat') await askTheAssistant(page);
          if (visit.act === 'pay') await payTheShop(page);
          const check = (where: string, reading: PageReading) => {
            for (const marked of new Set(reading.texts)) {
              const own = marked.startsWith(OWN_MARK);
              const text = own ? marked.slice(OWN_MARK.length) : marked;
              const withoutEmails = text.replace(/\S+@\S+/g, '');
              for (const { name, pattern } of RAW_CODES) if (pattern.test(withoutEmails)) problems.push(`${where}: ${name} in "${text}"`);
              if (language !== 'en' && !own && ENGLISH.has(text) && !OWN[language].has(text) && !names.has(text)) problems.push(`${where}: English "${text}"`);
            }
            for (const text of new Set(reading.cut)) problems.push(`${where}: "${text}" cut short with an ellipsis`);
            for (const word of new Set(reading.brokenWords)) problems.push(`${where}: "${word}" broken over two lines`);
            if (reading.overflow > 1) problems.push(`${where}: scrolls sideways by ${reading.overflow} px (${reading.outside.join(', ')})`);
          };
          const where = `${language} ${person} ${visit.path}`;
          check(where, await read(page));
          if (SHOTS) await page.screenshot({ path: `${SHOTS}/${language}-${person}${visit.path.replace(/[/?=]+/g, '_')}${visit.act ? `-${visit.act}` : ''}.png`, fullPage: true });
          // Every other tab of the screen (the merchant's settlements, the tontines' Discover…), opened in turn.
          if (visit.act === undefined) {
            const tabs = page.locator('main [role="tab"][aria-selected="false"]:visible');
            const tabIds = await tabs.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid') ?? ''));
            for (const name of tabIds) {
              const tab = page.locator(`main [role="tab"][data-testid="${name}"]`);
              if ((await tab.count()) !== 1) continue;
              await tab.click();
              await screenRendered(page);
              check(`${where} (${name})`, await read(page));
            }
          }
        }
        await context.close();
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
