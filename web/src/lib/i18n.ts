import i18next, { type i18n as I18n } from 'i18next';
import { en, type Messages, type ServerMessages } from '../locales/en.ts';
import { fr, frServer } from '../locales/fr.ts';
import { rw, rwServer } from '../locales/rw.ts';
import { sw, swServer } from '../locales/sw.ts';
import { LANGUAGE_STORAGE_KEY, type LanguageCode } from './languages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages; server: ServerMessages };
  }
}

export function createI18n(language: LanguageCode): I18n {
  const instance = i18next.createInstance();
  // Resources are bundled, so initialisation completes synchronously before the first render.
  void instance.init({
    resources: {
      en: { translation: en },
      fr: { translation: fr, server: frServer },
      rw: { translation: rw, server: rwServer },
      sw: { translation: sw, server: swServer },
    },
    lng: language,
    fallbackLng: 'en',
    ns: ['translation', 'server'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function chooseLanguage(instance: I18n, language: LanguageCode): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  void instance.changeLanguage(language);
}

/** Keeps <html lang> in step so screen readers and hyphenation use the right language. */
export function syncDocumentLanguage(instance: I18n): void {
  document.documentElement.lang = instance.language;
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}
