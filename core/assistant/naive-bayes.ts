/**
 * A multinomial naive Bayes text classifier over `features` (text.ts), trained once when it is
 * built from labelled phrases. Used twice: for the intent of a message and for its language.
 *
 * Guarantees
 * - Pure and deterministic: the same phrases give the same model, the same text the same answer;
 *   ties go to the label seen first in training.
 * - `classify` answers every label's probability (they sum to 1) best first; a text with no known
 *   feature answers the priors.
 */
import { features } from './text.ts';

export interface LabelledPhrase<L extends string> {
  readonly label: L;
  readonly text: string;
}

export interface Ranked<L extends string> {
  readonly label: L;
  readonly probability: number;
}

/** Laplace smoothing; below 1 because the phrases are short and the vocabulary wide. */
const ALPHA = 0.3;
/** A word says more than one of its n-grams. */
const WORD_WEIGHT = 3;

export class NaiveBayes<L extends string> {
  private readonly labels: L[] = [];
  private readonly counts = new Map<L, Map<string, number>>();
  private readonly totals = new Map<L, number>();
  private readonly vocabulary = new Set<string>();

  constructor(training: readonly LabelledPhrase<L>[]) {
    for (const { label, text } of training) {
      if (!this.counts.has(label)) {
        this.labels.push(label);
        this.counts.set(label, new Map());
        this.totals.set(label, 0);
      }
      const counts = this.counts.get(label)!;
      for (const feature of features(text)) {
        const weight = feature.startsWith('w:') ? WORD_WEIGHT : 1;
        counts.set(feature, (counts.get(feature) ?? 0) + weight);
        this.totals.set(label, this.totals.get(label)! + weight);
        this.vocabulary.add(feature);
      }
    }
  }

  classify(text: string): Ranked<L>[] {
    const known = features(text).filter((f) => this.vocabulary.has(f));
    const v = this.vocabulary.size;
    const logs = this.labels.map((label) => {
      const counts = this.counts.get(label)!;
      const denominator = this.totals.get(label)! + ALPHA * v;
      // Uniform priors: a label with more phrases should not win by having more of them.
      let log = 0;
      for (const feature of known) {
        const weight = feature.startsWith('w:') ? WORD_WEIGHT : 1;
        log += weight * Math.log(((counts.get(feature) ?? 0) + ALPHA) / denominator);
      }
      return log;
    });
    const top = Math.max(...logs);
    const scaled = logs.map((log) => Math.exp(log - top));
    const sum = scaled.reduce((a, b) => a + b, 0);
    return this.labels
      .map((label, i) => ({ label, probability: scaled[i]! / sum, order: i }))
      .sort((a, b) => b.probability - a.probability || a.order - b.order)
      .map(({ label, probability }) => ({ label, probability }));
  }
}
