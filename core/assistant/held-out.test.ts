import { describe, expect, it } from 'vitest';
import { UNDERSTANDING } from './assistant.fixtures.ts';
import { evaluate } from './evaluation.ts';
import { INTENTS, LANGUAGES } from './intents.ts';
import { HELD_OUT } from './phrases/held-out.ts';
import { TRAINING } from './phrases/training.ts';
import { normalise } from './text.ts';

/** The regression bar of `npm test`; `npm run eval:assistant` prints the figures (aim: 90 %). */
const BAR = 0.8;

describe('the built-in assistant on held-out phrases', () => {
  const scores = evaluate(UNDERSTANDING, HELD_OUT);

  it.each(LANGUAGES)('understands at least 80 %% of the held-out %s phrases', (language) => {
    const score = scores.find((s) => s.language === language)!;
    expect(score.total).toBeGreaterThanOrEqual(40);
    expect(score.accuracy, JSON.stringify(score.confusions)).toBeGreaterThanOrEqual(BAR);
  });

  it('never trains on a held-out phrase (none is also a training phrase, in normal form)', () => {
    const training = new Set(LANGUAGES.flatMap((l) => INTENTS.flatMap((i) => TRAINING[l][i].map(normalise))));
    const leaked = LANGUAGES.flatMap((l) => INTENTS.flatMap((i) => HELD_OUT[l][i].filter((p) => training.has(normalise(p)))));
    expect(leaked).toEqual([]);
  });

  it('has phrases for every intent in every language', () => {
    for (const l of LANGUAGES) for (const i of INTENTS) expect(TRAINING[l][i].length, `${l} ${i}`).toBeGreaterThanOrEqual(5);
  });
});
