/**
 * `npm run bench:web`: the web client as a member on a cheap phone and a slow link sees it.
 *
 * The web client is built (apps/build-web.ts: only when stale; it also checks the landing page's
 * JS budget), the real server is started on a database of its own (DATABASE_URL's server, or
 * embedded PGlite without it, as the browser tests do), and Debian's Chromium (playwright-core)
 * opens each page in a fresh context (cold cache: nothing cached, nothing in storage but the
 * session) under Chrome DevTools Protocol throttling:
 *
 * - Network.emulateNetworkConditions: 400 kbps down and up, 400 ms round trip (slow 3G);
 * - Emulation.setCPUThrottlingRate: 4 (a phone about four times slower than this machine).
 *
 * For `/`, `/dashboard` (signed in) and `/tontines` it measures:
 * - FCP: the browser's own first-contentful-paint entry;
 * - usable: the page's main call to action is on screen, enabled and wired (React has attached
 *   its handlers), and for the dashboard its figures have arrived from the API; recorded in the
 *   page by a MutationObserver + requestAnimationFrame probe, so polling from here adds nothing;
 * - JS and CSS bytes transferred (encodedDataLength: compressed bytes on the wire, headers
 *   included) and the number of requests.
 *
 *   --runs <n>       cold-cache loads per page (default 3); the median is printed
 *   --no-throttle    measure without throttling (for comparison)
 *   --requests       print each load's requests (start, end, type, bytes): the waterfall
 *
 * Aims (issue 16): landing usable < 3 s, signed-in dashboard usable < 5 s, landing JS ≤ 150 kB.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { Command } from 'commander';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { startServer } from '../tests/e2e/support/server.ts';

const options = new Command()
  .option('--runs <n>', 'cold-cache loads per page', '3')
  .option('--no-throttle', 'measure without network and CPU throttling')
  .option('--requests', 'print every request of each load: when it started and ended, its type and bytes')
  .parse(process.argv.slice(2), { from: 'user' })
  .opts<{ runs: string; throttle: boolean; requests?: boolean }>();
const RUNS = Math.min(10, Math.max(1, Number(options.runs) || 3));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST_DIR = 'dist/web';

/** Slow 3G as issue 16 measured it: 400 kbps each way, 400 ms round trip, CPU 4× slower. */
export const SLOW_3G = { latencyMs: 400, kbps: 400, cpuSlowdown: 4 } as const;
export const AIMS = { landingUsableMs: 3_000, dashboardUsableMs: 5_000, landingJsBytes: 150 * 1024 } as const;

interface PageCase {
  name: string;
  path: string;
  signedIn: boolean;
  /** Runs in the page: true once the main call to action can be used (pressing it does what it says). */
  usable: string;
  /** Runs in the page: true once the app itself (React) runs that call to action. */
  interactive: string;
}

/** A button that is on screen, enabled and has React's handlers attached. */
const CLICKABLE = `(el) => {
  if (!el || el.disabled || el.getAttribute('aria-disabled') === 'true') return false;
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  return Object.keys(el).some((k) => k.startsWith('__reactProps'));
}`;
/**
 * The inline shell's Get Started (index.html, web/shell/inline-shell.ts): on screen with its
 * handler (set by the inline script before the shell is shown); a press is kept and opens the
 * sign-up dialog once the app runs.
 */
const SHELL_CLICKABLE = `(el) => !!el && el.hasAttribute('data-shell-action') && el.getBoundingClientRect().width > 0`;
const dashboardReady = `(${CLICKABLE})(document.querySelector('[data-testid="button-open-assistant"]')) && /\\d/.test(document.querySelector('[data-testid="stat-dashboard-total-savings-value"]')?.textContent ?? '')`;
const tontinesReady = `(${CLICKABLE})(document.querySelector('[data-testid="button-create-tontine"]'))`;
const landingReady = `(${CLICKABLE})(document.querySelector('[data-testid="button-get-started"]'))`;

const CASES: PageCase[] = [
  {
    name: 'landing /',
    path: '/',
    signedIn: false,
    usable: `(${SHELL_CLICKABLE})(document.querySelector('[data-testid="shell-get-started"]')) || ${landingReady}`,
    interactive: landingReady,
  },
  { name: 'dashboard (signed in)', path: '/dashboard', signedIn: true, usable: dashboardReady, interactive: dashboardReady },
  { name: 'tontines', path: '/tontines', signedIn: false, usable: tontinesReady, interactive: tontinesReady },
];

interface Measure {
  fcpMs: number;
  usableMs: number;
  interactiveMs: number;
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
  requests: number;
}

function probeScript(usable: string, interactive: string): string {
  return `(() => {
    window.__usableAt = null;
    window.__interactiveAt = null;
    const check = () => {
      try { if (window.__usableAt === null && (${usable})) window.__usableAt = performance.now(); } catch {}
      try { if (window.__interactiveAt === null && (${interactive})) window.__interactiveAt = performance.now(); } catch {}
    };
    const loop = () => {
      check();
      if (window.__interactiveAt === null || window.__usableAt === null) requestAnimationFrame(loop);
      else window.__benchDone?.();
    };
    requestAnimationFrame(loop);
    document.addEventListener('DOMContentLoaded', () => new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true }));
  })();`;
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  if (!options.throttle) return;
  const bytesPerSecond = (SLOW_3G.kbps * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_3G.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_3G.cpuSlowdown });
}

async function measure(browser: Browser, baseUrl: string, pageCase: PageCase, session: Record<string, string> | null): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    if (session !== null) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, session);
    }
    await context.addInitScript(probeScript(pageCase.usable, pageCase.interactive));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    const bytes = { js: 0, css: 0, total: 0, requests: 0 };
    const started = new Map<string, { url: string; at: number }>();
    const waterfall: { at: number; line: string }[] = [];
    let origin = Number.NaN;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (Number.isNaN(origin)) origin = event.timestamp;
      started.set(event.requestId, { url: event.request.url.replace(baseUrl, ''), at: event.timestamp });
    });
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      const type = types.get(event.requestId);
      const request = started.get(event.requestId);
      if (request) waterfall.push({ at: request.at, line: `  ${seconds((request.at - origin) * 1000).padStart(8)} → ${seconds((event.timestamp - origin) * 1000).padStart(8)}  ${(type ?? '?').padEnd(10)} ${kB(event.encodedDataLength).padStart(9)}  ${request.url}` });
      bytes.total += event.encodedDataLength;
      bytes.requests++;
      if (type === 'Script') bytes.js += event.encodedDataLength;
      if (type === 'Stylesheet') bytes.css += event.encodedDataLength;
    });
    // The page tells us when it is done (a binding, no polling): Playwright's own scripts, which
    // waitForFunction or evaluate inject into the page on first use (about 50 ms of the throttled
    // main thread), must not run in the middle of the load being measured.
    let done!: () => void;
    const pageDone = new Promise<void>((resolve) => (done = resolve));
    await page.exposeFunction('__benchDone', () => done());
    await throttle(cdp);
    await page.goto(`${baseUrl}${pageCase.path}`, { waitUntil: 'commit', timeout: 120_000 });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pageDone, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${pageCase.name}: not usable within 120 s`)), 120_000)))]).finally(() => clearTimeout(timer));
    // Let late requests (a lazy chunk, an API answer) finish so their bytes are counted.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      usable: (window as unknown as { __usableAt: number }).__usableAt,
      interactive: (window as unknown as { __interactiveAt: number }).__interactiveAt,
    }));
    if (options.requests) console.log(`${pageCase.name}: usable ${seconds(timings.usable)}, app ${seconds(timings.interactive)}\n${waterfall.sort((a, b) => a.at - b.at).map((w) => w.line).join('\n')}`);
    return { fcpMs: timings.fcp, usableMs: timings.usable, interactiveMs: timings.interactive, jsBytes: bytes.js, cssBytes: bytes.css, totalBytes: bytes.total, requests: bytes.requests };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function buildWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    spawn('npx', ['tsx', 'apps/build-web.ts'], { stdio: 'inherit' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`apps/build-web.ts exited with ${code}`))));
  });
}

async function registerMember(baseUrl: string): Promise<Record<string, string>> {
  const email = `bench.${Date.now().toString(36)}@example.rw`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'umuganda2026', firstName: 'Aline', lastName: 'Uwase' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: unknown; profile?: unknown };
  return { ikimina_token: body.token, ikimina_user: JSON.stringify(body.user), ikimina_profile: JSON.stringify(body.profile ?? null) };
}

await buildWeb();
const server = await startServer({ webDistDir: WEB_DIST_DIR });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] });
try {
  const session = await registerMember(server.url);
  console.log(`\nbench:web — ${options.throttle ? `Chromium throttled: ${SLOW_3G.kbps} kbps, ${SLOW_3G.latencyMs} ms RTT, CPU ×${SLOW_3G.cpuSlowdown}` : 'no throttling'}; 360×640; cold cache; median of ${RUNS}; load average ${loadavg()[0]!.toFixed(2)}\n`);
  const rows: { name: string; m: Measure }[] = [];
  for (const pageCase of CASES) {
    const runs: Measure[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.url, pageCase, pageCase.signedIn ? session : null));
    const m: Measure = {
      fcpMs: median(runs.map((r) => r.fcpMs)),
      usableMs: median(runs.map((r) => r.usableMs)),
      interactiveMs: median(runs.map((r) => r.interactiveMs)),
      jsBytes: median(runs.map((r) => r.jsBytes)),
      cssBytes: median(runs.map((r) => r.cssBytes)),
      totalBytes: median(runs.map((r) => r.totalBytes)),
      requests: median(runs.map((r) => r.requests)),
    };
    rows.push({ name: pageCase.name, m });
    console.log(
      `${pageCase.name.padEnd(24)} FCP ${seconds(m.fcpMs).padStart(8)}   usable ${seconds(m.usableMs).padStart(8)}   app ${seconds(m.interactiveMs).padStart(8)}   JS ${kB(m.jsBytes).padStart(9)}   CSS ${kB(m.cssBytes).padStart(8)}   all ${kB(m.totalBytes).padStart(9)} in ${m.requests} requests`,
    );
  }
  const landing = rows[0]!.m;
  const dashboard = rows[1]!.m;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\nAims (issue 16):');
  console.log(`  landing usable < ${seconds(AIMS.landingUsableMs)}: ${seconds(landing.usableMs)} — ${verdict(landing.usableMs < AIMS.landingUsableMs)}`);
  console.log(`  dashboard usable < ${seconds(AIMS.dashboardUsableMs)}: ${seconds(dashboard.usableMs)} — ${verdict(dashboard.usableMs < AIMS.dashboardUsableMs)}`);
  console.log(`  landing JS ≤ ${kB(AIMS.landingJsBytes)} compressed: ${kB(landing.jsBytes)} — ${verdict(landing.jsBytes <= AIMS.landingJsBytes)}`);
} finally {
  await browser.close();
  await server.stop();
}
