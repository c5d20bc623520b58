/**
 * The interface's translations (i18next).
 *
 * Guarantees:
 * - English, the default and the fallback of every missing text, is bundled with the app; French,
 *   Kinyarwanda and Kiswahili are chunks of their own, fetched only by a member who uses them
 *   (a first visit downloads one language, not four).
 * - The English texts of the rarer screens (en-screens.ts) are a chunk of their own too:
 *   `loadScreenTexts` fetches them once and adds them to every instance; the routes of those
 *   screens wait for it before rendering, so no raw key ever shows.
 * - `loadLanguage` must have finished before `createI18n` or `changeLanguage` use a language, so
 *   no screen ever shows English first and then switches (main.tsx awaits it before the first
 *   render; `chooseLanguage` before switching).
 */
import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { en, type Messages, type ServerMessages } from '../locales/en.ts';
import { LANGUAGE_STORAGE_KEY, type LanguageCode } from './languages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages; server: ServerMessages };
  }
}

interface Bundle {
  /** English's starts without the rarer screens' texts (`loadScreenTexts` adds them). */
  translation: Partial<Messages>;
  server?: ServerMessages;
}

const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<Bundle>> = {
  fr: () => import('../locales/fr.ts').then((m) => ({ translation: m.fr, server: m.frServer })),
  rw: () => import('../locales/rw.ts').then((m) => ({ translation: m.rw, server: m.rwServer })),
  sw: () => import('../locales/sw.ts').then((m) => ({ translation: m.sw, server: m.swServer })),
};

const loaded = new Map<LanguageCode, Bundle>([['en', { translation: en }]]);
/** The instances made by `createI18n`, to receive the screens' English texts once they arrive. */
const instances = new Set<I18n>();
let screenTexts: Promise<void> | undefined;

/**
 * Fetches the English texts of the rarer screens once (a chunk of its own) and adds them to every
 * instance, as the fallback of any language; a failed fetch (offline) is tried again next time.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('../locales/en-screens.ts').then(
    ({ enScreens }) => {
      loaded.set('en', { translation: { ...en, ...enScreens } });
      for (const instance of instances) instance.addResourceBundle('en', 'translation', enScreens, true, false);
    },
    (error: unknown) => {
      screenTexts = undefined;
      throw error;
    },
  );
  return screenTexts;
}

/** Fetches a language's texts once (a chunk of its own); English is always there. */
export async function loadLanguage(language: LanguageCode): Promise<void> {
  if (loaded.has(language) || language === 'en') return;
  loaded.set(language, await loaders[language]());
}

function resourcesOf(bundle: Bundle): ResourceLanguage {
  return bundle.server === undefined ? { translation: bundle.translation } : { translation: bundle.translation, server: bundle.server };
}

/** An i18next instance in `language` (loaded beforehand with `loadLanguage`, else English shows). */
export function createI18n(language: LanguageCode): I18n {
  const instance = i18next.createInstance();
  // Resources are in memory, so initialisation completes synchronously before the first render.
  void instance.init({
    resources: Object.fromEntries([...loaded].map(([code, bundle]) => [code, resourcesOf(bundle)])),
    lng: language,
    fallbackLng: 'en',
    ns: ['translation', 'server'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instances.add(instance);
  return instance;
}

/** The switcher: the language's texts fetched if needed, then the interface switched (and remembered). */
export async function chooseLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await loadLanguage(language);
  const bundle = loaded.get(language);
  if (bundle !== undefined && !instance.hasResourceBundle(language, 'translation')) {
    for (const [ns, messages] of Object.entries(resourcesOf(bundle))) instance.addResourceBundle(language, ns, messages);
  }
  await instance.changeLanguage(language);
}

/** Keeps <html lang> in step so screen readers and hyphenation use the right language. */
export function syncDocumentLanguage(instance: I18n): void {
  document.documentElement.lang = instance.language;
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}
