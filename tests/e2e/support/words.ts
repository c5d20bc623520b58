/**
 * Words for people (issue 31), the checks every "words" browser test reads a screen with, in one
 * place: what a screen shows at 360 px in en, fr, rw or sw must have
 *
 * - no raw code: no snake_case or UPPER_CASE identifier ("mobile_money", "INTERNAL_PROCESSING_ERROR"),
 *   no reference such as "merchant-payment:<uuid>", no address in brackets ("(/tontines)"), no
 *   "day(s)" plural, no status shown as the API writes it;
 * - in French, Kinyarwanda and Kiswahili, no English left: a visible text equal to a text of the
 *   English locale (or to an English text the server writes, such as the scorecard's) that is not
 *   also a text of that language fails;
 * - no word broken over two lines ("Ugushying / o"), no text cut short with "…", no sideways
 *   scroll, and nothing of an open dialog, menu or popover outside the screen or its own box.
 *
 * Usage
 *   const context = await wordsContext(browser, language, session);   // 360 px, nothing but reads leave
 *   const page = await context.newPage();
 *   problems.push(...wordProblems(`${language} /loans`, await readWords(page), language));
 *   await wordsShot(page, `${language}-loans`);                        // into WORDS_SHOTS_DIR when set
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenRendered } from './screen-rendered.ts';
import { CATALOGUES } from '../../../apps/notifications/catalogue.ts';
import { ENGLISH_SCORECARD_TEXTS } from '../../../core/credit/scorecard.ts';
import { en } from '../../../web/src/locales/en.ts';
import { enScreens } from '../../../web/src/locales/en-screens.ts';
import { fr, frServer } from '../../../web/src/locales/fr.ts';
import { rw, rwServer } from '../../../web/src/locales/rw.ts';
import { sw, swServer } from '../../../web/src/locales/sw.ts';

export const LANGUAGES = ['en', 'fr', 'rw', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Marks a text the member wrote themselves. */
const OWN_MARK = '\u0000own:';
/** Where the screenshots go (none when unset). */
const SHOTS = process.env.WORDS_SHOTS_DIR ?? '';

/** Every string leaf of a text tree. */
function leaves(tree: unknown, into = new Set<string>()): Set<string> {
  if (typeof tree === 'string') into.add(tree.trim());
  else if (tree && typeof tree === 'object') for (const value of Object.values(tree)) leaves(value, into);
  return into;
}

/** The titles of the server's notifications (apps/notifications: a title has no parameters). */
const notificationTitles = (language: Language) => Object.values(CATALOGUES[language]).map((template) => template({}).title);

const OWN: Record<Exclude<Language, 'en'>, Set<string>> = {
  fr: leaves([fr, frServer, notificationTitles('fr')]),
  rw: leaves([rw, rwServer, notificationTitles('rw')]),
  sw: leaves([sw, swServer, notificationTitles('sw')]),
};
/** English sentences a non-English screen must not show: the locale's, and the server's own English (the scorecard's, the notifications' titles). */
const ENGLISH = new Set([...leaves([en, enScreens]), ...ENGLISH_SCORECARD_TEXTS, ...notificationTitles('en')].filter((text) => !text.includes('{{') && /\p{L}{2}/u.test(text)));

const RAW_CODES: { name: string; pattern: RegExp }[] = [
  { name: 'snake_case code', pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/ },
  { name: 'UPPER_CASE code', pattern: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/ },
  { name: 'raw reference', pattern: /\b[a-z]+(?:-[a-z]+)*:[0-9a-f]{8}-[0-9a-f]{4}/ },
  { name: 'address in brackets', pattern: /\(\/[a-z]/ },
  { name: '"(s)" plural', pattern: /\p{L}\((?:s|e|es)\)/u },
  // A status or other enum shown as the API writes it, on its own ("pending", "active").
  { name: 'raw enum', pattern: /^(?:pending|active|forming|completed|cancelled|failed|succeeded|requested|approved|rejected|disbursed|repaid|overdue|paid|verified|suspended|daily|weekly|monthly|positive|negative|neutral|mobile_money|pot_deduction)$/ },
];

export interface WordsReading {
  texts: string[];
  brokenWords: string[];
  overflow: number;
  outside: string[];
  cut: string[];
  /** What of an open dialog, menu or popover lies outside the screen, or outside the dialog's own box. */
  overlays: string[];
}

/** The visible texts (and placeholders) of the page, the words split over two lines, the sideways scroll, open overlays sticking out. */
export function readWords(page: Page): Promise<WordsReading> {
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
      const own = parent.closest('[data-testid="chat-past-user"], [data-testid="chat-message-user"], [data-testid="assistant-message-user"]') !== null;
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
      if (input.checkVisibility() && !input.closest('[aria-hidden="true"]')) texts.push(input.placeholder.trim());
    }
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element instanceof HTMLElement && element.dataset.testid ? `[${element.dataset.testid}]` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    // What sticks out on the right, innermost first: the culprit of a sideways scroll.
    const outside = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && element.checkVisibility())
      .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
      .slice(0, 3)
      .map(describe);
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
    // An open dialog, menu or popover is fixed on the screen: it never makes the page scroll, so its
    // own box and what is inside it are measured. Nothing of it may leave the screen, nothing inside
    // it may stick out of it, and it may not scroll sideways itself.
    const overlays: string[] = [];
    for (const overlay of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], [role="menu"], [data-radix-popper-content-wrapper] > *')) {
      if (!overlay.checkVisibility()) continue;
      const box = overlay.getBoundingClientRect();
      const name = describe(overlay);
      if (box.left < -1 || box.right > window.innerWidth + 1) overlays.push(`${name} spans ${Math.round(box.left)}–${Math.round(box.right)} px of ${window.innerWidth}`);
      if (overlay.scrollWidth > overlay.clientWidth + 1) overlays.push(`${name} scrolls sideways by ${overlay.scrollWidth - overlay.clientWidth} px`);
      const sticking = [...overlay.querySelectorAll<HTMLElement>('*')]
        .filter((element) => {
          const inner = element.getBoundingClientRect();
          return inner.width > 0 && (inner.right > box.right + 1 || inner.left < box.left - 1) && element.checkVisibility();
        })
        .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
        .slice(0, 3);
      for (const element of sticking) overlays.push(`${describe(element)} sticks out of ${name}`);
    }
    return { texts, brokenWords, overflow: document.documentElement.scrollWidth - window.innerWidth, outside, cut, overlays };
  }, OWN_MARK);
}

/**
 * What is wrong in `reading` of a screen in `language`, each problem prefixed with `where`.
 * `names`: the person's own name ("Demo Member"), which is no English left on the screen.
 */
export function wordProblems(where: string, reading: WordsReading, language: Language, names: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
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
  for (const overlay of reading.overlays) problems.push(`${where}: ${overlay}`);
  return problems;
}

/** A signed-in session as /api/auth/login or /api/auth/register answers it. */
export interface WordsSession {
  token: string;
  user: Record<string, unknown>;
  profile?: unknown;
}

/** The person's first and last name, which are theirs in any language. */
export function namesOf(session: WordsSession | null): Set<string> {
  return new Set([session?.user.firstName, session?.user.lastName].filter((name): name is string => typeof name === 'string'));
}

/**
 * A 360 × 740 context showing the app in `language`, signed in as `session` (or signed out), in
 * which nothing is changed: every API call but a read (and those `allowed`, by path) is refused
 * before it leaves.
 */
export async function wordsContext(browser: Browser, language: Language, session: WordsSession | null, allowed: readonly string[] = []): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(
    ({ session, language }) => {
      localStorage.setItem('ikimina_language', language);
      if (session) {
        localStorage.setItem('ikimina_token', session.token);
        localStorage.setItem('ikimina_user', JSON.stringify({ ...session.user, language }));
        if (session.profile !== undefined) localStorage.setItem('ikimina_profile', JSON.stringify(session.profile ?? null));
      }
    },
    { session, language },
  );
  await context.route('**/api/**', (route) =>
    route.request().method() === 'GET' || allowed.includes(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
  );
  return context;
}

/** Waits for the opening animations to end (a dialog is measured where it rests), spinners aside. */
export const still = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined);

/** A screenshot (of the whole page, or of the screen) named `name` into WORDS_SHOTS_DIR, when that is set. */
export async function wordsShot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name.replace(/[/?=#]+/g, '_')}.png`, fullPage });
}

/**
 * Reads the screen as it is now (and screenshots it as `shot`), then opens each of its other tabs
 * in turn (the merchant's settlements, the tontines' Discover…) and reads each: the problems found.
 */
export async function screenAndTabsProblems(page: Page, where: string, language: Language, names: ReadonlySet<string>, shot: string): Promise<string[]> {
  const problems = wordProblems(where, await readWords(page), language, names);
  await wordsShot(page, shot);
  const tabs = page.locator('main [role="tab"][aria-selected="false"]:visible');
  const tabIds = await tabs.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid') ?? ''));
  for (const name of tabIds) {
    const tab = page.locator(`main [role="tab"][data-testid="${name}"]`);
    if ((await tab.count()) !== 1) continue;
    await tab.click();
    await screenRendered(page);
    problems.push(...wordProblems(`${where} (${name})`, await readWords(page), language, names));
    await wordsShot(page, `${shot}-${name}`);
  }
  return problems;
}
