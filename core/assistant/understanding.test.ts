import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UNDERSTANDING } from './assistant.fixtures.ts';
import { extractEntities, findGroupName } from './entities.ts';
import { isGrounded, leaves, numbersIn } from './grounding.ts';
import { NaiveBayes } from './naive-bayes.ts';
import { features, normalise } from './text.ts';

describe('normal form', () => {
  it('drops diacritics and case, joins apostrophes, cuts repeated letters, spells SMS forms out', () => {
    expect(normalise("Épargné y'inguzanyo")).toBe('epargne y inguzanyo');
    expect(normalise('pleeeease')).toBe('pleease');
    expect(normalise('cmb j ai epargne')).toBe('combien j ai epargne');
    expect(normalise('  ?! ')).toBe('');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normalise(normalise(s)) === normalise(s)));
  });

  it('reads numbers as one feature, words with their n-grams', () => {
    expect(features('12 mois')).toContain('w:#');
    expect(features('ab')).toEqual(['w:ab', ' ab', 'ab ', ' ab ']);
  });
});

describe('naive Bayes', () => {
  it('answers probabilities that sum to 1, the priors for an unknown text, the first label on a tie', () => {
    const model = new NaiveBayes([{ label: 'a', text: 'cat' }, { label: 'b', text: 'dog' }]);
    const ranked = model.classify('zzz qqq');
    expect(ranked.map((r) => r.label)).toEqual(['a', 'b']);
    expect(ranked[0]!.probability).toBeCloseTo(0.5);
    expect(model.classify('dog')[0]!.label).toBe('b');
  });
});

describe('entities', () => {
  it.each([
    ['monthly payment for 100000 over 12 months', [100_000], 12],
    ['instalment for a loan of 200k for 1 year', [200_000], 12],
    ['150,000 RWF over 18 months', [150_000], 18],
    ['150 000 frw sur 18 mois', [150_000], 18],
    ['pret 1m sur 36 mois', [1_000_000], 36],
    ['1.5m over 2 years', [1_500_000], 24],
    ['ubwishyu bwa buri kwezi kuri 50000 amezi 6', [50_000], 6],
    ['ibihumbi 500 mu myaka 2', [500_000], 24],
    ['nikichukua elfu 60 miezi 3', [60_000], 3],
    ['mkopo wa milioni 1 miezi 36', [1_000_000], 36],
    ['ningurije 200k umwaka umwe', [200_000], 12],
    ['find groups for 5000 per week', [5_000], null],
    ['an agent earns what', [], null],
    ['50000frw 6 mois', [50_000], 6],
  ])('%s', (text, amounts, term) => {
    const found = extractEntities(text);
    expect(found.amounts).toEqual(amounts);
    expect(found.termMonths).toBe(term);
  });

  it('names only one of the given groups, the longest written, whatever the accents and case', () => {
    expect(findGroupName('next payment for twiteze imbere?', ['Twiteze', 'Twiteze Imbere'])).toBe('Twiteze Imbere');
    expect(findGroupName('ALICE SECRET CLUB please', ['Abadatezuka'])).toBeNull();
    expect(findGroupName('Épargne', ['epargne', ''])).toBe('epargne');
  });
});

describe('language', () => {
  it('keeps the saved language unless the message is clearly in another', () => {
    expect(UNDERSTANDING.language('how much have I saved', 'fr')).toBe('en');
    expect(UNDERSTANDING.language('nazigamye angahe', 'en')).toBe('rw');
    expect(UNDERSTANDING.language('nimeweka akiba kiasi gani', 'en')).toBe('sw');
    expect(UNDERSTANDING.language('combien j ai épargné', 'rw')).toBe('fr');
    expect(UNDERSTANDING.language('ok', 'rw')).toBe('rw');
    expect(UNDERSTANDING.language('zzqx', 'sw')).toBe('sw');
  });

  it('reads a message it knows nothing of as off topic', () => {
    expect(UNDERSTANDING.understand('qqqq zzzz', 'en').intent).toBe('off_topic');
  });
});

describe('grounding', () => {
  it('compares numbers by value, whatever their separators', () => {
    expect(numbersIn('12,500 RWF, 12 500 RWF, 12500.00 and 0,5 % on 2026-03-10')).toEqual(['12500', '12500', '12500', '0.5', '2026', '3', '10']);
    expect(numbersIn('1,234,567.50 or 12.5')).toEqual(['1234567.5', '12.5']);
  });

  it('accepts only numbers found in the evidence', () => {
    expect(isGrounded('You saved 48,250 RWF.', ['{"totalSavings":"48,250 RWF"}'])).toBe(true);
    expect(isGrounded('You saved 48,251 RWF.', ['{"totalSavings":"48,250 RWF"}'])).toBe(false);
    expect(isGrounded('No figure here.', [])).toBe(true);
    expect(isGrounded('Rates: 8 %, 13.5 %; reminders 3 and 1 day(s) before', leaves({ rates: [8, 13.5], days: [3, 1, 0], none: null }))).toBe(true);
  });
});
