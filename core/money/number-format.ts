/**
 * One way to write numbers per language, for every text a person reads: the web's screens
 * (web/src/lib/locale-format.ts holds the same marks; tests/architecture/number-format.test.ts
 * checks they agree) and every text the server writes (notifications, SMS, the assistant's answers).
 *
 * | language | 1234567.5     | amount          |
 * |----------|---------------|-----------------|
 * | en       | 1,234,567.5   | 12,500 RWF      |
 * | fr       | 1 234 567,5   | 12 500 RWF      |  (narrow no-break space U+202F, as CLDR)
 * | rw       | 1.234.567,5   | 12.500 RWF      |
 * | sw       | 1,234,567.5   | 12,500 RWF      |
 *
 * Guarantees: digits are Western; whole francs show no decimals, centimes two; an unknown language
 * writes English.
 */
export const NUMBER_MARKS = {
  en: { group: ',', decimal: '.' },
  fr: { group: '\u202f', decimal: ',' },
  rw: { group: '.', decimal: ',' },
  sw: { group: ',', decimal: '.' },
} as const satisfies Record<string, { group: string; decimal: string }>;

export type NumberLanguage = keyof typeof NUMBER_MARKS;

const marksOf = (language: string) => NUMBER_MARKS[(language in NUMBER_MARKS ? language : 'en') as NumberLanguage];

/** Whole digits and an optional fraction ("12500", "0.50") written with the language's marks. */
export function writeDigits(whole: string, fraction: string, language: string): string {
  const { group, decimal } = marksOf(language);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction === '' ? grouped : `${grouped}${decimal}${fraction}`;
}

/** An integer or decimal number in the language's marks (up to `fractionDigits` decimals, trailing zeros dropped). */
export function formatNumber(value: number, language: string, fractionDigits = 2): string {
  const negative = value < 0;
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(fractionDigits).split('.');
  return `${negative ? '-' : ''}${writeDigits(whole, fraction.replace(/0+$/, ''), language)}`;
}

const ENGLISH_AMOUNT = /(-?)(\d{1,3}(?:,\d{3})*)(?:\.(\d{2}))? RWF/g;

/**
 * A text whose amounts were written in English ("12,500 RWF", Money.format()) with them written in
 * the language's marks: the notices' parameters are made before the reader's language is known.
 */
export function localizeAmounts(text: string, language: string): string {
  if (language === 'en') return text;
  return text.replace(ENGLISH_AMOUNT, (_all, sign: string, whole: string, cents: string | undefined) => `${sign}${writeDigits(whole.replace(/,/g, ''), cents ?? '', language)} RWF`);
}
