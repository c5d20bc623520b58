import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRwf, parseCentimes, type Centimes } from '../lib/money.ts';

/** Amounts and dates in the member's language; '—' for anything missing or unreadable. */
export function useFormatters() {
  const { i18n, t } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const date = (value: string | null | undefined, style: 'medium' | 'short' = 'medium') => {
      if (!value) return '—';
      const at = new Date(value);
      return Number.isNaN(at.getTime()) ? '—' : at.toLocaleDateString(locale, { dateStyle: style, timeZone: 'Africa/Kigali' });
    };
    return {
      money: (amount: string | number | null | undefined) => formatRwf(parseCentimes(amount), locale, t('common.rwf')),
      centimes: (centimes: Centimes | null) => formatRwf(centimes, locale, t('common.rwf')),
      date,
      /** A rate such as 13.5 in the member's language, without the % sign. */
      percent: (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value),
      time: (value: string) => new Date(value).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Kigali' }),
      frequency: (frequency: string | null | undefined) => {
        if (frequency === 'daily' || frequency === 'weekly' || frequency === 'monthly') return t(`frequency.${frequency}`);
        return frequency ?? '—';
      },
    };
  }, [locale, t]);
}
