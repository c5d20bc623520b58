import type { LanguageCode } from '../../../lib/languages.ts';
import type { LegalContent } from './types.ts';

// One chunk per language, loaded with /privacy or /terms: the long texts never weigh on other pages.
const LOADERS: Record<LanguageCode, () => Promise<{ content: LegalContent }>> = {
  en: () => import('./en.ts'),
  fr: () => import('./fr.ts'),
  rw: () => import('./rw.ts'),
  sw: () => import('./sw.ts'),
};

export async function loadLegalContent(language: string): Promise<LegalContent> {
  return (await (LOADERS[language as LanguageCode] ?? LOADERS.en)()).content;
}
