import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx). It does not merge conflicting Tailwind classes: a component's classes
 * that a caller may replace are a variant or a prop of their own (Button's size and align, Card's
 * tone, Skeleton's rounded, DialogContent's maxWidth…), never a second class in `className`.
 * tests/architecture/cn-call-sites.test.ts reads every call site of web/src and fails if one can
 * get two classes that tailwind-merge would have merged (issue 16: tailwind-merge was 6.7 kB
 * brotli of the entry and ~60 ms of a throttled first render).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
