import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enScreens } from '../../web/src/locales/en-screens.ts';

const SRC = join(import.meta.dirname, '../../web/src');
const source = (path: string) => relative(SRC, path).replaceAll('\\', '/');

/** router.tsx's routes that wait for en-screens.ts (`withScreenTexts`). */
function routesWaitingForScreenTexts(): Set<string> {
  const router = readFileSync(join(SRC, 'app/router.tsx'), 'utf8');
  return new Set([...router.matchAll(/withScreenTexts\(\(\) => import\('\.\/(routes\/[\w-]+\.tsx)'\)\)/g)].map(([, route]) => `app/${route}`));
}

/** Every module main.tsx reaches, statically or lazily, without entering a waiting route. */
function reachedWithoutScreenTexts(): string[] {
  const waiting = routesWaitingForScreenTexts();
  const seen = new Set<string>();
  const queue = ['main.tsx'];
  while (queue.length > 0) {
    const module = queue.pop() as string;
    if (seen.has(module) || waiting.has(module)) continue;
    seen.add(module);
    const text = readFileSync(join(SRC, module), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from |import\()'(\.[^']+\.tsx?)'/g)) {
      const path = join(SRC, dirname(module), specifier as string);
      if (existsSync(path)) queue.push(source(path));
    }
  }
  return [...seen];
}

/**
 * Issue 16: the English texts of the rarer screens (web/src/locales/en-screens.ts) are not in the
 * entry; a screen that uses them must wait for them (router.tsx, `withScreenTexts`), or it would
 * show raw keys.
 */
describe('the rarer screens’ English texts (en-screens.ts)', () => {
  it('are fetched by the routes of the screens that use them', () => {
    // Read from router.tsx: if its form changed and nothing matched, every check below would pass.
    expect([...routesWaitingForScreenTexts()]).toEqual(expect.arrayContaining(['app/routes/profile.tsx', 'app/routes/learn-more.tsx', 'app/routes/pay.tsx', 'app/routes/merchant-dashboard.tsx']));
  });

  it('are used by no module a screen reaches without waiting for them, so no raw key ever shows', () => {
    const reached = reachedWithoutScreenTexts();
    expect(reached).toContain('app/routes/dashboard.tsx');
    expect(reached).toContain('features/landing/components/landing-page.tsx');
    const usesThem = new RegExp(`['"\`](${Object.keys(enScreens).join('|')})\\.`);
    expect(reached.filter((module) => !module.startsWith('locales/') && usesThem.test(readFileSync(join(SRC, module), 'utf8')))).toEqual([]);
  });
});
