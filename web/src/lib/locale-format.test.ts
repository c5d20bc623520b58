import { describe, expect, it } from 'vitest';
import { DEFINED_FORMATS, localeFormats, runtimeSupports } from './locale-format.ts';

// 25 November 2026, 22:30 UTC = 26 November 2026, 00:30 in Kigali (UTC+2).
const LATE = new Date('2026-11-25T22:30:00Z');
const lacking = () => false;

describe('localeFormats: the member language through Intl, a defined format where the runtime lacks it', () => {
  it('formats with Intl when the runtime has the locale, in Kigali time', () => {
    const fr = localeFormats('fr', () => true);
    expect(fr.intlLocale).toBe('fr');
    expect(fr.date(LATE)).toBe(new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeZone: 'Africa/Kigali' }).format(LATE));
    expect(fr.date(LATE)).toContain('26');
    expect(fr.number(1234567.5, { maximumFractionDigits: 2 })).toBe(new Intl.NumberFormat('fr', { maximumFractionDigits: 2 }).format(1234567.5));
  });

  it('Kinyarwanda without locale data: Kinyarwanda month names, day-month-year, 24-hour clock, 1.234.567,5', () => {
    const rw = localeFormats('rw', lacking);
    expect(rw.intlLocale).toBeNull();
    expect(rw.date(LATE)).toBe('26 Ugushyingo 2026');
    expect(rw.date(LATE, 'short')).toBe('26/11/2026');
    expect(rw.date(LATE, 'monthYear')).toBe('Ugushyingo 2026');
    expect(rw.time(LATE)).toBe('00:30');
    expect(rw.number(1234567.5, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('1.234.567,5');
    expect(rw.number(5000)).toBe('5.000');
  });

  it('Kiswahili and French fallbacks use their own months and marks', () => {
    expect(localeFormats('sw', lacking).date(new Date('2026-03-03T10:00:00Z'))).toBe('3 Machi 2026');
    expect(localeFormats('sw', lacking).number(12500.25, { maximumFractionDigits: 2 })).toBe('12,500.25');
    expect(localeFormats('fr-RW', lacking).number(12500.25, { maximumFractionDigits: 2 })).toBe('12\u202f500,25');
    expect(localeFormats('fr', lacking).date(new Date('2026-08-01T10:00:00Z'))).toBe('1 août 2026');
  });

  it('English and unknown languages always use Intl in English', () => {
    expect(localeFormats('en', lacking).intlLocale).toBe('en');
    expect(localeFormats('de', lacking).intlLocale).toBe('en');
  });

  it('asks the runtime by default, and every defined format has twelve months', () => {
    expect(runtimeSupports('en')).toBe(true);
    expect(localeFormats('rw').intlLocale === null).toBe(!runtimeSupports('rw'));
    expect(localeFormats('rw')).toBe(localeFormats('rw'));
    for (const format of Object.values(DEFINED_FORMATS)) expect(format.months).toHaveLength(12);
  });
});
