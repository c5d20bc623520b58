import type { TFunction } from './i18n.ts';
import { localeFormats } from './locale-format.ts';
import { relativeTime } from './relative-time.ts';

/** The relative time of `when` as the member reads it ('Just now', '5m ago' … or a date). */
export function relativeTimeText(t: TFunction, language: string, when: Date, now: Date = new Date()): string {
  const ago = relativeTime(when, now);
  switch (ago.unit) {
    case 'justNow':
      return t('time.justNow');
    case 'minutes':
      return t('time.minutesAgo', { count: ago.count });
    case 'hours':
      return t('time.hoursAgo', { count: ago.count });
    case 'days':
      return t('time.daysAgo', { count: ago.count });
    case 'date':
      return localeFormats(language).date(when);
  }
}
