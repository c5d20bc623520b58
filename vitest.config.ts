import { defineConfig } from 'vitest/config';

// One runner, three projects: pure rules (fast, no I/O), integration against a real PostgreSQL
// and the provider fakes, and end-to-end in headless Chromium. `npm test` runs all three.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'ussd/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: ['tests/support/integration-global-setup.ts'],
          include: ['tests/integration/**/*.test.ts', 'adapters/**/*.test.ts', 'apps/**/*.test.ts', 'cli/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          fileParallelism: false,
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
