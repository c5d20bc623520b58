import { useMemo } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { localeFormats } from '../lib/locale-format.ts';
import { formatRwf, parseCentimes, type Centimes } from '../lib/money.ts';

/** Amounts and dates in the member's language (lib/locale-format.ts); '—' for anything missing or unreadable. */
export function useFormatters() {
  const { i18n, t } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const formats = localeFormats(locale);
    const date = (value: string | null | undefined, style: 'medium' | 'short' | 'monthYear' = 'medium') => {
      if (!value) return '—';
      const at = new Date(value);
      return Number.isNaN(at.getTime()) ? '—' : formats.date(at, style);
    };
    return {
      money: (amount: string | number | null | undefined) => formatRwf(parseCentimes(amount), locale, t('common.rwf')),
      centimes: (centimes: Centimes | null) => formatRwf(centimes, locale, t('common.rwf')),
      date,
      /** A rate such as 13.5 in the member's language, without the % sign. */
      percent: (value: number) => formats.number(value, { maximumFractionDigits: 2 }),
      number: (value: number) => formats.number(value),
      time: (value: string | Date) => {
        const at = new Date(value);
        return Number.isNaN(at.getTime()) ? '—' : formats.time(at);
      },
      frequency: (frequency: string | null | undefined) => {
        if (frequency === 'daily' || frequency === 'weekly' || frequency === 'monthly') return t(`frequency.${frequency}`);
        return frequency ?? '—';
      },
    };
  }, [locale, t]);
}
