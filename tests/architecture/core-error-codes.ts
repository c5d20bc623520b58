/**
 * The error codes core can return, read from core's source where core/shared/result.ts says they
 * are written: `err('…')`, `error: '…'`, the literals of `Err<…>` and of `Result<…, '…'>`, and
 * every type alias named `…Error` or `…Failure`, its references to other aliases and its
 * template literals (`${FacePhoto}_${FaceProblem}`) expanded. Tests and fixtures are not read.
 *
 * Reading the source rather than a hand-kept list is the point: a code added to a use case is
 * found without anyone remembering to register it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const CORE = join(import.meta.dirname, '../../core');
const CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^exists$/;

function coreSources(): { path: string; text: string }[] {
  return readdirSync(CORE, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.fixtures.ts'))
    .map((path) => ({ path: relative(CORE, join(CORE, path)).replaceAll('\\', '/'), text: readFileSync(join(CORE, path), 'utf8') }));
}

const words = (text: string) => [...text.matchAll(/'([a-z0-9_]+)'/g)].map(([, word]) => word!);
const literals = (text: string) => words(text).filter((code) => CODE.test(code));
/** A type without its object members (`Err<…> & { photo?: FacePhoto }`): only the codes count. */
const withoutObjects = (body: string) => body.replace(/(?<!\$)\{[^{}]*\}/g, '');

/** Every type alias of core: name → its right-hand side (up to the `;` that ends it). */
function aliases(sources: readonly { text: string }[]): Map<string, string> {
  const table = new Map<string, string>();
  for (const { text } of sources) for (const [, name, body] of text.matchAll(/\btype (\w+)(?:<[^=]*>)? =([^;]*);/g)) table.set(name!, body!);
  return table;
}

/** The string literals an alias stands for, following other aliases and template literals. */
function expand(name: string, table: ReadonlyMap<string, string>, seen = new Set<string>()): string[] {
  const raw = table.get(name);
  if (raw === undefined || seen.has(name)) return [];
  seen.add(name);
  const body = withoutObjects(raw);
  const found = words(body.replace(/`[^`]*`/g, ''));
  for (const [, template] of body.matchAll(/`([^`]*)`/g)) found.push(...expandTemplate(template!, table, seen));
  for (const [, other] of body.replace(/`[^`]*`/g, '').matchAll(/\b([A-Z]\w*)\b/g)) found.push(...expand(other!, table, seen));
  return found;
}

function expandTemplate(template: string, table: ReadonlyMap<string, string>, seen: Set<string>): string[] {
  let results = [''];
  for (const [, text, alias] of template.matchAll(/([^$]*)(?:\$\{(\w+)\})?/g)) {
    if (text === '' && alias === undefined) continue;
    const parts = alias === undefined ? [''] : expand(alias, table, new Set(seen));
    results = results.flatMap((start) => parts.map((part) => `${start}${text}${part}`));
  }
  return results.filter((code) => CODE.test(code));
}

/** code → the core files that return it. */
export function coreErrorCodes(): Map<string, string[]> {
  const sources = coreSources();
  const table = aliases(sources);
  const codes = new Map<string, string[]>();
  const add = (code: string, path: string) => codes.set(code, [...new Set([...(codes.get(code) ?? []), path])]);
  for (const { path, text } of sources) {
    for (const [, code] of text.matchAll(/\berr\(\s*'([a-z0-9_]+)'/g)) add(code!, path);
    for (const [, code] of text.matchAll(/\berror: '([a-z0-9_]+)'/g)) add(code!, path);
    for (const [, args] of text.matchAll(/\bErr<([^>]*)>/g)) for (const code of literals(args!)) add(code, path);
    for (const [, codesText] of text.matchAll(/\bResult<[^,<>]*(?:<[^<>]*>)?[^,<>]*,\s*((?:'[a-z0-9_]+'\s*\|?\s*)+)>/g)) for (const code of literals(codesText!)) add(code, path);
    for (const [, name] of text.matchAll(/\btype (\w+(?:Error|Failure))(?:<[^=]*>)? =/g)) for (const code of expand(name!, table)) if (CODE.test(code)) add(code, path);
  }
  return codes;
}
