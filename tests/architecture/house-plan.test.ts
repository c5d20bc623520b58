/**
 * The house plan holds (.dependency-cruiser.cjs, docs/architecture.md), and a breach of it fails.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { housePlanBreaches, PROJECT_ROOT } from './house-plan.ts';

describe('the house plan', () => {
  // About 3 s alone for the product, 15 s with bench, scripts and tests (dependency-cruiser resolves
  // every import of about 800 files); far more on a loaded machine, hence the long timeout.
  it('holds for core, adapters, apps, ussd, cli, web, bench, scripts and tests', { timeout: 120_000 }, async () => {
    const breaches = await housePlanBreaches();
    expect(breaches, `\n${breaches.join('\n')}\n`).toEqual([]);
  });

  describe('a tree that breaks it', () => {
    const tree = mkdtempSync(join(tmpdir(), 'house-plan-'));
    // The project's packages, so that test tools resolve as they do in the project.
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(tree, 'node_modules'));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const write = (path: string, source: string) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), source);
    };
    write('core/loans/loan.ts', `import { db } from '../../adapters/postgres/db.ts';\nimport { randomUUID } from 'node:crypto';\nimport fc from 'fast-check';\nexport const loan = () => [db, randomUUID(), fc];\n`);
    write('core/loans/loan.test.ts', `import { readFileSync } from 'node:fs';\nimport { it } from 'vitest';\nimport { loan } from './loan.ts';\nexport const read = () => [readFileSync, it, loan];\n`);
    write('core/accounts/ports.ts', `import type { Session } from './session.ts';\nexport interface Sessions { find(): Session }\n`);
    write('core/accounts/session.ts', `import type { Sessions } from './ports.ts';\nexport interface Session { store: Sessions }\n`);
    write('adapters/postgres/db.ts', `import { menu } from '../../ussd/menu.ts';\nexport const db = menu;\n`);
    write('ussd/menu.ts', `import { db } from '../adapters/postgres/db.ts';\nimport { app } from '../apps/server.ts';\nexport const menu = () => [db, app];\n`);
    write('apps/server.ts', `import type { Sessions } from '../core/accounts/ports.ts';\nexport const app = (sessions: Sessions) => sessions;\n`);
    write('cli/main.ts', `import { app } from '../apps/server.ts';\nimport { App } from '../web/src/main.tsx';\nimport { missing } from './missing.ts';\nexport const run = () => [app, App, missing];\n`);
    write(
      'web/src/main.tsx',
      `import { useState } from 'react';\nimport { loan } from '../../core/loans/loan.ts';\nimport Koa from 'koa';\nimport { z } from 'zod';\nimport * as mini from 'zod/mini';\nimport { Button } from './button.tsx';\n` +
        `const Server = () => import('../../apps/server.ts');\nexport const App = () => <Button onClick={() => [useState, loan, Koa, z, mini, Server]} />;\n`,
    );
    write('web/src/button.tsx', `export const Button = (props: { onClick: () => unknown }) => <button onClick={props.onClick} />;\n`);
    // Features stand alone over the shared web code, and the shared code knows no feature.
    write('web/src/features/loans/loan-card.tsx', `import { GroupCard } from '../tontines/group-card.tsx';\nimport { Button } from '../../components/button.tsx';\nimport { chapters } from '../../../shared/chapters.ts';\nexport const LoanCard = () => [GroupCard, Button, chapters];\n`);
    write('web/src/features/tontines/group-card.tsx', `import { own } from './own.ts';\nexport const GroupCard = () => own;\n`);
    write('web/src/features/tontines/own.ts', `export const own = 1;\n`);
    write('web/src/components/button.tsx', `import { own } from '../features/tontines/own.ts';\nexport const Button = () => own;\n`);
    write('web/shared/chapters.ts', `import { own } from '../src/features/tontines/own.ts';\nexport const chapters = [own];\n`);
    // The tools, the tests and their fakes.
    write('scripts/record.ts', `import { chapters } from '../web/shared/chapters.ts';\nimport { App } from '../web/src/main.tsx';\nimport { clock } from '../tests/support/clock.ts';\nexport const record = [chapters, App, clock];\n`);
    write('bench/load.ts', `import { LoanCard } from '../web/src/features/loans/loan-card.tsx';\nexport const load = LoanCard;\n`);
    write('tests/support/clock.ts', `export const clock = 1;\n`);
    write('tests/integration/loans.test.ts', `import { App } from '../../web/src/main.tsx';\nimport { record } from '../../scripts/record.ts';\nimport { fakeBank } from './fake-bank.ts';\nimport { shared } from './groups.test.ts';\nexport const run = [App, record, fakeBank, shared];\n`);
    write('tests/integration/fake-bank.ts', `export const fakeBank = 1;\n`);
    write('tests/integration/groups.test.ts', `export const shared = 1;\n`);
    write('apps/jobs.ts', `import { clock } from '../tests/support/clock.ts';\nimport { record } from '../scripts/record.ts';\nexport const jobs = [clock, record];\n`);

    it('fails, naming each breach; a cycle of type-only imports is no breach', { timeout: 30_000 }, async () => {
      expect((await housePlanBreaches(tree)).sort()).toEqual(
        [
          'core-is-pure: core/loans/loan.ts → adapters/postgres/db.ts',
          'core-is-pure: core/loans/loan.ts → crypto',
          'core-is-pure: core/loans/loan.ts → fast-check',
          'core-tests-use-test-tools-only: core/loans/loan.test.ts → fs',
          'adapters-know-no-channel: adapters/postgres/db.ts → ussd/menu.ts',
          'channels-reach-providers-through-ports: ussd/menu.ts → adapters/postgres/db.ts',
          'ussd-is-driven-by-apps: ussd/menu.ts → apps/server.ts',
          'web-source-is-for-the-browser-only: cli/main.ts → web/src/main.tsx',
          'no-unresolvable-import: cli/main.ts → ./missing.ts',
          'no-value-cycle: adapters/postgres/db.ts → ussd/menu.ts → adapters/postgres/db.ts',
          'web-stays-web: web/src/main.tsx → ../../core/loans/loan.ts',
          'web-stays-web: web/src/main.tsx → koa',
          'web-stays-web: web/src/main.tsx → zod',
          'web-stays-web: web/src/main.tsx → ../../apps/server.ts',
          'web-features-stand-alone: web/src/features/loans/loan-card.tsx → ../tontines/group-card.tsx',
          'web-shared-code-knows-no-feature: web/src/components/button.tsx → ../features/tontines/own.ts',
          'web-shared-is-plain: web/shared/chapters.ts → web/src/features/tontines/own.ts',
          'tools-use-no-web-source: scripts/record.ts → web/src/main.tsx',
          'tools-use-no-web-source: bench/load.ts → web/src/features/loans/loan-card.tsx',
          'production-code-imports-no-test-code: apps/jobs.ts → tests/support/clock.ts',
          'nothing-runs-the-tools: apps/jobs.ts → scripts/record.ts',
          'no-test-imports-a-test: tests/integration/loans.test.ts → tests/integration/groups.test.ts',
          'fakes-live-in-their-places: tests/integration/loans.test.ts → tests/integration/fake-bank.ts',
        ].sort(),
      );
    });
  });
});
