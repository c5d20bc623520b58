/**
 * Entities in a member's message: amounts (a loan amount or a budget), a loan term in months,
 * and the name of one of the member's own groups.
 *
 * Guarantees
 * - Amounts are whole francs read as people write them: "50000", "50,000", "50 000", "50.000",
 *   "50k", "1.5m", "1m", "ibihumbi 50" (rw), "elfu 50" (sw), "miliyoni 1"/"milioni 1"; a number
 *   that is a term ("12 months", "amezi 12", "miezi 12", "12 mois", "2 years") is never an amount.
 * - The term is in whole months; years count 12 months ("umwaka", "mwaka", "an", "year").
 * - A group name is found only among the names given (the member's own groups), longest first,
 *   compared in normal form (text.ts), so nobody else's group can be named back.
 */
import { normalise } from './text.ts';

export interface Entities {
  /** Whole francs, in the order written. */
  readonly amounts: readonly number[];
  readonly termMonths: number | null;
  readonly groupName: string | null;
}

const MONTH_WORDS = new Set(['month', 'months', 'mois', 'amezi', 'ukwezi', 'mezi', 'miezi', 'mwezi']);
const YEAR_WORDS = new Set(['year', 'years', 'an', 'ans', 'annee', 'annees', 'umwaka', 'imyaka', 'myaka', 'mwaka', 'miaka']);
/** Kinyarwanda and Swahili put the number after the word ("amezi 6", "miezi 6"); English and French before. */
const NUMBER_AFTER = new Set(['amezi', 'ukwezi', 'mezi', 'miezi', 'mwezi', 'umwaka', 'imyaka', 'myaka', 'mwaka', 'miaka']);
const THOUSAND_WORDS = new Set(['ibihumbi', 'elfu', 'mille', 'thousand']);
const MILLION_WORDS = new Set(['miliyoni', 'milioni', 'million', 'millions', 'milliyoni']);
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, six: 6, twelve: 12, un: 1, une: 1, deux: 2, trois: 3, douze: 12,
  rimwe: 1, umwe: 1, ibiri: 2, itatu: 3, atatu: 3, esheshatu: 6, cumi: 10, moja: 1, mmoja: 1, mbili: 2, miwili: 2, tatu: 3, sita: 6,
};

/** "50,000" "50 000" "50.000" "1.5m" "50k" in the raw text, made one token each before normalising. */
function joinNumbers(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d)[ ,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/(\d)[ ,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/(\d+)[.,](\d+)\s*(m|k)\b/g, (_all, whole: string, part: string, unit: string) => String(Math.round(Number(`${whole}.${part}`) * (unit === 'm' ? 1_000_000 : 1_000))))
    .replace(/(\d+)\s*k\b/g, (_all, n: string) => String(Number(n) * 1_000))
    .replace(/(\d+)\s*m\b/g, (_all, n: string) => String(Number(n) * 1_000_000))
    .replace(/(\d+)(rwf|frw|frs)\b/g, '$1 $2');
}

function numberAt(tokens: readonly string[], i: number): number | null {
  const token = tokens[i];
  if (token === undefined) return null;
  if (/^\d+$/.test(token)) return Number(token);
  return NUMBER_WORDS[token] ?? null;
}

export function extractEntities(text: string, groupNames: readonly string[] = []): Entities {
  const tokens = normalise(joinNumbers(text)).split(' ').filter(Boolean);
  const amounts: number[] = [];
  let termMonths: number | null = null;
  const used = new Set<number>();
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const months = MONTH_WORDS.has(token) ? 1 : YEAR_WORDS.has(token) ? 12 : 0;
    if (months > 0 && termMonths === null) {
      // "12 months" / "12 mois", "amezi 12" / "miezi 12"; "umwaka umwe", "mwaka mmoja"; a bare "year" = 1.
      const order = NUMBER_AFTER.has(token) ? [i + 1, i - 1] : [i - 1, i + 1];
      const at = order.find((j) => !used.has(j) && numberAt(tokens, j) !== null);
      const count = at === undefined ? null : numberAt(tokens, at);
      // "an" is also English's article: a year only with its number ("un an", "2 ans").
      if (count === null && (token === 'an' || token === 'ans')) continue;
      if (at !== undefined) used.add(at);
      termMonths = (count ?? 1) * months;
      continue;
    }
    if (THOUSAND_WORDS.has(token) || MILLION_WORDS.has(token)) {
      const factor = THOUSAND_WORDS.has(token) ? 1_000 : 1_000_000;
      const after = numberAt(tokens, i + 1);
      const before = numberAt(tokens, i - 1);
      if (after !== null && !used.has(i + 1)) {
        amounts.push(after * factor);
        used.add(i + 1);
      } else if (before !== null && !used.has(i - 1)) {
        amounts.push(before * factor);
        used.add(i - 1);
      }
      continue;
    }
  }
  for (let i = 0; i < tokens.length; i += 1) {
    if (used.has(i)) continue;
    const token = tokens[i]!;
    if (/^\d+$/.test(token)) amounts.push(Number(token));
  }
  return { amounts, termMonths, groupName: findGroupName(text, groupNames) };
}

/** The longest of `names` written in `text` as whole words, in normal form. */
export function findGroupName(text: string, names: readonly string[]): string | null {
  const haystack = ` ${normalise(text)} `;
  const found = names
    .filter((name) => normalise(name) !== '' && haystack.includes(` ${normalise(name)} `))
    .sort((a, b) => b.length - a.length);
  return found[0] ?? null;
}
