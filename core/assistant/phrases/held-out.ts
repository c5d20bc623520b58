/** The held-out phrases of every language: measured against, never trained on. */
import type { Language, PhraseSet } from '../intents.ts';
import { EN_HELD_OUT } from './held-out-en.ts';
import { FR_HELD_OUT } from './held-out-fr.ts';
import { RW_HELD_OUT } from './held-out-rw.ts';
import { SW_HELD_OUT } from './held-out-sw.ts';

export const HELD_OUT: Readonly<Record<Language, PhraseSet>> = { en: EN_HELD_OUT, fr: FR_HELD_OUT, rw: RW_HELD_OUT, sw: SW_HELD_OUT };
