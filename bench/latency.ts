/** Latency figures for the benches' reports (bench:dashboard, bench:ussd, bench:soak). */

/** The p-th percentile (nearest rank) of the values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The largest value; NaN for none. A loop, not Math.max(...values): a 10-minute soak holds
 * ~160,000 latencies, more arguments than a call's stack takes. */
export function maximum(values: readonly number[]): number {
  let max = Number.NaN;
  for (const v of values) if (!(v <= max)) max = v;
  return max;
}

/** The smallest value; NaN for none. */
export function minimum(values: readonly number[]): number {
  let min = Number.NaN;
  for (const v of values) if (!(v >= min)) min = v;
  return min;
}

/** Milliseconds in a column of 8. */
export function ms(value: number): string {
  return value.toFixed(1).padStart(8);
}
