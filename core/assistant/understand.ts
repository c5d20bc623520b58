/**
 * Understanding a message: its language, its intent and its entities, from the phrase sets kept
 * in this folder (phrases/), learnt once when the model is built.
 *
 * Guarantees
 * - Trained on the training phrases only; the held-out phrases (phrases/held-out-*.ts) never
 *   reach the model (held-out.test.ts measures on them).
 * - The language is the member's saved one unless the message is clearly in another: at least
 *   two words and ≥ 90 % for that language, or ≥ 99 % for a single word ("bonjour").
 * - A message with no word or n-gram the model knows is `off_topic`, never a guess.
 */
import { extractEntities, type Entities } from './entities.ts';
import { INTENTS, LANGUAGES, type Intent, type Language, type PhraseSet } from './intents.ts';
import { NaiveBayes, type Ranked } from './naive-bayes.ts';
import { labelled } from './phrases/training.ts';
import { features, words } from './text.ts';

export interface Understanding {
  readonly language: Language;
  readonly intent: Intent;
  /** The intent's probability under the model, 0–1. */
  readonly confidence: number;
  readonly entities: Entities;
}

export class MessageUnderstanding {
  private readonly intents: NaiveBayes<Intent>;
  private readonly languages: NaiveBayes<Language>;
  private readonly known: Set<string>;

  constructor(training: Readonly<Record<Language, PhraseSet>>) {
    const phrases = labelled(training);
    this.intents = new NaiveBayes(phrases.map((p) => ({ label: p.intent, text: p.text })));
    this.languages = new NaiveBayes(phrases.map((p) => ({ label: p.language, text: p.text })));
    this.known = new Set(phrases.flatMap((p) => features(p.text)));
  }

  rankIntents(text: string): Ranked<Intent>[] {
    return this.intents.classify(text);
  }

  language(text: string, saved: Language): Language {
    const [top] = this.languages.classify(text);
    if (!top || top.label === saved || !features(text).some((f) => this.known.has(f))) return saved;
    const count = words(text).length;
    return (count >= 2 && top.probability >= 0.9) || top.probability >= 0.99 ? top.label : saved;
  }

  understand(text: string, saved: Language, groupNames: readonly string[] = []): Understanding {
    const language = this.language(text, saved);
    const entities = extractEntities(text, groupNames);
    if (!features(text).some((f) => this.known.has(f))) return { language, intent: 'off_topic', confidence: 1, entities };
    const [top] = this.rankIntents(text);
    return { language, intent: top!.label, confidence: top!.probability, entities };
  }
}

export const isIntent = (value: string): value is Intent => (INTENTS as readonly string[]).includes(value);
export const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);
