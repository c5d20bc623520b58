/**
 * Catalogues: every text of the USSD menu, one catalogue per language.
 *
 * Guarantees
 * - The English catalogue defines the keys; every other catalogue is typed `Catalogue`, so a
 *   missing or an extra key fails type checking (and a unit test checks it again, with the
 *   placeholders).
 * - `message` fills `{placeholder}`s from the given values only; a value is inserted as given,
 *   so callers pass values already made USSD-safe (see screen.ts).
 */
import type { Language } from '../../core/accounts/user.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { rw } from './rw.ts';
import { sw } from './sw.ts';

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, fr, rw, sw };

/** The language menu shows each language in itself, in this order (1 to 4). */
export const LANGUAGE_CHOICES: readonly { language: Language; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'fr', name: 'Francais' },
  { language: 'rw', name: 'Ikinyarwanda' },
  { language: 'sw', name: 'Kiswahili' },
];

export type MessageParams = Readonly<Record<string, string | number>>;

export function message(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
