/**
 * The Idempotency-Key of a money-moving click (paying a contribution, applying for a loan,
 * repaying one).
 *
 * Guarantees:
 * - One press gets one fresh key; sending that same request again (a network failure, a second
 *   press while the first is unanswered) reuses it, so the member is never charged or lent twice.
 * - A different request (any field differs) or a new attempt after the previous one was answered
 *   gets a new key.
 */
export interface RequestAttempt<R extends Record<string, string>> {
  key: string;
  request: R;
  /** The server answered: the key has done its job. */
  answered: boolean;
}

function sameRequest<R extends Record<string, string>>(a: R, b: R): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

export function attemptFor<R extends Record<string, string>>(previous: RequestAttempt<R> | null, request: R, newKey: () => string): RequestAttempt<R> {
  const same = previous !== null && !previous.answered && sameRequest(previous.request, request);
  return same ? previous : { key: newKey(), request, answered: false };
}
