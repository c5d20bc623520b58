/**
 * Checks a source tree against the house plan of .dependency-cruiser.cjs: dependency-cruiser's
 * rules over core, adapters, apps, ussd, cli, web/shared, bench, scripts and tests, plus the two checks its swc reader cannot make
 * (see the config's header): cycles of value imports, and the imports of web/src.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFileSync, type ModuleItem } from '@swc/core';
import { cruise, type ICruiseResult, type IForbiddenRuleType, type IModule, type IRegularForbiddenRuleType } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = join(PROJECT_ROOT, '.dependency-cruiser.cjs');
/** The product, web/shared (web/src is read apart, see webBreaches), and the tools and tests with their own rules. */
const CRUISED = ['core', 'adapters', 'apps', 'ussd', 'cli', 'web/shared', 'bench', 'scripts', 'tests'];

/** Every breach under `baseDir`, one readable line each; none means the plan holds. */
export async function housePlanBreaches(baseDir: string = PROJECT_ROOT): Promise<string[]> {
  const options = await extractDepcruiseOptions(CONFIG);
  const roots = CRUISED.filter((area) => existsSync(join(baseDir, area)));
  const { output } = await cruise(roots, { ...options, baseDir });
  const result = output as ICruiseResult;
  // A known violation (the config's `knownViolations`) is reported with the severity `ignore`.
  const ruleBreaches = result.summary.violations
    .filter((violation) => violation.rule.severity !== 'ignore')
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${packageName(violation.to)}`);
  return [...ruleBreaches, ...valueCycles(result.modules, baseDir), ...webBreaches(baseDir, options.ruleSet?.forbidden ?? [])];
}

/** A file of a package is named by its package (a symlinked node_modules resolves outside the project). */
function packageName(resolved: string): string {
  return resolved.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1');
}

interface Import {
  specifier: string;
  /** Erased before the code runs: `import type …`, `export type … from`. */
  typeOnly: boolean;
}

/** The imports of a file: its import and export declarations, and every `import('…')` with a literal path. */
function importsOf(file: string): Import[] {
  const body: ModuleItem[] = parseFileSync(file, { syntax: 'typescript', tsx: file.endsWith('.tsx') }).body;
  const imports: Import[] = [];
  for (const item of body) {
    if (item.type === 'ImportDeclaration') imports.push({ specifier: item.source.value, typeOnly: item.typeOnly });
    else if (item.type === 'ExportNamedDeclaration' && item.source) imports.push({ specifier: item.source.value, typeOnly: item.typeOnly });
    else if (item.type === 'ExportAllDeclaration') imports.push({ specifier: item.source.value, typeOnly: false });
  }
  // import() sits anywhere in an expression (lazy routes): walk the tree, without recursion.
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    const call = node as { type?: string; callee?: { type?: string }; arguments?: { expression?: { type?: string; value?: unknown } }[] };
    const argument = call.arguments?.[0]?.expression;
    if (call.type === 'CallExpression' && call.callee?.type === 'Import' && argument?.type === 'StringLiteral') {
      imports.push({ specifier: String(argument.value), typeOnly: false });
    }
    pending.push(...Object.values(node));
  }
  return imports;
}

/**
 * Cycles through value imports only: `import type` is erased before the code runs, so a port and
 * the model type it names may refer to each other, while a cycle of value imports makes one module
 * run before the other has defined its exports. A specifier is type-only in a file when every
 * declaration importing it there is type-only; dynamic `import()` and `require` count as values.
 */
export function valueCycles(modules: IModule[], baseDir: string): string[] {
  const graph = new Map<string, string[]>();
  for (const module of modules) {
    // The cruised files only: packages, Node built-ins, tests/ and web/ are leaves here.
    const cruised = CRUISED.some((area) => module.source.startsWith(`${area}/`));
    if (!cruised || module.couldNotResolve) continue;
    const declarations = importsOf(join(baseDir, module.source));
    const typeOnly = (specifier: string) => {
      const matching = declarations.filter((declaration) => declaration.specifier === specifier);
      return matching.length > 0 && matching.every((declaration) => declaration.typeOnly);
    };
    graph.set(
      module.source,
      module.dependencies.filter((dependency) => !dependency.coreModule && !typeOnly(dependency.module)).map((dependency) => dependency.resolved),
    );
  }

  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push(`no-value-cycle: ${[...path.slice(path.indexOf(next)), next].join(' → ')}`);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function matchesAny(patterns: string | string[] | undefined, value: string): boolean {
  return [patterns ?? []].flat().some((pattern) => new RegExp(pattern).test(value));
}

/**
 * A `to` pattern's `$1`, `$2` … stand for the groups its rule's `from.path` caught in the importing
 * file's path, as in dependency-cruiser (`^web/src/features/$1/`: the importer's own feature).
 */
function withGroups(patterns: string | string[] | undefined, fromPath: string | string[] | undefined, from: string): string | string[] | undefined {
  if (patterns === undefined) return undefined;
  const groups = [fromPath ?? []].flat().map((pattern) => new RegExp(pattern).exec(from)).find((match) => match !== null) ?? [];
  const fill = (pattern: string) => pattern.replace(/\$(\d)/g, (_, n: string) => groups[Number(n)] ?? '');
  return Array.isArray(patterns) ? patterns.map(fill) : fill(patterns);
}

/** Imports of web/src held to the config's rules about web (`from` web/src), read with swc's TSX parser. */
export function webBreaches(baseDir: string, forbidden: IForbiddenRuleType[]): string[] {
  const webSource = join(baseDir, 'web', 'src');
  if (!existsSync(webSource)) return [];
  const toPath = (path: string) => relative(baseDir, path).split(sep).join('/');
  const breaches: string[] = [];
  for (const file of sourceFiles(webSource)) {
    const from = toPath(file);
    const rules = forbidden
      .filter((rule): rule is IRegularForbiddenRuleType => 'to' in rule && ('path' in rule.to || 'pathNot' in rule.to))
      .filter(({ from: { path, pathNot } }) => matchesAny(path, from) && !matchesAny(pathNot, from))
      .map((rule) => ({ name: rule.name, path: withGroups(rule.to.path, rule.from.path, from), pathNot: withGroups(rule.to.pathNot, rule.from.path, from) }));
    for (const { specifier } of importsOf(file)) {
      // A package stands for its folder in node_modules, as dependency-cruiser names a resolved package.
      const to = specifier.startsWith('.') ? toPath(resolve(dirname(file), specifier)) : `node_modules/${specifier}/`;
      for (const { name, path, pathNot } of rules) {
        if ((path === undefined || matchesAny(path, to)) && !matchesAny(pathNot, to)) breaches.push(`${name}: ${from} → ${specifier}`);
      }
    }
  }
  return breaches;
}
