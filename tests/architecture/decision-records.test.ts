/**
 * Decisions you can find: one record per file in docs/decisions/, an index that says what the
 * records say, and code that cites a record by its path (scripts/split-decisions.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexText, readRecords, splitDecisions } from '../../scripts/split-decisions.ts';
import { PROJECT_ROOT } from './house-plan.ts';

const RECORDS = join(PROJECT_ROOT, 'docs/decisions');
const CODE = ['core', 'adapters', 'apps', 'cli', 'ussd', 'web/src', 'tests', 'bench', 'scripts'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|cjs|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('the decision records', () => {
  const records = readRecords(RECORDS);

  it('are numbered from 1 without a gap, each with a status and modules', () => {
    expect(records.map((record) => record.number)).toEqual(records.map((_, index) => index + 1));
    for (const record of records) {
      const text = readFileSync(join(RECORDS, record.file), 'utf8');
      expect(text, record.file).toMatch(/^# \d{4}\. .+\n\nStatus: (accepted|superseded by \[\d{4}\]|amended by \[\d{4}\])/);
      expect(text, record.file).toMatch(/^Modules: [a-z]+(, [a-z]+)*$/m);
    }
  });

  it('link only to records and files that exist', () => {
    for (const record of records) {
      const text = readFileSync(join(RECORDS, record.file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+\.md)\)/g)) {
        expect(existsSync(join(RECORDS, target!)), `${record.file} → ${target}`).toBe(true);
      }
    }
  });

  it('have an index that says what they say (npx tsx scripts/split-decisions.ts rewrites it)', () => {
    expect(readFileSync(join(RECORDS, 'README.md'), 'utf8')).toBe(indexText(records));
  });

  it('are cited by path in code, never as docs/decisions.md, and every cited record exists', () => {
    const breaches: string[] = [];
    for (const file of CODE.flatMap((area) => sourceFiles(join(PROJECT_ROOT, area)))) {
      if (file.endsWith('split-decisions.ts') || file.endsWith('decision-records.test.ts')) continue;
      const text = readFileSync(file, 'utf8');
      const short = file.slice(PROJECT_ROOT.length + 1);
      if (/docs\/decisions\.md|see decisions:/.test(text)) breaches.push(`${short} cites docs/decisions.md`);
      for (const [cited] of text.matchAll(/docs\/decisions\/\d{4}-[a-z0-9-]+\.md/g)) {
        if (!existsSync(join(PROJECT_ROOT, cited))) breaches.push(`${short} cites ${cited}, which does not exist`);
      }
    }
    expect(breaches).toEqual([]);
  });
});

describe('the module pages (docs/modules/)', () => {
  const pages = join(PROJECT_ROOT, 'docs/modules');

  it('name only files and records that exist, so a page says what the code is today', () => {
    const missing: string[] = [];
    for (const page of readdirSync(pages).filter((file) => file.endsWith('.md'))) {
      const text = readFileSync(join(pages, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)) {
        if (!/^[a-z]+:/.test(target!) && !existsSync(join(pages, target!))) missing.push(`${page} → ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('exist for every module the index groups records under', () => {
    const modules = new Set(readRecords(RECORDS).flatMap((record) => record.modules));
    modules.delete('house');
    expect([...modules].filter((module) => !existsSync(join(pages, `${module}.md`)))).toEqual([]);
  });
});

describe('scripts/split-decisions.ts', () => {
  const tree = mkdtempSync(join(tmpdir(), 'decisions-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const diary = (...sections: string[]) =>
    writeFileSync(join(tree, 'docs/decisions.md'), `# Decisions\n\nPreamble.\n\n${sections.join('\n')}`);
  const files = () => readdirSync(join(tree, 'docs/decisions')).sort();
  mkdirSync(join(tree, 'docs'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: tree });

  const first = '## Settlement by range (issue 14, helper `settle`)\n- **A batch** covers a range.\n\n```\n## not a heading\n```\n';
  const second = '## USSD: PIN hash at 1 MiB (2026-11-26, issue 16)\n- Cheaper, as "Settlement by range" says nothing of.\n';

  it('turns every section into the next numbered record and leaves a pointer', () => {
    diary(first, second);
    expect(splitDecisions(tree).written).toEqual(['0001-settlement-by-range.md', '0002-ussd-pin-hash-at-1-mib.md']);
    expect(files()).toEqual(['0001-settlement-by-range.md', '0002-ussd-pin-hash-at-1-mib.md', 'README.md']);
    const record = readFileSync(join(tree, 'docs/decisions/0002-ussd-pin-hash-at-1-mib.md'), 'utf8');
    expect(record).toBe(
      '# 0002. USSD: PIN hash at 1 MiB (2026-11-26, issue 16)\n\nStatus: accepted\nDate: 2026-11-26\nIssue: 16\nModules: accounts, ussd\n\n' +
        '- Cheaper, as [Settlement by range](0001-settlement-by-range.md) says nothing of.\n',
    );
    expect(readFileSync(join(tree, 'docs/decisions/0001-settlement-by-range.md'), 'utf8')).toContain('```\n## not a heading\n```');
    expect(readFileSync(join(tree, 'docs/decisions.md'), 'utf8')).not.toMatch(/^## /m);
  });

  it('does nothing the second time, and takes only the new sections from a diary merged back whole', () => {
    expect(splitDecisions(tree).changed).toBe(false);
    diary(first, second, '## Settling per merchant (issue 14)\n- Lateral.\n');
    const { written, skipped } = splitDecisions(tree);
    expect(written).toEqual(['0003-settling-per-merchant.md']);
    expect(skipped).toHaveLength(2);
    expect(splitDecisions(tree).changed).toBe(false);
  });

  it('keeps a status edited by hand, and refuses to drop an old section that was edited since', () => {
    const path = join(tree, 'docs/decisions/0001-settlement-by-range.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Status: accepted', 'Status: amended by [0003](0003-settling-per-merchant.md)'));
    splitDecisions(tree);
    expect(readFileSync(join(tree, 'docs/decisions/README.md'), 'utf8')).toContain('| amended by [0003](0003-settling-per-merchant.md) |');
    diary(first.replace('covers a range', 'covers a week'));
    expect(() => splitDecisions(tree)).toThrow(/edited since/);
    expect(files()).toHaveLength(4);
  });
});
