/**
 * A PostgreSQL array literal for one query parameter (`?::uuid[]`). MikroORM expands a JavaScript
 * array parameter into a list of parameters, so arrays travel as one text literal instead.
 *
 * Guarantees
 * - Every element is double-quoted with `"` and `\` escaped, so no element can break out of the
 *   literal; null becomes SQL NULL. An empty array is `{}`.
 */
export function sqlArray(values: readonly (string | number | boolean | null)[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`));
  return `{${items.join(',')}}`;
}
