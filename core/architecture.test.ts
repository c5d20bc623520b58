/**
 * The dependency rule: core/ imports nothing outside core/ and no package (ARCHITECTURE.md).
 * Tests next to the code may use the test tools (vitest, fast-check) and nothing else from outside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SELF = fileURLToPath(import.meta.url);
const CORE = dirname(SELF);
const TEST_TOOLS = new Set(['vitest', 'fast-check']);

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier: static imports, `export … from`, `import type`, side-effect imports, dynamic `import()` and `require()`. */
export function specifiersOf(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...withoutComments.matchAll(pattern)].map((match) => match[1]!));
}

export function violation(file: string, specifier: string): string | undefined {
  const isTest = file.endsWith('.test.ts');
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier);
    return target === CORE || target.startsWith(CORE + sep) ? undefined : `${relative(CORE, file)} imports ${specifier}, outside core/`;
  }
  if (isTest && TEST_TOOLS.has(specifier)) return undefined;
  return `${relative(CORE, file)} imports the package ${specifier}`;
}

describe('architecture: dependencies point inward', () => {
  it('no file in core/ imports from outside core/ or any package', () => {
    // This file is the one exception: it reads the files with node:fs, and its examples below quote imports.
    const files = typeScriptFiles(CORE).filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(10);
    const violations = files.flatMap((file) => specifiersOf(readFileSync(file, 'utf8')).map((s) => violation(file, s)).filter((v) => v !== undefined));
    expect(violations).toEqual([]);
  });

  it('the scanner sees every form of import', () => {
    const source = `
      import { a } from './a.ts';
      import type { B } from "../b.ts";
      export { c } from './c.ts';
      export * from 'koa';
      import 'side-effect';
      const d = await import('zod');
      const e = require("pino");
      import {
        f,
        g,
      } from '@mikro-orm/core';
      // import { commented } from 'ignored';
    `;
    expect(specifiersOf(source)).toEqual(['./a.ts', '../b.ts', './c.ts', 'koa', 'side-effect', '@mikro-orm/core', 'zod', 'pino']);
  });

  it('flags packages (node built-ins included), paths leaving core/, and test tools outside tests', () => {
    const file = join(CORE, 'loans', 'loan.ts');
    expect(violation(file, '../money/money.ts')).toBeUndefined();
    expect(violation(file, '../../adapters/postgres/db.ts')).toMatch(/outside core/);
    expect(violation(file, 'zod')).toMatch(/package zod/);
    expect(violation(file, 'node:crypto')).toMatch(/package node:crypto/);
    expect(violation(join(CORE, 'loans', 'loan.test.ts'), 'vitest')).toBeUndefined();
    expect(violation(join(CORE, 'loans', 'loan.test.ts'), 'supertest')).toMatch(/package supertest/);
    expect(violation(file, 'vitest')).toMatch(/package vitest/);
  });
});
