import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fr, frServer } from '../locales/fr.ts';
import { chooseLanguage, createI18n, loadLanguage, type TranslationKey } from './i18n.ts';
import { I18nProvider, useTranslation } from './use-translation.ts';

await loadLanguage('fr');

describe('the translator', () => {
  it('reads the dotted key in the language, English behind every text the language lacks', () => {
    const french = createI18n('fr');
    expect(french.t('nav.dashboard')).toBe(fr.nav.dashboard);
    expect(french.t('server:phone_taken')).toBe(frServer.phone_taken);
    french.addTexts('fr', { onlyInTest: 'x' });
    expect(createI18n('fr').t('common.appName')).toBe('Ikimina');
  });

  it('fills {{name}} placeholders: numbers as written, null as nothing, a name without a value left as it is', () => {
    const { t } = createI18n('en');
    expect(t('notifications.unread', { count: 3 })).toBe('3 unread');
    expect(t('notifications.unread', { count: null })).toBe(' unread');
    expect(t('notifications.unread')).toBe('{{count}} unread');
    expect(t('notifications.unread', { other: 1 })).toBe('{{count}} unread');
  });

  it('picks a plural form by the language\'s rules: no "day(s)" text, `other` when the count is missing', async () => {
    await loadLanguage('rw');
    const english = createI18n('en');
    expect(english.t('loans.credit.detail.tenure', { count: 1 })).toBe('Member for 1 month');
    expect(english.t('loans.credit.detail.tenure', { count: 0 })).toBe('Member for 0 months');
    expect(english.t('loans.credit.detail.tenure', { count: 5 })).toBe('Member for 5 months');
    expect(english.t('loans.credit.detail.tenure')).toBe('Member for {{count}} months');
    const kinyarwanda = createI18n('rw');
    expect(kinyarwanda.t('loans.credit.detail.tenure', { count: 1 })).toBe('Umaze ukwezi 1 uri umunyamuryango');
    expect(kinyarwanda.t('loans.credit.detail.tenure', { count: 3 })).toBe('Umaze amezi 3 uri umunyamuryango');
    // French counts 0 as singular.
    expect(createI18n('fr').t('loans.credit.detail.groups', { count: 0 })).toBe('Membre de 0 tontine');
    expect(createI18n('fr').t('loans.credit.detail.groups', { count: 2 })).toBe('Membre de 2 tontines');
  });

  it('answers the default value, else the key, for a text nobody has (a server code without a translation, a key not loaded)', () => {
    const { t } = createI18n('en');
    expect(t('server:phone_taken', { defaultValue: 'This number is taken.' })).toBe('This number is taken.');
    expect(t('server:phone_taken')).toBe('phone_taken');
    expect(t('nav' as TranslationKey)).toBe('nav');
    expect(t('nav.dashboard.deeper' as TranslationKey)).toBe('nav.dashboard.deeper');
  });

  it('adds texts without replacing those it has, at every depth', () => {
    const english = createI18n('en');
    english.addTexts('en', { nav: { dashboard: 'Replaced', extra: 'Added' } });
    expect(english.t('nav.dashboard')).toBe('Dashboard');
    expect(english.t('nav.extra' as TranslationKey)).toBe('Added');
  });

  it('switches language, tells its subscribers and keeps <html lang>-style listeners in step', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) });
    const translator = createI18n('en');
    const seen: string[] = [];
    const unsubscribe = translator.subscribe(() => seen.push(translator.language));
    const before = translator.revision;
    await chooseLanguage(translator, 'fr');
    expect(translator.t('nav.dashboard')).toBe(fr.nav.dashboard);
    expect(seen.at(-1)).toBe('fr');
    expect(translator.revision).toBeGreaterThan(before);
    unsubscribe();
    await chooseLanguage(translator, 'en');
    expect(seen.at(-1)).toBe('fr');
    vi.unstubAllGlobals();
  });
});

describe('useTranslation', () => {
  it('renders in the provider’s language and refuses to run without a provider', () => {
    function Title() {
      const { t, i18n } = useTranslation();
      return createElement('h1', { lang: i18n.language }, t('nav.dashboard'));
    }
    expect(renderToStaticMarkup(createElement(I18nProvider, { i18n: createI18n('fr') }, createElement(Title)))).toBe(`<h1 lang="fr">${fr.nav.dashboard}</h1>`);
    expect(() => renderToStaticMarkup(createElement(Title))).toThrow(/I18nProvider/);
  });
});
