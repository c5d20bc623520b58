import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey, namesMatch, nameWords } from './person-name.ts';

const word = fc.stringMatching(/^[a-z]{2,10}$/);
const MARKS = ['\u0301', '\u0300', '\u0302', '\u0308', '\u0327'];

/** The same words written another way: shuffled, split anywhere between first and last name, in any case, with accents and odd spacing. */
const rewritten = (words: string[]) =>
  fc
    .record({
      order: fc.shuffledSubarray(words, { minLength: words.length, maxLength: words.length }),
      cut: fc.nat(),
      upper: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
      marks: fc.array(fc.integer({ min: -8, max: MARKS.length - 1 }), { minLength: 64, maxLength: 64 }),
      separators: fc.array(fc.constantFrom(' ', '  ', '-', ' - ', '\t', ' \u00a0'), { minLength: 16, maxLength: 16 }),
      composed: fc.boolean(),
    })
    .map(({ order, cut, upper, marks, separators, composed }) => {
      let i = 0;
      const dress = (w: string) =>
        [...w].map((c) => {
          const mark = marks[i % marks.length]!;
          const letter = (upper[i++ % upper.length] ? c.toUpperCase() : c) + (mark >= 0 ? MARKS[mark]! : '');
          return composed ? letter.normalize('NFC') : letter;
        }).join('');
      const join = (ws: string[]) => ws.map((w, k) => (k === 0 ? '' : separators[k % separators.length]) + dress(w)).join('');
      const at = cut % (order.length + 1);
      return [`  ${join(order.slice(0, at))} `, join(order.slice(at))] as const;
    });

describe('names compared with a registry record', () => {
  it('folds case, accents, hyphens and apostrophes into plain words', () => {
    expect(nameWords('  Jean-Paul  NIYONZIMA ')).toEqual(['jean', 'paul', 'niyonzima']);
    expect(nameWords('Thérèse MUKAMANA')).toEqual(['therese', 'mukamana']);
    expect(nameWords("N'Guessan")).toEqual(['nguessan']);
    expect(nameKey('Uwimana', 'Marie Claire')).toEqual(['claire', 'marie', 'uwimana']);
  });

  it('matches the same names in any order, case, accents and spacing', () => {
    expect(namesMatch(['jean bosco', 'habimana'], ['HABIMANA', 'Jean Bosco'])).toBe(true);
    expect(namesMatch(['Therese', 'Mukamana'], ['Thérèse', 'MUKAMANA'])).toBe(true);
    expect(namesMatch(['Jean Paul', 'Niyonzima'], ['Jean-Paul', 'NIYONZIMA'])).toBe(true);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 5 }).chain((words) => fc.tuple(fc.constant(words), rewritten(words), rewritten(words))),
        ([, given, recorded]) => namesMatch(given, recorded),
      ),
    );
  });

  it('tells different names apart: a word missing, added or changed', () => {
    expect(namesMatch(['Jean', 'Habimana'], ['Jean Bosco', 'HABIMANA'])).toBe(false);
    expect(namesMatch(['Jean Bosco', 'Habimana'], ['Jean', 'HABIMANA'])).toBe(false);
    expect(namesMatch(['Jean Bosco', 'Habimana'], ['Jean Bosco', 'HAKIZIMANA'])).toBe(false);
    expect(namesMatch(['--', ' '], ['--', ' '])).toBe(false);
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 2, maxLength: 6 }), fc.nat(), (words, drop) => {
        const fewer = words.filter((_, i) => i !== drop % words.length);
        return !namesMatch([fewer.join(' '), ''], [words.join(' '), '']);
      }),
    );
  });
});
