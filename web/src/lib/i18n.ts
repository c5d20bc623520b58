/**
 * The interface's translations: a small translator of our own (docs/decisions/0056-the-signed-in-dashboard-s-critical-path-sixth-pass.md,
 * "Translations without i18next").
 *
 * Guarantees:
 * - English, the default and the fallback of every missing text, is bundled with the app; French,
 *   Kinyarwanda and Kiswahili are chunks of their own, fetched only by a member who uses them
 *   (a first visit downloads one language, not four).
 * - The English texts of the rarer screens (en-screens.ts) are a chunk of their own too:
 *   `loadScreenTexts` fetches them once and adds them to every translator; the routes of those
 *   screens wait for it before rendering, so no raw key ever shows.
 * - `loadLanguage` must have finished before `createI18n` or `chooseLanguage` use a language, so
 *   no screen ever shows English first and then switches (main.tsx awaits it before the first
 *   render; `chooseLanguage` before switching).
 * - `t(key, values)`: the text at the dotted key in the language, else in English, else
 *   `values.defaultValue`, else the key itself; `{{name}}` is replaced by `values.name` (null
 *   reads as nothing, a name without a value stays as written). `server:<code>` reads the
 *   server's texts. Keys are checked by the compiler against English (`TranslationKey`).
 * - Plurals: a text may be a set of plural forms (`{ one: '{{count}} day', other: '{{count}} days' }`,
 *   Intl.PluralRules' categories, `other` always present); `t(key, { count })` picks the form
 *   the language's rules give for `count` (Kinyarwanda, which Intl may lack, uses one/other like
 *   its grammar), falling back to `other`. No text writes "day(s)".
 */
import { en, type Messages, type ServerMessages } from '../locales/en.ts';
import { LANGUAGE_STORAGE_KEY, type LanguageCode } from './languages.ts';

/** Every text's dotted key ('nav.dashboard'), and the server's texts as 'server:<code>'. */
export type TranslationKey = LeafKeys<Messages> | `server:${keyof ServerMessages & string}`;
type LeafKeys<T> = { [K in keyof T & string]: T[K] extends string ? K : T[K] extends PluralForms ? (Exclude<keyof T[K], keyof PluralForms> extends never ? K : `${K}.${LeafKeys<T[K]>}`) : `${K}.${LeafKeys<T[K]>}` }[keyof T & string];

/** A text in plural forms, by Intl.PluralRules category; `other` is always there. */
export interface PluralForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/** The values a text's `{{name}}` placeholders take, and the text to show when the key has none. */
export type TranslationValues = { defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

/** A text tree: nested objects whose leaves are strings. */
interface Texts {
  [key: string]: string | Texts;
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
/** The translators made by `createI18n`, to receive the screens' English texts once they arrive. */
const instances = new Set<Translator>();
let screenTexts: Promise<void> | undefined;

/**
 * Fetches the English texts of the rarer screens once (a chunk of its own) and adds them to every
 * translator, as the fallback of any language; a failed fetch (offline) is tried again next time.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('../locales/en-screens.ts').then(
    ({ enScreens }) => {
      loaded.set('en', { translation: { ...en, ...enScreens } });
      for (const instance of instances) instance.addTexts('en', enScreens);
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

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `language` ('one', 'other'…); English's rules when the runtime lacks the language. */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    const tag = Intl.PluralRules.supportedLocalesOf([language]).length > 0 ? language : 'en';
    pluralRules.set(language, (rules = new Intl.PluralRules(tag)));
  }
  return rules.select(count);
}

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const isPluralForms = (node: Texts): boolean => typeof node.other === 'string' && Object.keys(node).every((key) => PLURAL_CATEGORIES.has(key));

function lookUp(texts: Texts | undefined, path: string, language: string, count: unknown): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  if (node !== undefined && typeof node !== 'string' && isPluralForms(node)) {
    const form: string | Texts | undefined = typeof count === 'number' ? node[pluralCategory(language, count)] : undefined;
    return typeof form === 'string' ? form : (node.other as string);
  }
  return typeof node === 'string' ? node : undefined;
}

function fill(text: string, values: TranslationValues | undefined): string {
  if (values === undefined) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : value === null ? '' : String(value);
  });
}

/** Adds what `from` has and `into` lacks, at every depth; what `into` has stays. */
function addMissing(into: Texts, from: Texts): Texts {
  const merged: Texts = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const present = merged[key];
    if (present === undefined) merged[key] = value;
    else if (typeof present !== 'string' && typeof value !== 'string') merged[key] = addMissing(present, value);
  }
  return merged;
}

/** The texts of the interface in one language at a time, with English behind every missing one. */
export class Translator {
  private readonly texts = new Map<LanguageCode, { translation: Texts; server?: Texts }>();
  private readonly listeners = new Set<() => void>();
  /** Changes whenever what `t` answers may change (another language, texts added): React re-renders on it. */
  revision = 0;

  constructor(public language: LanguageCode) {}

  readonly t: TFunction = (key, values) => {
    const [namespace, path] = key.startsWith('server:') ? (['server', key.slice('server:'.length)] as const) : (['translation', key] as const);
    const count = values?.count;
    const text = lookUp(this.texts.get(this.language)?.[namespace], path, this.language, count) ?? lookUp(this.texts.get('en')?.[namespace], path, 'en', count);
    return fill(text ?? values?.defaultValue ?? path, values);
  };

  hasLanguage(language: LanguageCode): boolean {
    return this.texts.has(language);
  }

  setLanguageTexts(language: LanguageCode, bundle: Bundle): void {
    this.texts.set(language, { translation: bundle.translation as Texts, server: bundle.server as Texts | undefined });
    this.changed();
  }

  /** Adds texts to a language's interface texts, keeping those it has. */
  addTexts(language: LanguageCode, texts: object): void {
    const current = this.texts.get(language) ?? { translation: {} };
    this.texts.set(language, { ...current, translation: addMissing(current.translation, texts as Texts) });
    this.changed();
  }

  changeLanguage(language: LanguageCode): void {
    if (language === this.language) return;
    this.language = language;
    this.changed();
  }

  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.revision++;
    for (const listener of this.listeners) listener();
  }
}

/** A translator in `language` (loaded beforehand with `loadLanguage`, else English shows). */
export function createI18n(language: LanguageCode): Translator {
  const instance = new Translator(language);
  for (const [code, bundle] of loaded) instance.setLanguageTexts(code, bundle);
  instances.add(instance);
  return instance;
}

/** The switcher: the language's texts fetched if needed, then the interface switched (and remembered). */
export async function chooseLanguage(instance: Translator, language: LanguageCode): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await loadLanguage(language);
  const bundle = loaded.get(language);
  if (bundle !== undefined && !instance.hasLanguage(language)) instance.setLanguageTexts(language, bundle);
  instance.changeLanguage(language);
}

/** Keeps <html lang> in step so screen readers and hyphenation use the right language. */
export function syncDocumentLanguage(instance: Translator): void {
  document.documentElement.lang = instance.language;
  instance.subscribe(() => {
    document.documentElement.lang = instance.language;
  });
}
