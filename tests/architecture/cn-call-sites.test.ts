/**
 * `cn()` is clsx and nothing more (issue 16: tailwind-merge, 8 kB brotli of the entry and ~60 ms
 * of a throttled first render, is gone from the bundle). It is equivalent to the old
 * `twMerge(clsx(…))` as long as no `cn()` in the app ever receives two classes that conflict:
 * then twMerge removes nothing (a duplicate token at most, which changes no style). This file
 * proves that for the app's real call sites, reading web/src at test time, and fails when a new
 * call site brings a conflicting pair or a class value it cannot follow.
 *
 * What it covers, exhaustively:
 * - Every `cn(…)` call in web/src (.ts, .tsx, tests excluded). Its arguments are followed
 *   through string literals, templates, `&&`, `||`, `??`, `?:`, local constants, constant
 *   objects indexed (`RING_COLORS[x]`: every value), cva variant functions (`buttonVariants({
 *   variant, size })`: the base and, per variant, the value the call passes: a literal, the
 *   default when absent, every value when not known) and a component's props.
 * - A prop (`className`, `cardClassName`, `variant`, `props.className`, a rest `{...props}`
 *   spread on to an inner component) is followed to every JSX usage of the component in
 *   web/src, instance by instance, through wrappers (Field → Input, SkeletonCards → Skeleton):
 *   each usage's attribute, its default when absent; a boolean prop known at the usage
 *   (`<Skeleton inline />`) picks its branch of a `?:` or `&&`. So each component is checked
 *   with every className and variant actually passed to it anywhere in the app, not samples.
 *   The parsing and following live in cn-call-sites.ts beside this file.
 * - For each such instance, every pair of classes that can be present together (an earlier
 *   argument's class and a later one's, or two classes of one string; two branches of one `?:`
 *   never are) is given to tailwind-merge, the oracle: `twMerge('a b') !== 'a b'` is a conflict,
 *   one twMerge would have resolved and plain clsx leaves to the stylesheet's order. twMerge
 *   removes a class only because of a later conflicting one, so no conflicting pair means
 *   `twMerge(clsx(args))` equals `clsx(args)` up to duplicates, for every combination of the
 *   conditions.
 * - A class value it cannot follow (a value from data, a function's parameter, an unknown
 *   spread on a component whose cn() reads className, a component with props in its cn() and no
 *   JSX usage found) fails the test by name, so the proof cannot silently shrink.
 *
 * What it cannot cover:
 * - Conflicts tailwind-merge itself does not know (then the old cn() did not resolve them
 *   either: the equivalence still holds, the CSS order decides as before).
 * - A component rendered other than by a JSX tag of its imported name (createElement, passed as
 *   a value, a lazy alias from deferredComponent, a re-export) with a className: none in web/src
 *   today. A component with no usage found at all fails the test if its cn() reads a prop, but
 *   one rendered both ways would be checked with its JSX usages only.
 * - Classes joined outside cn(): radix's Slot (`asChild`) concatenates its own and the child's
 *   className, `className={`…`}` templates. They never went through twMerge, so nothing changed.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cn } from '../../web/src/lib/cn.ts';
import { analyseCnCallSites, conflicts } from './cn-call-sites.ts';

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/src');
const { calls: CALLS, results: RESULTS } = analyseCnCallSites(WEB_SRC);

describe('cn() without tailwind-merge', () => {
  it('is clsx: joins truthy classes in order and keeps every one', () => {
    expect(cn('px-4 py-2', false && 'hidden', undefined, ['text-sm', { 'font-bold': true, italic: false }])).toBe('px-4 py-2 text-sm font-bold');
  });

  it('reads the app: every cn() call site with the contexts it is rendered in', () => {
    expect(CALLS).toBeGreaterThan(40);
    // Button alone is rendered in well over a hundred places; each is a context of its cn().
    expect(RESULTS.length).toBeGreaterThan(300);
    // The oracle works: a known conflict is seen.
    expect(conflicts([[['px-4']], [['px-2']]])).toEqual(['px-4 × px-2']);
  });

  it('follows every class value of every call site (none from data, no unknown spread, no unused component)', () => {
    expect(RESULTS.filter((r) => r.unresolved).map((r) => `${r.where}: ${r.unresolved}`)).toEqual([]);
  });

  it('never gives one cn() two classes that tailwind-merge would merge (so clsx equals twMerge(clsx))', () => {
    expect(RESULTS.filter((r) => r.conflicts.length > 0).map((r) => `${r.where}: ${r.conflicts.join(', ')}`)).toEqual([]);
  });
});
