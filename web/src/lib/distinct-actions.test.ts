/**
 * Distinct words for distinct actions: in every language, buttons that do different things do not
 * read the same (Kinyarwanda's "Injira" was both Sign in and Join a group).
 */
import { describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { fr } from '../locales/fr.ts';
import { rw } from '../locales/rw.ts';
import { sw } from '../locales/sw.ts';
import type { Messages } from '../locales/en.ts';

const LANGUAGES: Record<string, Pick<Messages, 'header' | 'auth' | 'tontines'>> = { en, fr, rw, sw };

describe('distinct words for distinct actions', () => {
  it.each(Object.keys(LANGUAGES))('%s: Sign in, Create account and Join a group read differently', (code) => {
    const texts = LANGUAGES[code]!;
    const actions = { signIn: texts.header.signIn, createAccount: texts.auth.createAccount, join: texts.tontines.card.join };
    const words = Object.values(actions).map((text) => text.trim().toLowerCase());
    expect(new Set(words).size, JSON.stringify(actions)).toBe(words.length);
    expect(texts.auth.signIn.trim().toLowerCase()).not.toBe(texts.tontines.card.join.trim().toLowerCase());
  });
});
