/**
 * USSD PIN policy: what a PIN may be, whether it is chosen on a basic phone (ussd/menu.ts) or on
 * the web Security page (set-up-ussd-access.ts). How wrong PINs slow further tries is
 * core/accounts/pin-slowdown.ts.
 *
 * Guarantees
 * - A PIN is exactly 5 ASCII digits.
 * - A trivially guessable PIN is refused when chosen: one digit repeated (00000) or a run that
 *   steps by one up or down (12345, 98765, 89012 wraps too). These are the first PINs anyone tries.
 */
export const PIN_LENGTH = 5;

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
