import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/accounts/user.ts';
import { SCREEN_LIMIT } from '../screen.ts';
import { CATALOGUES, LANGUAGE_CHOICES, message } from './catalogue.ts';
import { en } from './en.ts';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const PRINTABLE_ASCII = /^[\x20-\x7E\n]*$/;

describe('USSD catalogues', () => {
  it('there is one catalogue per language of the product', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGE_CHOICES.map((c) => c.language)).toEqual(['en', 'fr', 'rw', 'sw']);
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const catalogue = CATALOGUES[language];

      it('has every key and no other', () => {
        expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      });

      it('uses the same placeholders as English in every text', () => {
        for (const key of Object.keys(en) as (keyof typeof en)[]) expect(placeholdersOf(catalogue[key]), key).toEqual(placeholdersOf(en[key]));
      });

      it('is plain printable ASCII, without empty texts', () => {
        for (const [key, text] of Object.entries(catalogue)) {
          expect(text, key).toMatch(PRINTABLE_ASCII);
          expect(text.trim(), key).not.toBe('');
        }
      });

      it('no text alone exceeds a screen', () => {
        for (const [key, text] of Object.entries(catalogue)) expect(text.length, key).toBeLessThanOrEqual(SCREEN_LIMIT);
      });

      if (language !== 'en') {
        it('is a translation, not a copy of English', () => {
          const copied = Object.keys(en).filter((key) => catalogue[key as keyof typeof en] === en[key as keyof typeof en]);
          // Words every language writes alike on a phone ("Notifications", "Ikimina: {name}").
          expect(copied.filter((key) => !['main_title', 'opt_notifications', 'notifications_title'].includes(key))).toEqual([]);
        });
      }
    });
  }

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(message('en', 'savings_balance', { amount: '5,000 RWF' })).toBe('Savings: 5,000 RWF');
    expect(message('sw', 'pin_wrong', { left: 2 })).toBe('PIN si sahihi. Majaribio yaliyobaki: 2.');
    expect(message('fr', 'savings_balance')).toBe('Epargne : {amount}');
  });
});
