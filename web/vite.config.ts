import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineShell } from './shell/inline-shell.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

const inNodeModules = (packages: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${packages})[\\\\/]`);
const inWeb = (paths: string) => new RegExp(`[\\\\/]web[\\\\/]src[\\\\/](${paths})`);
const MENUS = [
  inNodeModules('@radix-ui[\\\\/]react-(menu|dropdown-menu|popover|popper|tooltip|toast|arrow|use-size)|@floating-ui'),
  inWeb('components[\\\\/](ui[\\\\/](dropdown-menu|popover|tooltip|toaster)|language-switcher|theme-toggle)\\.tsx$'),
];
// Tabs, labels (the shared form fields' Label) and the radix primitives every widget shares: what a
// data screen shows as it opens (the dashboard's tabs); its dialogs load when wanted.
const TABS = [
  inNodeModules('@radix-ui[\\\\/]react-(tabs|label|roving-focus|collection|presence|primitive|context|id|direction|use-controllable-state|use-callback-ref|use-layout-effect|use-effect-event)|@radix-ui[\\\\/]primitive'),
  inWeb('components[\\\\/]ui[\\\\/](tabs|label)\\.tsx$'),
];
const DIALOGS = [
  inNodeModules('@radix-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib'),
  inWeb('components[\\\\/]ui[\\\\/](dialog|scroll-area)\\.tsx$'),
];
// The shared machinery of the data screens, not their API calls: each call and its zod schema stay
// with the screens that use it, so opening one screen does not build every schema of the app.
const DATA = [inNodeModules('zod|@tanstack'), inWeb('(lib|hooks|components)[\\\\/]')];
const matches = (patterns: RegExp[], id: string) => patterns.some((pattern) => pattern.test(id));

/**
 * A few chunks instead of one per shared module (issue 16): over HTTP/1.1 at 400 ms a round trip,
 * six connections a host, 78 small requests were a waterfall by themselves. Higher priority first,
 * each group taking the modules its members import unless a higher one took them already:
 * - app: everything the entry needs (React, the router, the translator, the header): the entry itself;
 * - locale-format: the landing page's one shared helper, so it loads nothing else;
 * - icons: every lucide icon (about 7 kB gzip together, one request instead of one per icon);
 * - tabs: radix's tabs, label and the primitives its widgets share (what a data screen shows first);
 * - dialogs: radix's dialogs, scroll areas, accordions (opened later: the dashboard does without);
 * - menus: menus, popovers, tooltips and toasts (floating-ui), fetched once the page is idle;
 * - data: zod, TanStack Query's hooks, the shared components and helpers (not the API calls).
 * Route pages stay their own chunks. docs/web-performance.md has the figures.
 */
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 60 },
  { name: 'locale-format', test: inWeb('lib[\\\\/]locale-format\\.ts$'), priority: 50 },
  { name: 'icons', test: inNodeModules('lucide-react'), priority: 40 },
  { name: 'tabs', test: (id: string) => !inNodeModules('radix-ui').test(id) && !matches(MENUS, id) && matches(TABS, id), priority: 35 },
  { name: 'menus', test: (id: string) => matches(MENUS, id), priority: 20 },
  { name: 'dialogs', test: (id: string) => !inNodeModules('radix-ui').test(id) && !matches(MENUS, id) && matches(DIALOGS, id), priority: 30 },
  { name: 'data', test: (id: string) => !matches(MENUS, id) && !matches(TABS, id) && !matches(DIALOGS, id) && matches(DATA, id), priority: 10 },
];

// The web client lives in web/ and is built into dist/web, which the Koa server serves with an
// SPA fallback. In development the API runs beside it on port 3000.
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), inlineShell()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // apps/build-web.ts reads the manifest to check the landing page's JavaScript budget.
    manifest: true,
    // No source maps to browsers in production (static-web.ts also refuses to serve any).
    sourcemap: false,
    // Every browser the app supports preloads modules itself (Chrome and Android 66+, Safari 17+,
    // Firefox 115+); an older one only loses the preloading. Half a kB less in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
