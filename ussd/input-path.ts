/**
 * Input path: Africa's Talking sends every input of a session so far in `text`, joined by `*`
 * (PROVIDERS §1a). This turns it into inputs and folds the navigation keys.
 *
 * Guarantees
 * - The first request's empty text is no input at all; `1**2` holds an empty input in the middle.
 * - Each input keeps `at`, its position in the raw text: the session's one-time events (a PIN
 *   checked, a payment asked) are keyed by it, because AT never rewrites an earlier input.
 * - Folding: `0` removes the input before it (back), `00` removes every input before it (home);
 *   neither is ever itself part of the folded path.
 * - A text over MAX_TEXT_LENGTH characters or MAX_INPUTS inputs is refused before it is split, so
 *   a 10 kB text costs one length check.
 */
export const MAX_TEXT_LENGTH = 500;
export const MAX_INPUTS = 60;
export const BACK = '0';
export const HOME = '00';

export interface Input {
  readonly value: string;
  readonly at: number;
}

export type SplitText = { readonly ok: true; readonly inputs: readonly Input[] } | { readonly ok: false; readonly error: 'text_too_long' };

export function splitText(text: string): SplitText {
  if (text.length > MAX_TEXT_LENGTH) return { ok: false, error: 'text_too_long' };
  if (text === '') return { ok: true, inputs: [] };
  const values = text.split('*');
  if (values.length > MAX_INPUTS) return { ok: false, error: 'text_too_long' };
  return { ok: true, inputs: values.map((value, at) => ({ value: value.trim(), at })) };
}

/** The path the member is on after applying back and home to `inputs`. */
export function foldNavigation(inputs: readonly Input[]): Input[] {
  const path: Input[] = [];
  for (const input of inputs) {
    if (input.value === HOME) path.length = 0;
    else if (input.value === BACK) path.pop();
    else path.push(input);
  }
  return path;
}
