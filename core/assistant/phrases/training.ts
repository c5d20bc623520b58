/** Every training phrase, labelled with its intent and its language (the held-out sets stay out). */
import { INTENTS, type Intent, type Language, type PhraseSet } from '../intents.ts';
import { EN } from './en.ts';
import { FR } from './fr.ts';
import { RW } from './rw.ts';
import { SW } from './sw.ts';

export const TRAINING: Readonly<Record<Language, PhraseSet>> = { en: EN, fr: FR, rw: RW, sw: SW };

export interface TrainingPhrase {
  readonly intent: Intent;
  readonly language: Language;
  readonly text: string;
}

export function labelled(sets: Readonly<Record<Language, PhraseSet>>): TrainingPhrase[] {
  return (Object.keys(sets) as Language[]).flatMap((language) => INTENTS.flatMap((intent) => sets[language][intent].map((text) => ({ intent, language, text }))));
}
