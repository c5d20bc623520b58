/**
 * `npm run demo:record`: films the product for the /demo page.
 *
 * Starts the whole product locally (scripts/demo/sandbox-server.ts: embedded defaults, sandbox
 * mobile money, the seeded demo world), drives Debian's Chromium (playwright-core) through the main
 * journeys as the demo member (landing, sign in, dashboard, tontines, loans, learning, languages,
 * themes, privacy), photographs each screen with a caption, and encodes the pictures with Debian's
 * ffmpeg into a small VP9 WebM whose six chapters fill exactly the times of the /demo timeline
 * (web/shared/demo-video.ts: 7 minutes). Also writes the poster image.
 *
 * Each picture is taken once its page has settled (scripts/demo/settled.ts: nothing aria-busy, no
 * skeleton, no spinner, no pending request, fonts and images in, a still picture); the recording
 * FAILS, naming the chapter and the scene, when a page has not settled or a journey step no longer
 * matches the screens, so the video never shows a loading state nor a screen its caption misnames.
 *
 * Output: web/public/demo/ikimina-demo.webm and ikimina-demo-poster.jpg (served at /demo/…).
 * Needs /usr/bin/chromium (CHROMIUM_PATH) and /usr/bin/ffmpeg (FFMPEG_PATH). DATABASE_URL, when
 * set, is an admin connection on which a throw-away database is created; else embedded PGlite.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../core/accounts/seed-demo-accounts.ts';
import { DEMO_CHAPTER_NAMES, DEMO_SEGMENTS, type DemoSegmentKey } from '../../web/shared/demo-video.ts';
import { startSandboxServer } from './sandbox-server.ts';
import { assertSettled, busyReasons, findBusy, sameFrame, trackRequests, waitUntilSettled } from './settled.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT_DIR = join(ROOT, 'web/public/demo');
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const VIEWPORT = { width: 1280, height: 720 };
const demoMember = DEMO_ACCOUNTS[0]!;

interface Scene {
  segment: DemoSegmentKey;
  caption: string;
  act: (page: Page, url: string) => Promise<void>;
}

const open = (path: string) => async (page: Page, url: string) => {
  await page.goto(`${url}${path}`);
};
const click = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).first().click();
};
const scrollTo = (selector: string) => async (page: Page) => {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
};
const language = (code: string) => async (page: Page) => {
  await page.getByTestId('button-language').click();
  await page.getByTestId(`menu-item-language-${code}`).click();
};

const SCENES: Scene[] = [
  { segment: 'welcome', caption: 'Ikimina: community finance for Rwanda', act: open('/') },
  { segment: 'welcome', caption: 'Savings groups, microloans backed by savings, an assistant in four languages', act: scrollTo('#members') },
  { segment: 'welcome', caption: 'Mobile money, USSD on any phone, QR payments and reminders', act: scrollTo('#payments') },
  {
    segment: 'welcome',
    caption: `Signing in as the demo member (${demoMember.email})`,
    act: async (page, url) => {
      await page.goto(url);
      await page.getByTestId('button-sign-in').click();
      await page.getByTestId('input-email').fill(demoMember.email);
      await page.getByTestId('input-password').fill(DEMO_PASSWORD);
    },
  },
  {
    segment: 'dashboard',
    caption: 'The dashboard: savings, groups, credit score and loans, from real data',
    act: async (page) => {
      await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
      await page.waitForURL(/\/dashboard$/);
    },
  },
  { segment: 'dashboard', caption: 'AI insights and recent activity', act: scrollTo('[data-testid="card-recent-activity"]') },
  { segment: 'dashboard', caption: 'Contributions: what is due, what is paid, the on-time rate', act: async (page, url) => (await open('/dashboard')(page, url), await click('tab-dashboard-contributions')(page)) },
  { segment: 'dashboard', caption: 'Verification: national ID and facial KYC, with consent', act: click('tab-verification') },
  { segment: 'dashboard', caption: 'The member’s own profile', act: open('/profile') },
  { segment: 'tontines', caption: 'Tontines: the groups the member saves in', act: open('/tontines') },
  { segment: 'tontines', caption: 'Discover groups to join', act: click('tab-discover') },
  {
    segment: 'tontines',
    caption: 'A group: its pool, members, contribution and next payout',
    act: async (page, url) => {
      await page.goto(`${url}/tontines`);
      await page.locator('[data-testid^="link-tontine-"]').first().click();
      await page.waitForURL(/\/tontines\/.+/);
    },
  },
  { segment: 'tontines', caption: 'Members and the payout order', act: click('tab-members') },
  { segment: 'tontines', caption: 'Each cycle’s contributions, paid by mobile money or card', act: click('tab-contributions') },
  { segment: 'tontines', caption: 'The group’s books: every movement of its pool, who, and the running balance', act: click('tab-books') },
  { segment: 'loans', caption: 'Loans: a loan being repaid, with its progress', act: open('/loans') },
  { segment: 'loans', caption: 'The credit score and the factors behind it', act: click('tab-credit-score') },
  { segment: 'loans', caption: 'Recommendations: none while the limit is below the minimum loan, and why', act: click('tab-recommendations') },
  { segment: 'loans', caption: 'Applying: what borrowing needs, each step with what to do next', act: click('tab-apply') },
  { segment: 'learning', caption: 'Learning modules, with the product’s real fees and rules', act: open('/education') },
  {
    segment: 'learning',
    caption: 'A lesson: steps and tips, remembered when finished',
    act: async (page) => {
      await page.getByTestId('card-module-tontines').click();
      await page.locator('[data-testid^="button-lesson-"]').first().click();
    },
  },
  { segment: 'learning', caption: 'Ask AI about a module', act: click('button-ask-ai') },
  { segment: 'learning', caption: 'Learn More: mission, features, security and a QR code', act: open('/learn-more') },
  { segment: 'everywhere', caption: 'Kinyarwanda', act: async (page, url) => (await open('/dashboard')(page, url), await language('rw')(page)) },
  { segment: 'everywhere', caption: 'Français', act: async (page, url) => (await open('/tontines')(page, url), await language('fr')(page)) },
  { segment: 'everywhere', caption: 'Kiswahili, in the dark theme', act: async (page, url) => (await open('/loans')(page, url), await language('sw')(page), await click('button-theme-toggle')(page)) },
  { segment: 'everywhere', caption: 'Privacy: the data kept, and the rights of Law 058/2021', act: async (page, url) => (await open('/privacy')(page, url), await language('en')(page)) },
];

async function caption(page: Page, text: string, chapter: string): Promise<void> {
  await page.evaluate(
    ([text, chapter]) => {
      document.getElementById('demo-caption')?.remove();
      const bar = document.createElement('div');
      bar.id = 'demo-caption';
      bar.style.cssText =
        'position:fixed;left:24px;right:24px;bottom:24px;z-index:2147483647;padding:14px 20px;border-radius:14px;background:rgba(15,23,42,.88);color:#fff;font:600 20px/1.35 system-ui,sans-serif;box-shadow:0 10px 30px rgba(0,0,0,.35)';
      const small = document.createElement('div');
      small.textContent = chapter;
      small.style.cssText = 'font-size:13px;font-weight:500;opacity:.75;margin-bottom:2px;text-transform:uppercase;letter-spacing:.06em';
      bar.append(small, document.createTextNode(text));
      document.body.append(bar);
    },
    [text, chapter] as const,
  );
}

/** Each chapter's caption heading: the /demo timeline's own English name for it (one source of the words). */
const CHAPTER_NAMES: Record<DemoSegmentKey, string> = DEMO_CHAPTER_NAMES;

const log = (line: string) => console.log(`[demo:record] ${line}`);
const frames = await mkdtemp(join(tmpdir(), 'ikimina-demo-frames-'));
const server = await startSandboxServer(log);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'en-GB' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('ikimina_language')) localStorage.setItem('ikimina_language', 'en');
    if (!localStorage.getItem('ikimina_theme')) localStorage.setItem('ikimina_theme', 'light');
  });
  const page = await context.newPage();
  const requests = trackRequests(page);
  const shots: { file: string; segment: DemoSegmentKey }[] = [];
  for (const [index, scene] of SCENES.entries()) {
    const chapter = CHAPTER_NAMES[scene.segment];
    try {
      await scene.act(page, server.url);
    } catch (error) {
      // A journey step that no longer matches the screens would film the wrong screen under this caption.
      throw new Error(`demo:record: chapter "${chapter}", scene "${scene.caption}": the journey step failed: ${(error as Error).message.split('\n')[0]}`);
    }
    // A toast ("Welcome back!") is not loading, but it would sit under the caption: it goes after 5 s.
    await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    const stillBusy = await waitUntilSettled(page, requests, { timeoutMs: 30_000 });
    assertSettled(chapter, scene.caption, stillBusy);
    await caption(page, scene.caption, chapter);
    const file = join(frames, `${String(index).padStart(3, '0')}.png`);
    // The mark: the frame filmed, the page's state at that moment, and the same frame a moment later
    // (a spinner or a pulse that no selector knows changes pixels).
    const frame = await page.screenshot({ path: file });
    assertSettled(chapter, scene.caption, busyReasons(await page.evaluate(findBusy), requests.pending()));
    await page.waitForTimeout(400);
    if (!sameFrame(frame, await page.screenshot())) assertSettled(chapter, scene.caption, ['the frame changed within 400 ms of the mark']);
    await page.evaluate(() => document.getElementById('demo-caption')?.remove());
    shots.push({ file, segment: scene.segment });
    log(`${index + 1}/${SCENES.length} [${chapter}] ${scene.caption}: settled`);
  }
  await context.close();

  // Each chapter's pictures share its time equally, so chapters start exactly on the timeline's times.
  const lines: string[] = [];
  for (const segment of DEMO_SEGMENTS) {
    const own = shots.filter((shot) => shot.segment === segment.key);
    const seconds = (segment.end - segment.start) / own.length;
    for (const shot of own) lines.push(`file '${shot.file}'`, `duration ${seconds.toFixed(3)}`);
  }
  lines.push(`file '${shots.at(-1)!.file}'`);
  const list = join(frames, 'list.txt');
  await writeFile(list, `${lines.join('\n')}\n`);

  await mkdir(OUT_DIR, { recursive: true });
  const video = join(OUT_DIR, 'ikimina-demo.webm');
  const poster = join(OUT_DIR, 'ikimina-demo-poster.jpg');
  log('encoding the WebM (VP9)…');
  await run(FFMPEG, [
    '-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list,
    '-vf', 'fps=2,scale=960:540:flags=lanczos,format=yuv420p',
    '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-g', '240',
    '-an', '-t', String(DEMO_SEGMENTS.at(-1)!.end), video,
  ]);
  await run(FFMPEG, ['-y', '-loglevel', 'error', '-i', shots[0]!.file, '-vf', 'scale=960:540:flags=lanczos', '-q:v', '5', poster]);
  for (const file of [video, poster]) log(`${file.slice(ROOT.length)}: ${((await stat(file)).size / 1024).toFixed(0)} kB`);
} finally {
  await browser.close();
  await server.stop();
  await rm(frames, { recursive: true, force: true });
}
