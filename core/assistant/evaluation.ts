/**
 * Measuring the intent classifier on held-out phrases: accuracy per language and the pairs it
 * confuses (expected → answered), most frequent first. Used by `npm run eval:assistant` and by
 * held-out.test.ts.
 */
import { INTENTS, type Intent, type Language, type PhraseSet } from './intents.ts';
import type { MessageUnderstanding } from './understand.ts';

export interface LanguageScore {
  readonly language: Language;
  readonly total: number;
  readonly correct: number;
  readonly accuracy: number;
  readonly confusions: readonly { expected: Intent; answered: Intent; count: number; examples: string[] }[];
}

export function evaluate(model: MessageUnderstanding, heldOut: Readonly<Record<Language, PhraseSet>>): LanguageScore[] {
  return (Object.keys(heldOut) as Language[]).map((language) => {
    let total = 0;
    let correct = 0;
    const confusions = new Map<string, { expected: Intent; answered: Intent; count: number; examples: string[] }>();
    for (const expected of INTENTS) {
      for (const text of heldOut[language][expected]) {
        total += 1;
        const answered = model.understand(text, language).intent;
        if (answered === expected) correct += 1;
        else {
          const key = `${expected}>${answered}`;
          const entry = confusions.get(key) ?? { expected, answered, count: 0, examples: [] };
          entry.count += 1;
          entry.examples.push(text);
          confusions.set(key, entry);
        }
      }
    }
    return { language, total, correct, accuracy: total === 0 ? 0 : correct / total, confusions: [...confusions.values()].sort((a, b) => b.count - a.count) };
  });
}
