import { describe, expect, it, vi } from 'vitest';

// Which screens may use these texts is checked in tests/architecture/screen-texts.test.ts.
describe('the rarer screens’ English texts (en-screens.ts)', () => {
  it('are added to existing and later instances once fetched', async () => {
    // A fresh i18n module: files of a worker share their modules (vitest.config.ts), and another
    // file may have fetched the texts already.
    vi.resetModules();
    const { createI18n, loadScreenTexts } = await import('./i18n.ts');
    const { enScreens } = await import('../locales/en-screens.ts');
    const before = createI18n('en');
    expect(before.t('legal.backToHome')).toBe('legal.backToHome');
    await loadScreenTexts();
    expect(before.t('legal.backToHome')).toBe('Back to Home');
    expect(createI18n('en').t('pay.loading')).toBe(enScreens.pay.loading);
    expect(createI18n('en').t('nav.dashboard')).toBe('Dashboard');
  });
});
