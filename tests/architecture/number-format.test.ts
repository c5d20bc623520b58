/**
 * One number format per language everywhere: the marks the web writes numbers and amounts with
 * (web/src/lib/locale-format.ts) are the ones the server writes its texts with
 * (core/money/number-format.ts: notifications, SMS, the assistant's answers). The two sides cannot
 * import each other (the web stays web), so this test holds them equal.
 */
import { describe, expect, it } from 'vitest';
import { Money } from '../../core/money/money.ts';
import { NUMBER_MARKS, formatNumber, localizeAmounts } from '../../core/money/number-format.ts';
import { DEFINED_FORMATS, localeFormats } from '../../web/src/lib/locale-format.ts';
import { formatRwf } from '../../web/src/lib/money.ts';

const LANGUAGES = ['en', 'fr', 'rw', 'sw'] as const;

describe('one number format per language, web and server', () => {
  it('has the same grouping and decimal marks on both sides', () => {
    for (const language of LANGUAGES) {
      expect({ group: DEFINED_FORMATS[language].group, decimal: DEFINED_FORMATS[language].decimal }, language).toEqual(NUMBER_MARKS[language]);
    }
  });

  it('writes the same amounts and numbers on both sides, whatever the runtime knows of the language', () => {
    for (const language of LANGUAGES) {
      for (const centimes of [0, 200_000, 1_250_050, 123_456_789_00, -5_000_00]) {
        expect(formatRwf(centimes, language), language).toBe(Money.ofCentimes(centimes).format(language));
      }
      expect(localeFormats(language).number(1234567.5, { maximumFractionDigits: 2 })).toBe(formatNumber(1234567.5, language));
    }
    expect(Money.ofFrancs(2_000).format('rw')).toBe('2.000 RWF');
    expect(Money.ofFrancs(2_000).format('en')).toBe('2,000 RWF');
    expect(Money.ofFrancs(2_000).format('fr')).toBe('2\u202f000 RWF');
  });

  it('rewrites the English amounts of a server text in the reader\'s format, and nothing else', () => {
    expect(localizeAmounts('Paid 12,500 RWF and 1,000.50 RWF on 2026-03-10 (3 of 4)', 'rw')).toBe('Paid 12.500 RWF and 1.000,50 RWF on 2026-03-10 (3 of 4)');
    expect(localizeAmounts('Paid 12,500 RWF', 'en')).toBe('Paid 12,500 RWF');
    expect(localizeAmounts('500 RWF', 'fr')).toBe('500 RWF');
  });
});
