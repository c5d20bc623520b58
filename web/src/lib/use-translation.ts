/**
 * The translator in React: `I18nProvider` gives the app its translator (main.tsx makes it in the
 * member's language) and `useTranslation()` hands a component `t` and the translator.
 *
 * Guarantees: a component re-renders when the language changes or texts arrive (the screens'
 * English, a language fetched by the switcher), and `t` is then a new function, so a memo or an
 * effect that depends on `t` (a form's schema with its messages) runs again in the new language.
 */
import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { TFunction, Translator } from './i18n.ts';

const TranslatorContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18n }, children);
}

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  if (i18n === null) throw new Error('useTranslation needs an <I18nProvider> above it');
  const revision = useSyncExternalStore(
    (listener) => i18n.subscribe(listener),
    () => i18n.revision,
    () => i18n.revision,
  );
  // A new `t` per revision: deps on `t` see the change (the translator's own `t` never changes).
  return useMemo(() => ({ t: ((key, values) => i18n.t(key, values)) as TFunction, i18n }), [i18n, revision]);
}
