/**
 * The house plan (docs/architecture.md, /work/shared/ARCHITECTURE.md "Rules of the house"): which
 * part may import which. tests/architecture/house-plan.test.ts cruises core, adapters, apps, ussd,
 * cli, web/shared and the tools and tests (bench, scripts, tests), each with its own rules, as part
 * of `npm test` and fails on any breach.
 *
 * Two checks live in that test rather than here, because dependency-cruiser cannot make them with
 * the parser this TypeScript 7 project allows (swc, see ARCHITECTURE.md "Tool notes"):
 * - cycles: its swc reader does not tell `import type` from a value import, so a `no-circular`
 *   rule with `dependencyTypesNot: ['type-only']` would flag harmless type-only cycles (a port
 *   naming a model type that names the port). The test finds the cycles of the value imports.
 * - web/src: its swc reader does not parse `.tsx`. The test reads those imports itself and holds
 *   them to the `web-stays-web` rule below, the one rule written here for them.
 */
const TEST_FILE = '\\.(test|fixtures)\\.tsx?$';
// The packages the browser client is built from (bundled by Vite); a package outside this list,
// a Node built-in or a file outside web/ in web/src is a breach.
const WEB_PACKAGES = [
  '@tanstack/react-query',
  'class-variance-authority',
  'clsx',
  'lucide-react',
  'radix-ui',
  'react',
  'react-dom',
  'react-router-dom',
  'uqr',
  'vitest',
  // zod/mini only: the classic API is not tree-shakable, and one classic schema kept all of zod's
  // core (about 14 kB brotli) on every data screen's path (docs/web-performance.md).
  'zod/mini',
];

// The modules that move money and take payments: each imports core/payments' ports; core/payment-reports is above them.
const MONEY_MODULES = ['contributions', 'tontines', 'loans', 'credit', 'merchants', 'agents', 'settlements', 'transfers', 'working-capital'];

module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment: 'core/ imports nothing outside core/: no adapter, app or channel, no package, no Node built-in.',
      severity: 'error',
      from: { path: '^core/', pathNot: TEST_FILE },
      to: { pathNot: '^core/' },
    },
    {
      name: 'core-tests-use-test-tools-only',
      comment: 'Tests and fixtures beside core code use core/ and the test tools (vitest, fast-check), nothing else.',
      severity: 'error',
      from: { path: `^core/.*${TEST_FILE}` },
      to: { pathNot: ['^core/', '(^|/)node_modules/(vitest|fast-check)/'] },
    },
    {
      name: 'payments-below-the-money-modules',
      comment:
        'core/payments holds the ports every money module imports (a payment, its provider, its report): it imports none of those modules, nor the dispatch above them. What a payment report does in the module whose payment it is lives in core/payment-reports (docs/modules/payment-reports.md).',
      severity: 'error',
      from: { path: '^core/payments/', pathNot: TEST_FILE },
      to: { path: `^core/(${MONEY_MODULES.join('|')}|payment-reports)/` },
    },
    {
      name: 'payment-reports-above-the-money-modules',
      comment:
        'core/payment-reports dispatches a provider\'s report to the money module whose payment it is (reconcile, settle, poll, card payments): it imports them, they never import it, so no arrow inside core runs back up. Only the demo and the apps above core call it.',
      severity: 'error',
      from: { path: `^core/(${MONEY_MODULES.join('|')}|payments)/`, pathNot: TEST_FILE },
      to: { path: '^core/payment-reports/' },
    },
    {
      name: 'channels-reach-providers-through-ports',
      comment: 'ussd/ and cli/ call use cases over core ports; the adapters behind them are chosen in apps/ (the container).',
      severity: 'error',
      from: { path: '^(ussd|cli)/' },
      to: { path: '^adapters/' },
    },
    {
      name: 'ussd-is-driven-by-apps',
      comment: 'ussd/ is the menu over core use cases; apps/ mounts it on the USSD route and cli/ drives it in the simulator, never the other way.',
      severity: 'error',
      from: { path: '^ussd/' },
      to: { path: '^(apps|cli)/' },
    },
    {
      name: 'adapters-know-no-channel',
      comment: 'adapters/ implement core ports; they import neither the composition root nor a channel.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^(apps|ussd|cli)/' },
    },
    {
      name: 'web-source-is-for-the-browser-only',
      comment:
        'Only web/ imports web/ source; apps/build-web.ts builds it with Vite from its config path. web/shared/ is the one part of web/ written for Node too (plain data both sides need).',
      severity: 'error',
      from: { path: '^(core|adapters|apps|ussd|cli)/' },
      to: { path: '^web/', pathNot: '^web/shared/' },
    },
    {
      name: 'web-shared-is-plain',
      comment: 'web/shared/ is read by the browser client and by Node tools alike: it imports nothing but itself (no React, no browser API, no package).',
      severity: 'error',
      from: { path: '^web/shared/' },
      to: { pathNot: '^web/shared/' },
    },
    {
      name: 'web-features-stand-alone',
      comment:
        'web/src/features/<a> imports its own folder and the shared web code (components, hooks, lib, locales, web/shared), never web/src/features/<b>: what two features need moves to the shared folders (checked by the test: swc cannot read .tsx here).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-knows-no-feature',
      comment: 'The shared web code (components, hooks, lib, locales) is below the features and the app shell: it imports neither (checked by the test).',
      severity: 'error',
      from: { path: '^web/src/(components|hooks|lib|locales)/' },
      to: { path: '^web/src/(app|features)/' },
    },
    {
      name: 'tools-use-no-web-source',
      comment:
        'scripts/ and bench/ are Node tools: what they share with the browser client lives in web/shared/ (the demo video chapters), never imported from web/src, whose modules assume a browser and Vite.',
      severity: 'error',
      from: { path: '^(scripts|bench)/' },
      to: { path: '^web/', pathNot: '^web/shared/' },
    },
    {
      name: 'nothing-runs-the-tools',
      comment: 'scripts/ and bench/ are run by hand; the product and its tests do not import them (tests may: a test of a script).',
      severity: 'error',
      from: { path: '^(core|adapters|apps|ussd|cli|web)/' },
      to: { path: '^(scripts|bench)/' },
    },
    {
      name: 'production-code-imports-no-test-code',
      comment:
        'tests/ may import anything; the product (core, adapters, apps, ussd, cli, web) imports neither tests/ nor a test or fixtures file: test code never ships.',
      severity: 'error',
      from: { path: '^(core|adapters|apps|ussd|cli|web)/', pathNot: TEST_FILE },
      to: { path: ['^tests/', TEST_FILE] },
    },
    {
      name: 'no-test-imports-a-test',
      comment: 'A test file is run, not imported: what two tests share goes to tests/support/ or to a fixtures file.',
      severity: 'error',
      from: {},
      to: { path: '\\.test\\.tsx?$' },
    },
    {
      name: 'fakes-live-in-their-places',
      comment:
        'One set of test fakes: in-memory fakes of core ports in core/<module>/<module>.fixtures.ts, fakes of a provider speaking its protocol in tests/fakes/, shared harnesses in tests/support/. A fake, stub or mock file anywhere else is a second set.',
      severity: 'error',
      from: {},
      to: { path: '(^|/)[^/]*(fake|stub|mock|double)[^/]*$', pathNot: ['^tests/(fakes|support)/', '(^|/)node_modules/'] },
    },
    {
      name: 'web-stays-web',
      comment: 'web/src imports web/ and the packages of the browser client, nothing of the server (checked by the test: swc cannot read .tsx here).',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { pathNot: ['^web/', `(^|/)node_modules/(${WEB_PACKAGES.join('|')})/`] },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'An import that resolves to nothing would slip past every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    // Packages and web/src are leaves: seen as targets, not cruised themselves (the test reads web/src).
    doNotFollow: { path: ['(^|/)node_modules/', '^web/(?!shared/)'] },
    // Resolve packages as Node's ESM loader does (inversify, vite and tsx publish only `exports`).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
