/**
 * One-off check behind issue 16's cn() change: every cn() call site of two trees of web/src, in
 * every context it renders in, gives the same classes. The old tree's cn() was
 * twMerge(clsx(…)), the new one's is clsx(…); both are computed here for every combination of
 * each call's conditions (tests/architecture/cn-call-sites.ts follows the values) and compared as sets
 * of classes, call site by call site (keyed by the chain of files it is rendered through, line
 * numbers left out, so edits that move lines do not matter).
 *
 *   npx tsx scripts/cn-equivalence.ts <old web/src> <new web/src>
 */
import { resolve } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { analyseCnCallSites, combinations, type CallSiteResult } from '../tests/architecture/cn-call-sites.ts';

const [oldDir, newDir] = process.argv.slice(2).map((dir) => resolve(dir));
if (!oldDir || !newDir) throw new Error('usage: cn-equivalence.ts <old web/src> <new web/src>');

function outputs(results: CallSiteResult[], merge: (classes: string[]) => string[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const result of results) {
    if (result.unresolved) throw new Error(`${result.where}: ${result.unresolved}`);
    const key = result.where.replace(/:\d+/g, '');
    const sets = combinations(result.expr).map((combo) => [...new Set(merge(combo))].sort().join(' '));
    byKey.set(key, [...(byKey.get(key) ?? []), ...sets].sort());
  }
  return byKey;
}

const before = outputs(analyseCnCallSites(oldDir).results, (classes) => twMerge(classes.join(' ')).split(' ').filter(Boolean));
const after = outputs(analyseCnCallSites(newDir).results, (classes) => classes);

let same = 0;
const differences: string[] = [];
for (const key of new Set([...before.keys(), ...after.keys()])) {
  const a = before.get(key);
  const b = after.get(key);
  if (a && b && a.join('\n') === b.join('\n')) {
    same += 1;
    continue;
  }
  differences.push(`${key}\n  before: ${a ? [...new Set(a)].join('\n          ') : '(no such call)'}\n  after:  ${b ? [...new Set(b)].join('\n          ') : '(no such call)'}`);
}
console.log(`${same} call-site contexts give the same classes; ${differences.length} differ`);
for (const difference of differences) console.log(difference);
process.exitCode = differences.length === 0 ? 0 : 1;
