/**
 * PIN policy of the USSD channel: what a PIN may be and when USSD access locks.
 *
 * Guarantees
 * - A PIN is exactly 5 ASCII digits.
 * - A trivially guessable PIN is refused when chosen: one digit repeated (00000) or a run that
 *   steps by one up or down (12345, 98765, 89012 wraps too). These are the first PINs anyone tries.
 * - Lock-out: the 3rd wrong PIN in a row locks USSD access of that phone for 30 minutes, counted
 *   from that attempt; a right PIN clears the count; after the lock the count starts again at 0.
 *   The count belongs to the phone, not to the session, so hanging up and dialling again does
 *   not grant new attempts.
 */
export const PIN_LENGTH = 5;
export const MAX_WRONG_PINS = 3;
export const LOCK_MINUTES = 30;

export type PinFormatError = 'pin_format' | 'pin_weak';

export function isPinShaped(text: string): boolean {
  return /^\d{5}$/.test(text);
}

export function checkNewPin(text: string): PinFormatError | null {
  if (!isPinShaped(text)) return 'pin_format';
  const digits = [...text].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10));
  const single = steps.size === 1 ? [...steps][0] : undefined;
  return single === 0 || single === 1 || single === 9 ? 'pin_weak' : null;
}

/** Wrong PINs in a row and the lock they caused, kept per phone number. ISO instant or null. */
export interface PinAccess {
  readonly wrongInARow: number;
  readonly lockedUntil: string | null;
}

export const FRESH_PIN_ACCESS: PinAccess = { wrongInARow: 0, lockedUntil: null };

export function lockedUntil(access: PinAccess, now: Date): Date | null {
  if (access.lockedUntil === null) return null;
  const until = new Date(access.lockedUntil);
  return until.getTime() > now.getTime() ? until : null;
}

export type PinAttemptOutcome =
  | { readonly kind: 'right' }
  | { readonly kind: 'wrong'; readonly attemptsLeft: number }
  | { readonly kind: 'locked'; readonly until: Date };

export function recordPinAttempt(access: PinAccess, right: boolean, now: Date): { access: PinAccess; outcome: PinAttemptOutcome } {
  if (right) return { access: FRESH_PIN_ACCESS, outcome: { kind: 'right' } };
  const wrong = access.wrongInARow + 1;
  if (wrong < MAX_WRONG_PINS) {
    return { access: { wrongInARow: wrong, lockedUntil: access.lockedUntil }, outcome: { kind: 'wrong', attemptsLeft: MAX_WRONG_PINS - wrong } };
  }
  const until = new Date(now.getTime() + LOCK_MINUTES * 60_000);
  return { access: { wrongInARow: 0, lockedUntil: until.toISOString() }, outcome: { kind: 'locked', until } };
}
