/**
 * The rule of facial KYC: a face model's similarity becomes a percent, `matchConfidence`, and a
 * comparison verifies the member at 80 % or more (spec part 1 §1, DOMAIN.md "Identity").
 *
 * Guarantees
 * - `matchPercent` is monotone (a higher similarity never gives a lower percent), continuous, and
 *   maps 0 → 0 %, the model's calibrated cut-off → exactly 80 %, 1 → 100 %; linear on each side
 *   of the cut-off. The percent is rounded to one decimal, as it is shown.
 * - `isVerified` decides on that rounded percent, so what the member sees and what was decided
 *   never disagree: 79.9 % is not verified, 80.0 % is.
 * - Attempts are limited per member (`KYC_ATTEMPTS`): each comparison costs about half a second
 *   of CPU (bench/README.md).
 */

/** The spec's threshold: verified at 80 % or more. */
export const VERIFIED_AT_PERCENT = 80;

/** Comparisons a member may start per window (a refused attempt counts too). */
export const KYC_ATTEMPTS = { perWindow: 5, windowSeconds: 3600 } as const;

/**
 * The similarity as a percent. `cutoff` is the model's similarity that must read as exactly 80 %
 * (FaceModel.cutoffSimilarity, calibrated on our pairs): the raw similarity of a heuristic model
 * is no probability, so it is stretched linearly on [0, cutoff] onto [0, 80] and on [cutoff, 1]
 * onto [80, 100].
 */
export function matchPercent(similarity: number, cutoff: number): number {
  if (!(cutoff > 0 && cutoff < 1)) throw new RangeError(`cut-off similarity must be inside (0, 1), got ${cutoff}`);
  const s = Number.isFinite(similarity) ? Math.min(1, Math.max(0, similarity)) : 0;
  const percent = s <= cutoff ? (s / cutoff) * VERIFIED_AT_PERCENT : VERIFIED_AT_PERCENT + ((s - cutoff) / (1 - cutoff)) * (100 - VERIFIED_AT_PERCENT);
  return Math.round(percent * 10) / 10;
}

export function isVerified(percent: number): boolean {
  return percent >= VERIFIED_AT_PERCENT;
}
