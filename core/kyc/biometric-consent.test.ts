import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../accounts/user.ts';
import { BIOMETRIC_CONSENT } from './biometric-consent.ts';

describe('the biometric consent text', () => {
  it('exists in every language of the product, each its own translation', () => {
    expect(Object.keys(BIOMETRIC_CONSENT.texts).sort()).toEqual([...LANGUAGES].sort());
    const texts = LANGUAGES.map((language) => BIOMETRIC_CONSENT.texts[language]);
    expect(new Set(texts).size).toBe(LANGUAGES.length);
    // Each says what is kept and how to withdraw: the same five points, so about the same length.
    for (const text of texts) expect(text.length / BIOMETRIC_CONSENT.texts.en.length).toBeGreaterThan(0.8);
    for (const language of ['fr', 'rw', 'sw'] as const) {
      expect(BIOMETRIC_CONSENT.texts[language], language).not.toMatch(/\b(I agree|the comparison|my photos|withdraw)\b/i);
    }
  });
});
