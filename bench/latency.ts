/** Latency figures for the benches' reports (bench:dashboard, bench:ussd, bench:soak). */

/** The p-th percentile (nearest rank) of the values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Milliseconds in a column of 8. */
export function ms(value: number): string {
  return value.toFixed(1).padStart(8);
}
