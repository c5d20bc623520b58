/**
 * Reads web/src's cn() call sites statically (Vite's parseAst, rolldown's oxc parser) and follows
 * every class value they can receive, through component props and JSX usages: the proof behind
 * cn() being plain clsx (cn-call-sites.test.ts beside this file says what it covers and what it
 * cannot) and the one-off comparison with tailwind-merge's output on another tree
 * (scripts/cn-equivalence.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseAst } from 'vite';
import { twMerge } from 'tailwind-merge';

// ---------------------------------------------------------------------------------------------
// A class expression: ordered slots; each slot is one of its alternatives (token lists) at run
// time. Tokens of different slots can be present together; alternatives of one slot cannot.
export type Alt = string[];
export type Slot = Alt[];
export type ClassExpr = Slot[];
// oxc's ESTree nodes, read loosely.
type Node = { type: string; start: number; end: number; [key: string]: any };


interface SourceFile {
  path: string;
  text: string;
  ast: Node;
  /** Local name → [absolute file, exported name] for relative imports. */
  imports: Map<string, [string, string]>;
}

interface Component {
  file: SourceFile;
  name: string;
  fn: Node;
  /** Destructured prop name → its default value expression (null: none). */
  props: Map<string, Node | null>;
  /** The rest element's name (`...props`) or the whole-props identifier (`props`). */
  rest: string | null;
  whole: string | null;
}

/** A prop's value at one usage: an expression evaluated in the caller's context, or absent. */
type Binding = { expr: Node; ctx: Ctx } | { bag: Map<string, Binding> } | { opaque: string };
/** The env key under which a usage's spreads of unknown keys are noted. */
const UNKNOWN_SPREAD = '\0spread';
interface Ctx {
  file: SourceFile;
  component: Component | null;
  /** null: the component's props are not known here (its usages are enumerated instead). */
  env: Map<string, Binding> | null;
  chain: string;
}

class Unresolved extends Error {}

function walk(node: unknown, visit: (n: Node, parents: Node[]) => void, parents: Node[] = []): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parents);
    return;
  }
  if (node === null || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  const n = node as Node;
  visit(n, parents);
  const next = [...parents, n];
  for (const key of Object.keys(n)) {
    if (key === 'start' || key === 'end' || key === 'type') continue;
    const value = n[key];
    if (value !== null && typeof value === 'object') walk(value, visit, next);
  }
}

function unwrap(node: Node): Node {
  let n = node;
  while (['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'ParenthesizedExpression', 'TSTypeAssertion'].includes(n.type)) {
    n = n.expression;
  }
  return n;
}

function tokens(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function sourceFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  const visitDir = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visitDir(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const text = readFileSync(path, 'utf8');
        const ast = parseAst(text, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' }) as unknown as Node;
        const imports = new Map<string, [string, string]>();
        for (const statement of ast.body as Node[]) {
          if (statement.type !== 'ImportDeclaration' || !String(statement.source.value).startsWith('.')) continue;
          for (const specifier of statement.specifiers as Node[]) {
            if (specifier.type === 'ImportSpecifier') {
              imports.set(specifier.local.name, [resolve(dirname(path), statement.source.value), specifier.imported.name]);
            }
          }
        }
        files.push({ path, text, ast, imports });
      }
    }
  };
  visitDir(SRC);
  return files;
}

function lineOf(file: SourceFile, pos: number): string {
  return `${file.path.slice(SRC.length + 1)}:${file.text.slice(0, pos).split('\n').length}`;
}

function componentOf(file: SourceFile, fn: Node, name: string): Component {
  const props = new Map<string, Node | null>();
  let rest: string | null = null;
  let whole: string | null = null;
  const param = fn.params[0] ? unwrap(fn.params[0]) : null;
  if (param?.type === 'ObjectPattern') {
    for (const property of param.properties as Node[]) {
      if (property.type === 'RestElement') rest = property.argument.name;
      else if (property.value.type === 'AssignmentPattern') props.set(property.key.name, property.value.right);
      else props.set(property.key.name, null);
    }
  } else if (param?.type === 'Identifier') {
    whole = param.name;
  }
  return { file, name, fn, props, rest, whole };
}

/** Uppercase functions: `function Button(…)` and `const Button = (…) => …`, at any depth. */
function components(files: SourceFile[]): Component[] {
  const found: Component[] = [];
  for (const file of files) {
    walk(file.ast, (n) => {
      if (n.type === 'FunctionDeclaration' && n.id && /^[A-Z]/.test(n.id.name)) found.push(componentOf(file, n, n.id.name));
      if (
        n.type === 'VariableDeclarator' &&
        n.id.type === 'Identifier' &&
        /^[A-Z]/.test(n.id.name) &&
        n.init &&
        ['ArrowFunctionExpression', 'FunctionExpression'].includes(n.init.type)
      ) {
        found.push(componentOf(file, n.init, n.id.name));
      }
    });
  }
  return found;
}

function innermostComponent(all: Component[], file: SourceFile, pos: number): Component | null {
  let best: Component | null = null;
  for (const c of all) {
    if (c.file === file && c.fn.start <= pos && pos < c.fn.end && (!best || c.fn.start >= best.fn.start)) best = c;
  }
  return best;
}

/** `const NAME = …` visible from pos: the innermost enclosing declaration (module level last). */
function constant(file: SourceFile, name: string, pos: number): Node | null {
  let best: { init: Node; depth: number } | null = null;
  walk(file.ast, (n, parents) => {
    if (n.type !== 'VariableDeclarator' || n.id.type !== 'Identifier' || n.id.name !== name || !n.init) return;
    const scope = [...parents].reverse().find((p) => ['BlockStatement', 'Program', 'ArrowFunctionExpression'].includes(p.type));
    if (!scope || pos < scope.start || pos >= scope.end) return;
    if (!best || parents.length > best.depth) best = { init: n.init, depth: parents.length };
  });
  return best ? (best as { init: Node }).init : null;
}

/** A cva(base, { variants, defaultVariants }) bound to a module constant, by the constant's node. */
function cvaDefinition(init: Node): { base: Node; variants: Map<string, Map<string, Node>>; defaults: Map<string, string> } | null {
  const call = unwrap(init);
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'cva') return null;
  const variants = new Map<string, Map<string, Node>>();
  const defaults = new Map<string, string>();
  const config = call.arguments[1] ? unwrap(call.arguments[1]) : null;
  for (const property of (config?.properties ?? []) as Node[]) {
    const key = property.key.name ?? property.key.value;
    if (key === 'variants') {
      for (const variant of property.value.properties as Node[]) {
        const values = new Map<string, Node>();
        for (const value of variant.value.properties as Node[]) values.set(String(value.key.name ?? value.key.value), value.value);
        variants.set(String(variant.key.name ?? variant.key.value), values);
      }
    }
    if (key === 'defaultVariants') {
      for (const d of property.value.properties as Node[]) defaults.set(String(d.key.name ?? d.key.value), String(d.value.value));
    }
  }
  return { base: call.arguments[0], variants, defaults };
}

function oneSlot(expr: ClassExpr): Slot | null {
  if (expr.length === 0) return [[]];
  if (expr.length === 1) return expr[0] ?? null;
  return null;
}

/** Either a or b: one slot when both are one slot (a ?: of strings), else both, each optional. */
function either(a: ClassExpr, b: ClassExpr): ClassExpr {
  const sa = oneSlot(a);
  const sb = oneSlot(b);
  if (sa && sb) return [[...sa, ...sb]];
  return [...a, ...b].map((slot) => [...slot, []]);
}

function isAbsent(n: Node): boolean {
  return (n.type === 'Identifier' && n.name === 'undefined') || (n.type === 'Literal' && (n.value === null || typeof n.value === 'boolean'));
}

/** The binding of a prop name in ctx: undefined when the usage does not pass it. */
function propBinding(ctx: Ctx, name: string): Binding | undefined {
  const component = ctx.component!;
  const env = ctx.env;
  if (env === null) throw new Unresolved(`${component.name}'s prop ${name} with no known usage`);
  const bound = env.get(name);
  if (bound) return bound;
  const spread = env.get(UNKNOWN_SPREAD);
  if (spread && 'opaque' in spread) throw new Unresolved(`${component.name}'s prop ${name} may come from ${spread.opaque}`);
  const fallback = component.props.get(name);
  return fallback ? { expr: fallback, ctx } : undefined;
}

function evalBinding(binding: Binding | undefined, what: string): ClassExpr {
  if (!binding) return [];
  if ('bag' in binding) throw new Unresolved(`${what}: a rest object used as a class`);
  if ('opaque' in binding) throw new Unresolved(`${what}: ${binding.opaque}`);
  return evalClass(binding.expr, binding.ctx);
}

/** A prop referred to by an identifier (or `props.x`) in ctx's component, if it is one. */
function propName(ctx: Ctx, n: Node): string | null {
  const component = ctx.component;
  if (!component) return null;
  if (n.type === 'Identifier' && component.props.has(n.name)) return n.name;
  if (n.type === 'MemberExpression' && !n.computed && n.object.type === 'Identifier' && (n.object.name === component.whole || n.object.name === component.rest)) {
    return n.property.name;
  }
  return null;
}

function evalClass(node: Node, ctx: Ctx): ClassExpr {
  const n = unwrap(node);
  if (isAbsent(n)) return [];
  switch (n.type) {
    case 'Literal':
      if (typeof n.value === 'string') return [[tokens(n.value)]];
      if (typeof n.value === 'number') return [];
      break;
    case 'TemplateLiteral': {
      const out: ClassExpr = [];
      n.quasis.forEach((quasi: Node, i: number) => {
        const text: string = quasi.value.cooked;
        const expression = n.expressions[i];
        if (expression) {
          const next: string = n.quasis[i + 1].value.cooked;
          if ((text !== '' && !/\s$/.test(text)) || (next !== '' && !/^\s/.test(next))) {
            throw new Unresolved(`${lineOf(ctx.file, n.start)}: a class built from a template part`);
          }
        }
        out.push([tokens(text)]);
        if (expression) out.push(...evalClass(expression, ctx));
      });
      return out;
    }
    case 'LogicalExpression':
      if (n.operator === '&&') {
        const known = condition(n.left, ctx);
        if (known !== null) return known ? evalClass(n.right, ctx) : [];
        return evalClass(n.right, ctx).map((slot) => [...slot, []]);
      }
      return either(evalClass(n.left, ctx), evalClass(n.right, ctx));
    case 'ConditionalExpression': {
      const known = condition(n.test, ctx);
      if (known !== null) return evalClass(known ? n.consequent : n.alternate, ctx);
      return either(evalClass(n.consequent, ctx), evalClass(n.alternate, ctx));
    }
    case 'ArrayExpression':
      return (n.elements as Node[]).flatMap((e) => evalClass(e, ctx));
    case 'CallExpression': {
      const callee = unwrap(n.callee);
      if (callee.type === 'Identifier' && (callee.name === 'cn' || callee.name === 'clsx')) {
        return (n.arguments as Node[]).flatMap((a) => evalClass(a, ctx));
      }
      if (callee.type === 'Identifier') return evalCva(callee.name, n, ctx);
      break;
    }
    case 'Identifier':
    case 'MemberExpression': {
      const prop = propName(ctx, n);
      if (prop !== null) return evalBinding(propBinding(ctx, prop), `${ctx.component!.name}.${prop}`);
      if (n.type === 'Identifier') {
        const init = constant(ctx.file, n.name, n.start);
        if (init) return evalClass(init, ctx);
      } else if (n.computed && n.object.type === 'Identifier') {
        // A constant object indexed by a value: any of its values.
        const init = constant(ctx.file, n.object.name, n.start);
        const object = init ? unwrap(init) : null;
        if (object?.type === 'ObjectExpression') {
          return [(object.properties as Node[]).flatMap((p) => oneSlot(evalClass(p.value, ctx)) ?? [evalClass(p.value, ctx).flat(2)])];
        }
      }
      break;
    }
  }
  throw new Unresolved(`${lineOf(ctx.file, n.start)}: cannot follow ${ctx.file.text.slice(n.start, n.end).slice(0, 80)} (${ctx.chain})`);
}

/**
 * A condition's value when it is a boolean prop known at the usage (`<Skeleton inline />`, or
 * absent with a literal default); null otherwise (then both branches are possible).
 */
function condition(node: Node, ctx: Ctx): boolean | null {
  const n = unwrap(node);
  if (n.type === 'Literal' && typeof n.value === 'boolean') return n.value;
  if (n.type === 'UnaryExpression' && n.operator === '!') {
    const inner = condition(n.argument, ctx);
    return inner === null ? null : !inner;
  }
  const prop = propName(ctx, n);
  if (prop === null || ctx.env === null) return null;
  const binding = ctx.env.get(prop) ?? (ctx.component!.props.get(prop) ? { expr: ctx.component!.props.get(prop)!, ctx } : undefined);
  if (!binding) return ctx.env.has(UNKNOWN_SPREAD) ? null : false;
  return 'expr' in binding ? condition(binding.expr, binding.ctx) : null;
}

/** `fooVariants({ variant, size })` where `const fooVariants = cva(…)` in this file or imported. */
function evalCva(name: string, call: Node, ctx: Ctx): ClassExpr {
  let file = ctx.file;
  let init = constant(file, name, call.start);
  const imported = ctx.file.imports.get(name);
  if (!init && imported) {
    file = FILES.find((f) => f.path === imported[0])!;
    init = constant(file, imported[1], file.text.length - 1);
  }
  const definition = init ? cvaDefinition(init) : null;
  if (!definition) throw new Unresolved(`${lineOf(ctx.file, call.start)}: ${name}(…) is not a cva`);
  const chosen = new Map<string, Node>();
  const arg = call.arguments[0] ? unwrap(call.arguments[0]) : null;
  for (const p of (arg?.properties ?? []) as Node[]) chosen.set(p.key.name, p.shorthand ? p.key : p.value);
  const out: ClassExpr = evalClass(definition.base, { ...ctx, file });
  for (const [variant, values] of definition.variants) {
    const keys = variantKeys(chosen.get(variant), ctx, [...values.keys()], definition.defaults.get(variant));
    out.push(keys.flatMap((key) => oneSlot(evalClass(values.get(key)!, { ...ctx, file })) ?? []));
  }
  return out;
}

/** Which values a variant argument takes: a literal, the default when absent, all when not known. */
function variantKeys(value: Node | undefined, ctx: Ctx, all: string[], fallback: string | undefined): string[] {
  const absent = fallback !== undefined ? [fallback] : [];
  if (!value) return absent;
  const n = unwrap(value);
  if (isAbsent(n)) return absent;
  if (n.type === 'Literal' && typeof n.value === 'string') return [n.value];
  if (n.type === 'ConditionalExpression') {
    return [...new Set([...variantKeys(n.consequent, ctx, all, fallback), ...variantKeys(n.alternate, ctx, all, fallback)])];
  }
  const prop = propName(ctx, n);
  if (prop !== null) {
    const binding = propBinding(ctx, prop);
    if (!binding) return absent;
    if (!('expr' in binding)) return all;
    return variantKeys(binding.expr, binding.ctx, all, fallback);
  }
  return all;
}

// ---------------------------------------------------------------------------------------------
// Instances: every context a component's body is rendered in, one per JSX usage (recursively).

let SRC = '';
let FILES: SourceFile[] = [];
let COMPONENTS: Component[] = [];

function usages(component: Component): { element: Node; file: SourceFile }[] {
  const found: { element: Node; file: SourceFile }[] = [];
  for (const file of FILES) {
    const local =
      file === component.file
        ? component.name
        : [...file.imports].find(([, [path, exported]]) => path === component.file.path && exported === component.name)?.[0];
    if (!local) continue;
    walk(file.ast, (n) => {
      if (n.type === 'JSXOpeningElement' && n.name.type === 'JSXIdentifier' && n.name.name === local) found.push({ element: n, file });
    });
  }
  return found;
}

let instanceCache = new Map<Component, Ctx[]>();

/** Every context the component is rendered in; one open context when nothing passes it props. */
function instances(component: Component, depth = 0): Ctx[] {
  const cached = instanceCache.get(component);
  if (cached) return cached;
  if (depth > 12) throw new Unresolved(`${component.name}: usages nest too deep`);
  const found = usages(component);
  const out: Ctx[] = [];
  for (const { element, file } of found) {
    const caller = innermostComponent(COMPONENTS, file, element.start);
    const callerContexts: Ctx[] = caller ? instances(caller, depth + 1) : [{ file, component: null, env: new Map(), chain: '' }];
    for (const callerCtx of callerContexts) {
      const env = new Map<string, Binding>();
      for (const attribute of element.attributes as Node[]) {
        if (attribute.type === 'JSXAttribute') {
          const value = attribute.value;
          const expr: Node | null = value === null ? null : value.type === 'JSXExpressionContainer' ? value.expression : value;
          // A bare attribute (`<Skeleton inline />`) is true.
          if (value === null) env.set(attribute.name.name, { expr: { type: 'Literal', value: true, start: attribute.start, end: attribute.end }, ctx: callerCtx });
          else if (expr && expr.type !== 'JSXEmptyExpression') env.set(attribute.name.name, { expr, ctx: callerCtx });
          else env.delete(attribute.name.name);
        } else {
          // A spread: the caller's own rest props pass through; any other object must not carry a class.
          const arg = unwrap(attribute.argument);
          const passesProps = caller && arg.type === 'Identifier' && (arg.name === caller.rest || arg.name === caller.whole);
          const what = `{...${file.text.slice(arg.start, arg.end)}} at ${lineOf(file, attribute.start)}`;
          const keys = passesProps ? null : spreadKeys(arg);
          if (passesProps && callerCtx.env) {
            for (const [key, binding] of callerCtx.env) if (!caller!.props.has(key) || arg.name === caller!.whole) env.set(key, binding);
          } else if (keys) {
            for (const key of keys) env.set(key, { opaque: what });
          } else {
            env.set(UNKNOWN_SPREAD, { opaque: what });
          }
        }
      }
      out.push({ file: component.file, component, env, chain: `${callerCtx.chain} ${lineOf(file, element.start)}`.trim() });
    }
  }
  if (found.length === 0) out.push({ file: component.file, component, env: null, chain: `${component.name} (no usage)` });
  instanceCache.set(component, out);
  return out;
}

/**
 * The keys a spread object can have, when they can be read: an object literal, either of two, or
 * a call of `const f = (…) => ({ … })` declared once in web/src (useRegistrationForm's `text`).
 */
function spreadKeys(node: Node): string[] | null {
  const n = unwrap(node);
  if (n.type === 'ObjectExpression') {
    if ((n.properties as Node[]).some((p) => p.type !== 'Property' || p.computed)) return null;
    return (n.properties as Node[]).map((p) => String(p.key.name ?? p.key.value));
  }
  if (n.type === 'ConditionalExpression' || n.type === 'LogicalExpression') {
    const a = spreadKeys(n.type === 'ConditionalExpression' ? n.consequent : n.left);
    const b = spreadKeys(n.type === 'ConditionalExpression' ? n.alternate : n.right);
    return a && b ? [...a, ...b] : null;
  }
  if (n.type === 'CallExpression' && n.callee.type === 'Identifier') {
    const bodies: Node[] = [];
    for (const file of FILES) {
      walk(file.ast, (d) => {
        if (d.type === 'VariableDeclarator' && d.id.type === 'Identifier' && d.id.name === n.callee.name && d.init?.type === 'ArrowFunctionExpression') {
          bodies.push(d.init.body);
        }
      });
    }
    return bodies.length === 1 && bodies[0] ? spreadKeys(bodies[0]) : null;
  }
  return null;
}

/** Every cn() call of web/src with every context it runs in. */
function cnCalls(): { call: Node; file: SourceFile; contexts: Ctx[] }[] {
  const calls: { call: Node; file: SourceFile; contexts: Ctx[] }[] = [];
  for (const file of FILES) {
    walk(file.ast, (n, parents) => {
      if (n.type !== 'CallExpression' || n.callee.type !== 'Identifier' || n.callee.name !== 'cn') return;
      if (parents.some((p) => p.type === 'CallExpression' && p.callee.type === 'Identifier' && p.callee.name === 'cn')) return;
      const component = innermostComponent(COMPONENTS, file, n.start);
      const contexts = component ? instances(component) : [{ file, component: null, env: new Map(), chain: '' }];
      calls.push({ call: n, file, contexts });
    });
  }
  return calls;
}

/** Pairs of tokens present together, in their order, that twMerge would resolve. */
export function conflicts(expr: ClassExpr): string[] {
  const found = new Set<string>();
  const check = (a: string, b: string) => {
    if (a !== b && twMerge(`${a} ${b}`) !== `${a} ${b}`) found.add(`${a} × ${b}`);
  };
  expr.forEach((slot, i) => {
    for (const alt of slot) {
      alt.forEach((a, j) => alt.slice(j + 1).forEach((b) => check(a, b)));
      for (const later of expr.slice(i + 1)) for (const other of later) for (const b of other) for (const a of alt) check(a, b);
    }
  });
  return [...found];
}

export interface CallSiteResult {
  /** The cn() call and the chain of JSX usages it is rendered through (file:line each). */
  where: string;
  expr: ClassExpr;
  conflicts: string[];
  unresolved: string | null;
}

/** Every cn() call of the .ts/.tsx files under srcDir (tests excluded) in every context it renders in. */
export function analyseCnCallSites(srcDir: string): { calls: number; results: CallSiteResult[] } {
  SRC = srcDir;
  FILES = sourceFiles();
  COMPONENTS = components(FILES);
  instanceCache = new Map();
  const calls = cnCalls();
  const results = calls.flatMap(({ call, file, contexts }) =>
    contexts.map((ctx): CallSiteResult => {
      const where = `${lineOf(file, call.start)} [${ctx.chain || 'own'}]`;
      try {
        const expr = evalClass(call, { ...ctx, file });
        return { where, expr, conflicts: conflicts(expr), unresolved: null };
      } catch (error) {
        if (!(error instanceof Unresolved)) throw error;
        return { where, expr: [], conflicts: [], unresolved: error.message };
      }
    }),
  );
  return { calls: calls.length, results };
}

/** Every class string a class expression can give (each slot's alternatives combined), up to limit. */
export function combinations(expr: ClassExpr, limit = 4096): string[][] {
  let out: string[][] = [[]];
  for (const slot of expr) {
    out = out.flatMap((prefix) => slot.map((alt) => [...prefix, ...alt]));
    if (out.length > limit) throw new Error(`more than ${limit} combinations`);
  }
  return out;
}
