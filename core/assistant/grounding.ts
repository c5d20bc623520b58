/**
 * Grounding: a model's answer may state only numbers that the tools returned (or the member
 * wrote). Anything else is treated as invented and the built-in answer is used instead.
 *
 * Guarantees
 * - Numbers are compared by value in a normal form: "12,500", "12 500" (also with a no-break or a
 *   narrow no-break space, French's mark), "12.500", "12500.00" and "12500"
 *   are one number; "0.5" and "0,5" are one number; a date's parts count as numbers.
 * - A text with no number is grounded.
 */

/** Every number written in `text`, each as a canonical decimal string. */
export function numbersIn(text: string): string[] {
  const joined = text.replace(/(\d)[ \u00a0\u202f](?=\d{3}\b)/g, '$1');
  const found = joined.match(/\d+(?:[.,]\d+)*/g) ?? [];
  return found.flatMap((raw) => {
    // "12,500.00" / "12.500" / "1,234,567": thousands separators; "0,5" / "12.5": a decimal.
    const parts = raw.split(/[.,]/);
    const thousands = parts.length > 1 && parts.slice(1).every((p, i) => p.length === 3 || (i === parts.length - 2 && p.length === 2 && parts.length > 2));
    let canonical: string;
    if (thousands) {
      const last = parts[parts.length - 1]!;
      canonical = last.length === 2 ? `${parts.slice(0, -1).join('')}.${last}` : parts.join('');
    } else if (parts.length === 2) canonical = `${parts[0]}.${parts[1]}`;
    else return parts.map((p) => String(Number(p)));
    return [String(Number(canonical))];
  });
}

/** True when every number in `answer` is among the numbers of `evidence`. */
export function isGrounded(answer: string, evidence: readonly string[]): boolean {
  const allowed = new Set(evidence.flatMap(numbersIn));
  return numbersIn(answer).every((n) => allowed.has(n));
}

/** The leaf values of a tool result, each as text: evidence read value by value, never as one JSON text ("[8,10]" is two numbers). */
export function leaves(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return value === null || value === undefined ? [] : [String(value)];
}
