import { describe, expect, it } from 'vitest';
import { enScreens } from '../locales/en-screens.ts';
import { createI18n, loadScreenTexts } from './i18n.ts';

// Which screens may use these texts is checked in tests/architecture/screen-texts.test.ts.
describe('the rarer screens’ English texts (en-screens.ts)', () => {
  it('are added to existing and later instances once fetched', async () => {
    const before = createI18n('en');
    expect(before.t('legal.backToHome')).toBe('legal.backToHome');
    await loadScreenTexts();
    expect(before.t('legal.backToHome')).toBe('Back to Home');
    expect(createI18n('en').t('pay.loading')).toBe(enScreens.pay.loading);
    expect(createI18n('en').t('nav.dashboard')).toBe('Dashboard');
  });
});
