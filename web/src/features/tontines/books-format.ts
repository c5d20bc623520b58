/**
 * How a movement's reference fits one line of a 360 px screen: a provider's reference may be a
 * long id (a UUID, `payout:<group id>:<cycle>`), so a long one keeps its head and its tail (where
 * a cycle or an attempt number is) around an ellipsis; the whole one stays in the row's title.
 */
const KEEP_HEAD = 8;
const KEEP_TAIL = 6;

export function shortReference(reference: string): string {
  return reference.length <= KEEP_HEAD + KEEP_TAIL + 1 ? reference : `${reference.slice(0, KEEP_HEAD)}…${reference.slice(-KEEP_TAIL)}`;
}

/** Money in is shown with a plus, money out with a minus (a typographic one), each before the amount's size. */
export function signedParts(amount: string): { sign: '+' | '−'; size: string; out: boolean } {
  const out = amount.startsWith('-');
  return { sign: out ? '−' : '+', size: out ? amount.slice(1) : amount, out };
}
