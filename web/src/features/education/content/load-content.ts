import type { LanguageCode } from '../../../lib/languages.ts';
import type { EducationContent } from './types.ts';

// One chunk per language, loaded with the /education route: the lessons never weigh on other pages.
const LOADERS: Record<LanguageCode, () => Promise<{ content: EducationContent }>> = {
  en: () => import('./en.ts'),
  fr: () => import('./fr.ts'),
  rw: () => import('./rw.ts'),
  sw: () => import('./sw.ts'),
};

export async function loadEducationContent(language: string): Promise<EducationContent> {
  const loader = LOADERS[language as LanguageCode] ?? LOADERS.en;
  return (await loader()).content;
}
