/**
 * Walks the whole USSD menu tree, in every language, for an unknown number, a plain member, a
 * member with nothing yet and a member whose data is at its longest, and checks every screen.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../core/accounts/user.ts';
import { CATALOGUES, type MessageKey } from './catalogues/catalogue.ts';
import type { Effect, EffectError, EffectResult } from './effects.ts';
import type { MemberSnapshot } from './member-snapshot.ts';
import { SCREEN_LIMIT, type Screen } from './screen.ts';
import { aCrowdedMember, aMember, type ChannelState, FRESH, happyResolver, request, ON_WEB_ACCOUNT, UNKNOWN } from './ussd.fixtures.ts';

const MAX_DEPTH = 14;
/** Typed at every screen besides the choices it shows: names, right, wrong, weak and other PINs, junk. */
const FREE_INPUTS = ['Aline', '24680', '13579', '11111', '97531', 'x', '', '8'];
const ERRORS: EffectError[] = ['pin_incorrect', 'phone_taken', 'phone_number_not_rwandan', 'phone_on_web_account', 'contribution_not_found', 'amount_must_be_whole_francs', 'contribution_already_paid', 'fine_waived', 'payment_in_progress', 'mobile_money_refused', 'mobile_money_unavailable', 'merchant_not_found', 'merchant_not_verified', 'merchant_not_active', 'payment_amount_invalid', 'phone_number_invalid', 'proposal_closed', 'proposal_not_found'];
/** Reached only by a fault or an oversized text, which menu.test.ts covers. */
const NOT_ON_THE_TREE: MessageKey[] = ['fault', 'too_long'];
const LANGUAGE_NUMBER: Record<Language, string> = { en: '1', fr: '2', rw: '3', sw: '4' };

const failWith = (error: EffectError) => (effect: Effect): EffectResult =>
  effect.effect === 'verifyPin' ? happyResolver(effect) : { key: effect.key, ok: false, error };

function choicesOn(screen: Screen): string[] {
  return [...screen.text.matchAll(/^(\d{1,2}) /gm)].map((m) => m[1]!);
}

/** Every screen reachable from `start`, breadth first, each distinct screen expanded once. */
function walkTree(member: MemberSnapshot, start: readonly string[]): Screen[] {
  const seen = new Map<string, Screen>();
  let frontier: { inputs: string[]; state: ChannelState }[] = [{ inputs: [...start], state: FRESH }];
  for (let i = 0; i <= start.length; i++) frontier = [{ inputs: [...start], state: request(frontier[0]!.state, start.slice(0, i).join('*'), member).state }];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const { inputs, state } of frontier) {
      const here = request(state, inputs.join('*'), member);
      for (const input of new Set([...choicesOn(here.screen), ...FREE_INPUTS])) {
        const childInputs = [...inputs, input];
        const child = request(here.state, childInputs.join('*'), member);
        const outcomes = child.effects.length > 0 ? [child, ...ERRORS.map((e) => request(here.state, childInputs.join('*'), member, failWith(e)))] : [child];
        for (const outcome of outcomes) {
          const key = `${outcome.screen.kind} ${outcome.screen.text}`;
          if (seen.has(key)) continue;
          seen.set(key, outcome.screen);
          if (outcome.screen.kind === 'CON') next.push({ inputs: childInputs, state: outcome.state });
        }
      }
    }
    frontier = next;
  }
  return [...seen.values()];
}

/** A catalogue text as a pattern: its placeholders match any value on one line. */
function patternOf(text: string, anchored = false): RegExp {
  const body = text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^\\n]*?');
  return new RegExp(anchored ? `^${body}$` : body);
}

/** Nothing was cut: an END is one whole text, a CON ends on its navigation, a choice or the PIN prompt. */
function isWhole(screen: Screen): boolean {
  const texts = LANGUAGES.flatMap((l) => Object.values(CATALOGUES[l]));
  if (screen.kind === 'END') return texts.some((text) => patternOf(text, true).test(screen.text));
  const last = screen.text.split('\n').at(-1)!;
  return /^\d /.test(last) || texts.some((text) => patternOf(text, true).test(last));
}

describe('the whole USSD menu tree', () => {
  const screensByLanguage = new Map<Language, Screen[]>();

  for (const language of LANGUAGES) {
    it(`every screen in ${language} is CON or END, plain ASCII and at most ${SCREEN_LIMIT} characters`, () => {
      const walks = [
        walkTree(UNKNOWN, language === 'en' ? [] : ['2', LANGUAGE_NUMBER[language], '00']),
        walkTree(ON_WEB_ACCOUNT, language === 'en' ? [] : ['2', LANGUAGE_NUMBER[language], '00']),
        walkTree(aMember({ language }), []),
        walkTree(aMember({ language, groups: [], notifications: [], loans: [], votes: [], firstName: '\u00c9lise' }), []),
        walkTree(aCrowdedMember(language), []),
      ];
      const screens = walks.flat();
      for (const screen of screens) {
        expect(['CON', 'END']).toContain(screen.kind);
        expect(screen.text, screen.text).toMatch(/^[\x20-\x7E\n]+$/);
        expect(screen.text.length, screen.text).toBeLessThanOrEqual(SCREEN_LIMIT);
        expect(isWhole(screen), screen.text).toBe(true);
      }
      for (const walk of walks) expect(walk.length).toBeGreaterThan(10);
      screensByLanguage.set(language, screens);
      // The walk grew with Pay a merchant (code × amount × PIN screens): a few seconds on a loaded machine.
    }, 60_000);
  }

  it('the walk reached every text of every catalogue', () => {
    for (const language of LANGUAGES) {
      const screens = LANGUAGES.flatMap((l) => screensByLanguage.get(l) ?? []).map((s) => s.text);
      const missing = (Object.entries(CATALOGUES[language]) as [MessageKey, string][])
        .filter(([key]) => !NOT_ON_THE_TREE.includes(key))
        .filter(([, text]) => !screens.some((screen) => patternOf(text).test(screen)))
        .map(([key]) => key);
      expect(missing, language).toEqual([]);
    }
  });
});
