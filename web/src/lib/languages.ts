/**
 * Interface languages (spec part 1 §2.2, §9).
 *
 * Guarantees:
 * - Only en, fr, rw and sw are ever chosen; English is the default.
 * - An explicit choice in the language switcher wins, then the language the member registered
 *   with, then the browser's languages, then English.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'rw', label: 'Kinyarwanda' },
  { code: 'sw', label: 'Kiswahili' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

// The switcher's choice must survive reloads (the page reloads on every sign-in and sign-out).
export const LANGUAGE_STORAGE_KEY = 'ikimina_language';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

/** 'fr-CA' → 'fr', 'RW' → 'rw'; undefined when it is none of the four. */
function baseLanguage(tag: string | null | undefined): LanguageCode | undefined {
  const base = tag?.toLowerCase().split('-')[0];
  return isLanguageCode(base) ? base : undefined;
}

export function pickLanguage(
  stored: string | null,
  registered: string | null | undefined,
  browser: readonly string[],
): LanguageCode {
  return (
    baseLanguage(stored) ??
    baseLanguage(registered) ??
    browser.map(baseLanguage).find((code) => code !== undefined) ??
    DEFAULT_LANGUAGE
  );
}
