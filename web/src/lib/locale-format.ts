/**
 * Dates, times and numbers in the member's language (en, fr, rw, sw), through Intl.
 *
 * Guarantees:
 * - Numbers (and so amounts) are always written with the language's defined marks (rw: 1.234.567,5;
 *   sw: 1,234,567.5; fr: 1 234 567,5; en: 1,234,567.5), the same the server writes in
 *   notifications and the assistant's answers (core/money/number-format.ts; a test keeps the two
 *   tables equal): one number format per language everywhere, whatever the browser's ICU holds.
 * - When the runtime has the language's locale data, Intl formats its dates (Africa/Kigali time).
 * - When it lacks it (Chromium's ICU often has no Kinyarwanda, and then Intl silently answers in
 *   English), a defined format is used instead: the language's month names, day-month-year order,
 *   a 24-hour clock, and its digit grouping and decimal marks (rw: 1.234.567,5; sw: 1,234,567.5;
 *   fr: 1 234 567,5). The figures themselves still come from Intl in English (always present),
 *   so the time zone and rounding are the same either way.
 * - An unknown language reads as English.
 */
export const TIME_ZONE = 'Africa/Kigali';

export type DateStyle = 'medium' | 'short' | 'monthYear';

export interface LocaleFormats {
  /** The BCP 47 tag Intl uses, or null when the defined fallback is in use. */
  readonly intlLocale: string | null;
  number(value: number, options?: { minimumFractionDigits?: number; maximumFractionDigits?: number }): string;
  date(at: Date, style?: DateStyle): string;
  time(at: Date): string;
}

interface DefinedFormat {
  months: readonly string[];
  group: string;
  decimal: string;
}

/** The defined formats, used where the runtime lacks the locale (CLDR's marks, full month names). */
export const DEFINED_FORMATS: Record<'en' | 'fr' | 'rw' | 'sw', DefinedFormat> = {
  en: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    group: ',',
    decimal: '.',
  },
  fr: {
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    group: '\u202f',
    decimal: ',',
  },
  rw: {
    months: ['Mutarama', 'Gashyantare', 'Werurwe', 'Mata', 'Gicurasi', 'Kamena', 'Nyakanga', 'Kanama', 'Nzeri', 'Ukwakira', 'Ugushyingo', 'Ukuboza'],
    group: '.',
    decimal: ',',
  },
  sw: {
    months: ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'],
    group: ',',
    decimal: '.',
  },
};

/** Whether this runtime's Intl has real data for `tag` (not a silent fallback to another language). */
export function runtimeSupports(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 && Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

const baseOf = (language: string): keyof typeof DEFINED_FORMATS => {
  const base = language.toLowerCase().split('-')[0];
  return base === 'fr' || base === 'rw' || base === 'sw' ? base : 'en';
};

const cache = new Map<string, LocaleFormats>();

export function localeFormats(language: string, supports: (tag: string) => boolean = runtimeSupports): LocaleFormats {
  const base = baseOf(language);
  const key = `${base}:${supports === runtimeSupports ? 'runtime' : 'given'}`;
  const cached = supports === runtimeSupports ? cache.get(key) : undefined;
  if (cached) return cached;
  const made = base === 'en' || supports(base) ? intlFormats(base) : definedFormats(DEFINED_FORMATS[base]);
  if (supports === runtimeSupports) cache.set(key, made);
  return made;
}

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium', timeZone: TIME_ZONE },
  short: { dateStyle: 'short', timeZone: TIME_ZONE },
  monthYear: { month: 'long', year: 'numeric', timeZone: TIME_ZONE },
};

function intlFormats(locale: string): LocaleFormats {
  const dates = new Map<DateStyle, Intl.DateTimeFormat>();
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
  return {
    intlLocale: locale,
    // Numbers always in the defined marks, the ones the server writes too (core/money/number-format.ts).
    number: definedNumber(DEFINED_FORMATS[baseOf(locale)]),
    date: (at, style = 'medium') => {
      let format = dates.get(style);
      if (!format) dates.set(style, (format = new Intl.DateTimeFormat(locale, DATE_OPTIONS[style])));
      return format.format(at);
    },
    time: (at) => time.format(at),
  };
}

const kigaliParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  const parts = Object.fromEntries(kigaliParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** Figures from Intl in English (always present), written with the language's marks. */
function definedNumber(format: DefinedFormat): LocaleFormats['number'] {
  return (value, options) =>
    new Intl.NumberFormat('en-US', options)
      .formatToParts(value)
      .map((part) => (part.type === 'group' ? format.group : part.type === 'decimal' ? format.decimal : part.value))
      .join('');
}

function definedFormats(format: DefinedFormat): LocaleFormats {
  return {
    intlLocale: null,
    number: definedNumber(format),
    date: (at, style = 'medium') => {
      const { year, month, day } = partsOf(at);
      if (style === 'short') return `${two(day)}/${two(month)}/${year}`;
      if (style === 'monthYear') return `${format.months[month - 1]} ${year}`;
      return `${day} ${format.months[month - 1]} ${year}`;
    },
    time: (at) => {
      const { hour, minute } = partsOf(at);
      return `${two(hour)}:${two(minute)}`;
    },
  };
}
