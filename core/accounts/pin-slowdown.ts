/**
 * USSD PIN slow-down: how wrong PINs slow further tries of a phone, without a fixed lock that a
 * stranger could keep renewing (docs/decisions/0014-security-phone-network-gateway.md).
 *
 * Guarantees
 * - Counted per phone, across its sessions: hanging up and dialling again grants no new tries.
 * - The first FREE_WRONG_PINS wrong PINs in a row cost nothing (typos). Each further wrong PIN
 *   makes the phone wait before its next try: 1, 2, 4, 8, then 15 minutes (MAX_DELAY_MS) at most,
 *   counted from that wrong PIN. So a guesser gets at most 4 tries an hour, while the owner is
 *   never kept out longer than 15 minutes after the last wrong PIN anyone typed.
 * - A try during the wait is refused unchecked and counts for nothing: it neither grows nor
 *   renews the wait, so hammering gains nothing and costs the owner nothing.
 * - A right PIN clears everything. A run of wrong PINs is forgotten STREAK_MEMORY_MS after its
 *   last one, so an old attack does not slow the owner's typo months later.
 * - Pure: state in, state out, plain JSON (an ISO instant or null), stored per phone.
 */
export const FREE_WRONG_PINS = 2;
export const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 15 * 60_000;
export const STREAK_MEMORY_MS = 24 * 60 * 60_000;

export interface PinAccess {
  /** Wrong PINs in a row, by any session of the phone. */
  readonly wrongInARow: number;
  /** The last of them (ISO), or null. */
  readonly lastWrongAt: string | null;
  /** No try is checked before this instant (ISO), or null. */
  readonly retryAt: string | null;
}

export const FRESH_PIN_ACCESS: PinAccess = { wrongInARow: 0, lastWrongAt: null, retryAt: null };

export type PinAttemptOutcome =
  | { readonly kind: 'right' }
  /** Wrong, and the next try may come at once; `attemptsLeft` before tries are slowed. */
  | { readonly kind: 'wrong'; readonly attemptsLeft: number }
  /** Wrong, and the next try is checked from `until` on. */
  | { readonly kind: 'slowed'; readonly until: Date };

/** The wait after the `wrongInARow`-th wrong PIN in a row. */
export function delayAfter(wrongInARow: number): number {
  const slowed = wrongInARow - FREE_WRONG_PINS;
  if (slowed <= 0) return 0;
  // Doubling stops at the cap long before 2 ** n could overflow.
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(slowed - 1, 16));
}

/** When a try may be checked again; null: now. */
export function slowedUntil(access: PinAccess, now: Date): Date | null {
  if (access.retryAt === null) return null;
  const until = new Date(access.retryAt);
  return until.getTime() > now.getTime() ? until : null;
}

/** A checked try (never one refused by `slowedUntil`): the new state and what to tell the caller. */
export function recordPinAttempt(access: PinAccess, right: boolean, now: Date): { access: PinAccess; outcome: PinAttemptOutcome } {
  if (right) return { access: FRESH_PIN_ACCESS, outcome: { kind: 'right' } };
  const remembered = access.lastWrongAt !== null && now.getTime() - new Date(access.lastWrongAt).getTime() < STREAK_MEMORY_MS;
  const wrongInARow = (remembered ? access.wrongInARow : 0) + 1;
  const delay = delayAfter(wrongInARow);
  const lastWrongAt = now.toISOString();
  if (delay === 0) {
    return { access: { wrongInARow, lastWrongAt, retryAt: null }, outcome: { kind: 'wrong', attemptsLeft: FREE_WRONG_PINS + 1 - wrongInARow } };
  }
  const until = new Date(now.getTime() + delay);
  return { access: { wrongInARow, lastWrongAt, retryAt: until.toISOString() }, outcome: { kind: 'slowed', until } };
}
