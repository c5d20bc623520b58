import { describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { createI18n, loadLanguage } from './i18n.ts';
import { providerReasonText } from './provider-reason.ts';

await loadLanguage('rw');

describe('a provider failure reason in words', () => {
  const { t } = createI18n('en');
  it('reads the providers\' codes as one of six reasons, never the code', () => {
    expect(providerReasonText(t, 'en', 'INTERNAL_PROCESSING_ERROR')).toBe(en.payments.reasons.unavailable);
    expect(providerReasonText(t, 'en', 'APPROVAL_REJECTED')).toBe(en.payments.reasons.declined);
    expect(providerReasonText(t, 'en', 'NOT_ENOUGH_FUNDS')).toBe(en.payments.reasons.funds);
    expect(providerReasonText(t, 'en', 'EXPIRED')).toBe(en.payments.reasons.expired);
    expect(providerReasonText(t, 'en', 'PAYER_LIMIT_REACHED')).toBe(en.payments.reasons.limit);
    expect(providerReasonText(t, 'en', 'PAYER_NOT_FOUND')).toBe(en.payments.reasons.account);
    expect(providerReasonText(t, 'en', 'SOMETHING_NEW')).toBe(en.payments.failedText);
    expect(providerReasonText(t, 'en', null)).toBe(en.payments.failedText);
  });

  it('shows a sentence only in its own language (English), else the general text', () => {
    expect(providerReasonText(t, 'en', 'Wrong PIN entered')).toBe('Wrong PIN entered');
    const rw = createI18n('rw');
    expect(providerReasonText(rw.t, 'rw', 'Wrong PIN entered')).toBe(rw.t('payments.failedText'));
    expect(providerReasonText(rw.t, 'rw', 'INTERNAL_PROCESSING_ERROR')).toBe(rw.t('payments.reasons.unavailable'));
    expect(rw.t('payments.reasons.unavailable')).not.toBe(en.payments.reasons.unavailable);
  });
});
