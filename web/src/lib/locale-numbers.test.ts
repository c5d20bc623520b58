/**
 * One number format per language in the texts themselves (core/money/number-format.ts): a figure
 * written into a locale text uses its language's marks (rw 10.000, fr 10 000 with U+202F, en and
 * sw 10,000), and an amount is written "10,000 RWF", never "RWF 10,000".
 */
import { describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { enScreens } from '../locales/en-screens.ts';
import { fr } from '../locales/fr.ts';
import { rw } from '../locales/rw.ts';
import { sw } from '../locales/sw.ts';

function leaves(tree: unknown, path = '', into: [string, string][] = []): [string, string][] {
  if (typeof tree === 'string') into.push([path, tree]);
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) leaves(value, path ? `${path}.${key}` : key, into);
  return into;
}

/** Thousands written with another language's mark (a phone number's groups are not thousands). */
const WRONG_GROUPING: Record<string, RegExp> = {
  en: /\d[.\u00a0\u202f]\d{3}(?!\d)|\d (?:\d{3})(?![\d ])/,
  sw: /\d[.\u00a0\u202f]\d{3}(?!\d)|\d (?:\d{3})(?![\d ])/,
  rw: /\d[,\u00a0\u202f]\d{3}(?!\d)|\d (?:\d{3})(?![\d ])/,
  fr: /\d[,.\u00a0]\d{3}(?!\d)/,
};

describe('numbers written in the locale texts', () => {
  it.each([
    ['en', { ...en, ...enScreens }],
    ['fr', fr],
    ['rw', rw],
    ['sw', sw],
  ] as const)('%s: thousands in the language\'s marks, amounts as "N RWF"', (code, texts) => {
    const wrong = leaves(texts).filter(([, text]) => WRONG_GROUPING[code]!.test(text.replace(/\+?\d{3,4} \d{3} \d{3}/g, '')) || /RWF \d/.test(text));
    expect(wrong.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
