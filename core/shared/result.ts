/**
 * Result: what a rule or a use case returns when a user can cause the failure.
 *
 * Guarantees
 * - Expected failures are values with a stable snake_case code naming the broken rule
 *   (`tontine_is_full`), never exceptions. Exceptions are kept for broken invariants and
 *   infrastructure faults.
 * - The codes a function can return are written in its signature.
 */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E extends string> = { readonly ok: false; readonly error: E };
export type Result<T, E extends string> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E extends string>(error: E): Err<E> => ({ ok: false, error });

/** The one refusal of a limit on attempts, in every module: the code and the seconds to wait. */
export type RateLimited = Err<'rate_limited'> & { readonly retryAfterSeconds: number };

/** Refused for `waitSeconds` (at least one second, so that a client never retries at once). */
export const rateLimited = (waitSeconds: number): RateLimited => ({ ok: false, error: 'rate_limited', retryAfterSeconds: Math.max(1, waitSeconds) });

/** Thrown when code finds a state the rules forbid: a bug, never a user's mistake. */
export class InvariantViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvariantViolation';
  }
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantViolation(message);
}
