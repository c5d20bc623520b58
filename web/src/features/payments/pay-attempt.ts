/**
 * The Idempotency-Key of a Pay click.
 *
 * Guarantees:
 * - One press of Pay gets one fresh key; sending that same request again (a network failure, a
 *   second press while the first is unanswered) reuses it, so the member is never charged twice.
 * - A different request (another phone number, another contribution) or a new attempt after the
 *   previous one reached an outcome gets a new key.
 */
export interface PayAttempt {
  key: string;
  contributionId: string;
  phoneNumber: string;
  /** The server answered with a Payment: the key has done its job. */
  answered: boolean;
}

export function attemptFor(
  previous: PayAttempt | null,
  request: { contributionId: string; phoneNumber: string },
  newKey: () => string,
): PayAttempt {
  const same = previous !== null && !previous.answered && previous.contributionId === request.contributionId && previous.phoneNumber === request.phoneNumber;
  return same ? previous : { key: newKey(), ...request, answered: false };
}
