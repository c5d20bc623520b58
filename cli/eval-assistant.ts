/**
 * `npm run eval:assistant`: the built-in assistant's intent accuracy on the held-out phrases of
 * each language (never trained on), and the intents it confuses.
 */
import { evaluate } from '../core/assistant/evaluation.ts';
import { HELD_OUT } from '../core/assistant/phrases/held-out.ts';
import { TRAINING } from '../core/assistant/phrases/training.ts';
import { MessageUnderstanding } from '../core/assistant/understand.ts';

const model = new MessageUnderstanding(TRAINING);
const scores = evaluate(model, HELD_OUT);
for (const s of scores) {
  console.log(`${s.language}: ${(s.accuracy * 100).toFixed(1)} % (${s.correct}/${s.total})`);
  for (const c of s.confusions) console.log(`   ${c.expected} → ${c.answered} ×${c.count}: ${c.examples.map((e) => JSON.stringify(e)).join(', ')}`);
}
const all = scores.reduce((a, s) => ({ c: a.c + s.correct, t: a.t + s.total }), { c: 0, t: 0 });
console.log(`all: ${((all.c / all.t) * 100).toFixed(1)} % (${all.c}/${all.t})`);
