import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from './money.ts';
import { formatNumber, localizeAmounts, NUMBER_MARKS, type NumberLanguage } from './number-format.ts';

const LANGUAGES = Object.keys(NUMBER_MARKS) as NumberLanguage[];

/** The number a person reads back: group marks dropped, the decimal mark a point. */
const readBack = (written: string, language: NumberLanguage) => {
  const { group, decimal } = NUMBER_MARKS[language];
  return Number(written.split(group).join('').replace(decimal, '.'));
};

describe('number format', () => {
  it('writes each language’s marks, Western digits, dropping trailing zeros', () => {
    expect(LANGUAGES.map((l) => formatNumber(1234567.5, l))).toEqual(['1,234,567.5', '1\u202f234\u202f567,5', '1.234.567,5', '1,234,567.5']);
    expect([formatNumber(-1000, 'rw'), formatNumber(0.5, 'fr'), formatNumber(12, 'en'), formatNumber(2.345, 'en', 1)]).toEqual(['-1.000', '0,5', '12', '2.3']);
    expect(formatNumber(1234.5, 'xx')).toBe('1,234.5');
  });

  it('property: whatever the language, the number written reads back as the number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom(...LANGUAGES), (whole, cents, language) => {
        const value = whole + Math.sign(whole || 1) * cents / 100;
        return Math.abs(readBack(formatNumber(value, language), language) - value) < 0.005;
      }),
    );
  });

  it('rewrites the English amounts of a text in the reader’s language, and only amounts', () => {
    const text = `Paid ${Money.ofFrancs(12_500).format()} of ${Money.ofCentimes(100_050).format()} in cycle 1,234; refund ${Money.ofFrancs(-300).format()}`;
    expect(localizeAmounts(text, 'en')).toBe(text);
    expect(localizeAmounts(text, 'rw')).toBe('Paid 12.500 RWF of 1.000,50 RWF in cycle 1,234; refund -300 RWF');
    expect(localizeAmounts(text, 'fr')).toBe('Paid 12\u202f500 RWF of 1\u202f000,50 RWF in cycle 1,234; refund -300 RWF');
  });

  it('property: an amount localized from English reads as the amount Money writes in that language', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), fc.constantFrom(...LANGUAGES), (centimes, language) => {
        const money = Money.ofCentimes(centimes);
        return localizeAmounts(`due: ${money.format()}.`, language) === `due: ${money.format(language)}.`;
      }),
    );
  });
});
