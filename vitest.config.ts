import { configDefaults, defineConfig } from 'vitest/config';

// One runner, five projects: pure rules (fast, no I/O), integration against a real PostgreSQL
// and the provider fakes, the integration tests that start PostgreSQL clusters, the crash suite,
// and end-to-end in headless Chromium. `npm test` runs them all.
//
// How many files at once: vitest's default is one worker less than the cores, which on a 2-core
// machine is ONE file at a time for the whole run, although much of a file's time is spent
// waiting on PostgreSQL, a child server or Chromium. Each file owns what it touches (its own
// database copied from the template, its own server on a free port, its own PostgreSQL for the
// crash test), so files may overlap: unit, integration and crash first, two at a time (one per
// core: with more, files that are CPU-bound ran out of their time on a loaded machine); then the
// browser files, two at a time; then the cluster tests, alone.
//
// Unit and integration files share their worker's modules (`isolate: false`): a fresh worker per
// file spent a third of those projects' time importing the app again (docs/decisions.md, "npm test
// under 10 minutes"). What makes that safe, and must stay so: a file stubs no global without
// restoring it (vi.unstubAllGlobals), mocks no module, sets no process.env, and owns what it
// touches (its database copied from the template, its app, its servers and child processes, closed
// in afterAll); what tests/support keeps between files is counters and caches of constants.
const CLUSTER_TESTS = [
  'tests/integration/failover.test.ts',
  'tests/integration/read-replicas.test.ts',
  'tests/integration/pgbouncer.test.ts',
  'tests/integration/database-unavailable.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'ussd/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: ['tests/support/integration-global-setup.ts'],
          include: ['tests/integration/**/*.test.ts', 'adapters/**/*.test.ts', 'apps/**/*.test.ts', 'cli/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...CLUSTER_TESTS],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        test: {
          // The integration files that start PostgreSQL clusters of their own and hold them to a
          // clock (a failover answered within 30 s, a standby's lag in seconds): one at a time, at
          // the end of the run, with nothing else running beside them (`--project 'integration*'`
          // runs both integration projects).
          name: 'integration-clusters',
          globalSetup: ['tests/support/integration-global-setup.ts'],
          include: CLUSTER_TESTS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // Replicas killed and PostgreSQL restarted under load (tests/crash); also `npm run test:crash`.
          name: 'crash',
          include: ['tests/crash/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          // The words files read their languages side by side (it.concurrent): two at a time.
          maxConcurrency: 2,
          // Its own group, after the others: a different number of workers needs one.
          sequence: { groupOrder: 1 },
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['core/**/*.ts'],
      exclude: ['core/**/*.test.ts', 'core/**/ports.ts', 'core/**/*.fixtures.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
});
