import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  it('prefers the switcher choice over the registered and browser languages', () => {
    expect(pickLanguage('sw', 'fr', ['rw'])).toBe('sw');
  });

  it('uses the registered language when nothing was chosen', () => {
    expect(pickLanguage(null, 'rw', ['fr-FR'])).toBe('rw');
  });

  it('uses the first supported browser language, ignoring regions', () => {
    expect(pickLanguage(null, null, ['de-DE', 'fr-CA', 'sw'])).toBe('fr');
  });

  it('falls back to English for unsupported values', () => {
    expect(pickLanguage('xx', 'de', ['zh-CN'])).toBe('en');
  });
});
