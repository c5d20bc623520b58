import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/accounts/user.ts';
import { Money } from '../core/money/money.ts';
import { localDate } from '../core/shared/calendar.ts';
import { message } from './catalogues/catalogue.ts';
import type { Effect, EffectError, EffectResult } from './effects.ts';
import { faultScreen, runMenu, sessionLanguage } from './menu.ts';
import { FRESH_PIN_ACCESS } from '../core/accounts/pin-slowdown.ts';
import { NEW_SESSION } from './session.ts';
import { aCrowdedMember, aGroup, aMember, dial, FOREIGN, FRESH, NOW, request, ON_WEB_ACCOUNT, RIGHT_PIN, UNKNOWN } from './ussd.fixtures.ts';

const LANGUAGE_NUMBER = { en: '1', fr: '2', rw: '3', sw: '4' } as const;
const failWith = (error: EffectError) => (effect: Effect): EffectResult =>
  effect.effect === 'verifyPin' ? { key: effect.key, ok: true } : { key: effect.key, ok: false, error };

describe('USSD menu: an unknown number', () => {
  it('is welcomed with registration and the language choice', () => {
    expect(dial(UNKNOWN, []).last.screen).toEqual({ kind: 'CON', text: 'Welcome to Ikimina\n1 Register\n2 Language' });
  });

  for (const language of LANGUAGES) {
    it(`registers in ${language}: first name, last name, PIN twice, then one register effect`, () => {
      const session = dial(UNKNOWN, ['2', LANGUAGE_NUMBER[language], '00', '1', 'Aline', 'Uwase', '13579', '13579']);
      expect(session.answers[2]!.screen.text.startsWith(message(language, 'language_set'))).toBe(true);
      expect(session.answers[4]!.screen.text).toBe(`${message(language, 'reg_first_name')}\n${message(language, 'nav')}`);
      expect(session.effects).toEqual([{ effect: 'register', key: '7', firstName: 'Aline', lastName: 'Uwase', pin: '13579', language, notTheWebAccountHolder: false }]);
      expect(session.last.screen).toEqual({ kind: 'END', text: message(language, 'reg_done', { name: 'Aline' }) });
    });
  }

  it('refuses bad names, weak PINs and a confirmation that differs, with a screen each time', () => {
    const { answers, effects } = dial(UNKNOWN, ['1', 'J', 'Jean', '4', 'Mu-gisha', '12345', '1357', '13579', '13570', '13579', '13579']);
    const texts = answers.map((a) => a.screen.text.split('\n')[0]);
    expect(texts.slice(2, 11)).toEqual([
      'Use 2 to 30 letters.',
      'Enter your last name:',
      'Use 2 to 30 letters.',
      'Choose a 5-digit PIN:',
      'This PIN is too easy to guess.',
      'A PIN is exactly 5 digits.',
      'Enter the PIN again:',
      'The PINs do not match.',
      'Enter the PIN again:',
    ]);
    expect(effects).toEqual([{ effect: 'register', key: '10', firstName: 'Jean', lastName: 'Mu-gisha', pin: '13579', language: 'en', notTheWebAccountHolder: false }]);
  });

  it('0 goes back one step in registration and 00 home', () => {
    expect(dial(UNKNOWN, ['1', 'Aline', '0']).last.screen.text.split('\n')[0]).toBe('Enter your first name:');
    expect(dial(UNKNOWN, ['1', 'Aline', 'Uwase', '00']).last.screen.text).toBe('Welcome to Ikimina\n1 Register\n2 Language');
  });

  it('a registration that raced another answers that the number has an account', () => {
    const { last } = dial(UNKNOWN, ['1', 'Aline', 'Uwase', '13579', '13579'], { resolve: failWith('phone_taken') });
    expect(last.screen).toEqual({ kind: 'END', text: message('en', 'reg_phone_taken') });
  });

  for (const language of LANGUAGES) {
    it(`a number that may not register (foreign) is told so when it asks to, in the session's language, and nothing is asked for (${language})`, () => {
      const { last, effects, answers } = dial(FOREIGN, ['2', LANGUAGE_NUMBER[language], '00', '1', 'Aline']);
      expect(answers[4]!.screen).toEqual({ kind: 'END', text: message(language, 'reg_not_rwandan') });
      // The session ended there: whatever comes next answers the same END.
      expect(last.screen).toEqual(answers[4]!.screen);
      expect(effects).toEqual([]);
    });
  }

  for (const language of LANGUAGES) {
    it(`a number a web account gives is told to link it from the web, and registers only after "1 Not mine" (${language})`, () => {
      const onWeb = ON_WEB_ACCOUNT;
      const told = dial(onWeb, ['2', LANGUAGE_NUMBER[language], '00', '1']).last.screen;
      expect(told).toEqual({ kind: 'CON', text: `${message(language, 'reg_web_account')}\n1 ${message(language, 'opt_not_mine')}\n${message(language, 'nav')}` });
      // Anything but 1 registers nothing: the holder goes to the web instead.
      expect(dial(onWeb, ['1', 'Aline', 'Uwase', '13579', '13579']).effects).toEqual([]);
      const { effects, last } = dial(onWeb, ['2', LANGUAGE_NUMBER[language], '00', '1', '1', 'Aline', 'Uwase', '13579', '13579']);
      expect(effects).toEqual([{ effect: 'register', key: '8', firstName: 'Aline', lastName: 'Uwase', pin: '13579', language, notTheWebAccountHolder: true }]);
      expect(last.screen).toEqual({ kind: 'END', text: message(language, 'reg_done', { name: 'Aline' }) });
    });
  }

  it('0 on the web-account notice goes back to the welcome', () => {
    expect(dial(ON_WEB_ACCOUNT, ['1', '0']).last.screen.text).toBe('Welcome to Ikimina\n1 Register\n2 Language');
  });

  it('a registration the use case refuses because a web account gave the number meanwhile ends with the way to link it', () => {
    const { last } = dial(UNKNOWN, ['1', 'Aline', 'Uwase', '13579', '13579'], { resolve: failWith('phone_on_web_account') });
    expect(last.screen).toEqual({ kind: 'END', text: message('en', 'reg_on_web_account') });
  });

  it('a registration the use case refuses as not Rwandan ends with that text', () => {
    const { last } = dial(UNKNOWN, ['1', 'Aline', 'Uwase', '13579', '13579'], { resolve: failWith('phone_number_not_rwandan') });
    expect(last.screen).toEqual({ kind: 'END', text: message('en', 'reg_not_rwandan') });
  });
});

describe('USSD menu: the snapshot parts it asks for', () => {
  it('the dial and the PIN need only the base; each entry asks for its own part, once', () => {
    const borrower = aMember({ loans: [{ amount: Money.ofFrancs(100_000), status: 'active', nextInstalment: null }] });
    const loadsOf = (inputs: string[]) => dial(borrower, inputs).answers.map((a) => a.loads);
    expect(loadsOf([RIGHT_PIN])).toEqual([[], []]);
    expect(loadsOf([RIGHT_PIN, '1']).at(-1)).toEqual(['groups']);
    expect(loadsOf([RIGHT_PIN, '2', '1']).slice(-2)).toEqual([['groups'], ['groups']]);
    expect(loadsOf([RIGHT_PIN, '3']).at(-1)).toEqual(['groups']);
    expect(loadsOf([RIGHT_PIN, '4']).at(-1)).toEqual(['notifications']);
    expect(loadsOf([RIGHT_PIN, '7']).at(-1)).toEqual(['loans']);
    expect(loadsOf([RIGHT_PIN, '5', '6']).slice(-2)).toEqual([[], []]);
  });

  it('asks for nothing on an unknown number, and only the base decides the loans entry', () => {
    expect(dial(UNKNOWN, ['1', 'Jean']).answers.every((a) => a.loads.length === 0)).toBe(true);
    const step = runMenu({ session: NEW_SESSION, access: FRESH_PIN_ACCESS, text: '', now: NOW, member: { registered: true, firstName: 'Jean', language: 'en', hasLoans: false } });
    expect(step.kind).toBe('screen');
  });

  it('a part missing on the walked path is asked for instead of a screen', () => {
    const signedIn = dial(aMember(), [RIGHT_PIN]).state;
    const base = { registered: true, firstName: 'Jean', language: 'en', hasLoans: false } as const;
    expect(runMenu({ ...signedIn, text: `${RIGHT_PIN}*4`, now: NOW, member: base })).toEqual({ kind: 'load', part: 'notifications' });
  });
});

describe('USSD menu: the PIN, once per session', () => {
  it('asks for the PIN by name before anything else, in the member language', () => {
    expect(dial(aMember({ language: 'sw' }), []).last.screen).toEqual({ kind: 'CON', text: 'Ikimina: habari Jean. Weka PIN yako:' });
  });

  it('a right PIN opens the main menu, and the PIN is not asked again in that session', () => {
    const { answers, effects } = dial(aMember(), [RIGHT_PIN, '1', '0', '3', '00']);
    expect(effects).toEqual([{ effect: 'verifyPin', key: '0', pin: RIGHT_PIN }]);
    expect(answers[1]!.screen.text).toBe('Ikimina: Jean\n1 My savings\n2 Pay a contribution\n3 Next payouts\n4 Notifications\n5 Language\n6 Change PIN\n8 Pay a merchant');
    expect(answers[5]!.screen.text).toBe(answers[1]!.screen.text);
  });

  it('a wrong-shaped PIN is refused without being checked or counted', () => {
    const { last, effects, state } = dial(aMember(), ['abc', '', '0', '00', '123456']);
    expect(effects).toEqual([]);
    expect(last.screen.text).toBe('A PIN is exactly 5 digits.\nIkimina: hello Jean. Enter your PIN:');
    expect(state.access).toEqual(FRESH_PIN_ACCESS);
  });

  for (const language of LANGUAGES) {
    it(`the 3rd wrong PIN slows the phone for a minute and says until when; the right PIN opens after it (${language})`, () => {
      const member = aMember({ language });
      const { answers, state } = dial(member, ['11111', '22222', '33333']);
      expect(answers[1]!.screen.text.split('\n')[0]).toBe(message(language, 'pin_wrong', { left: 2 }));
      expect(answers[2]!.screen.text.split('\n')[0]).toBe(message(language, 'pin_wrong', { left: 1 }));
      // 08:00 UTC is 10:00 in Kigali; the first wait is one minute.
      expect(answers[3]!.screen).toEqual({ kind: 'END', text: message(language, 'pin_locked', { time: '10:01' }) });
      expect(state.access.retryAt).toBe('2026-03-10T08:01:00.000Z');

      const redial = dial(member, [RIGHT_PIN], { state: { session: NEW_SESSION, access: state.access }, now: new Date('2026-03-10T08:00:59Z') });
      expect(redial.answers[0]!.screen).toEqual({ kind: 'END', text: message(language, 'pin_locked', { time: '10:01' }) });
      expect(redial.effects).toEqual([]);

      const afterWait = dial(member, [RIGHT_PIN], { state: { session: NEW_SESSION, access: state.access }, now: new Date('2026-03-10T08:01:00Z') });
      expect(afterWait.last.screen.text.split('\n')[0]).toBe(message(language, 'main_title', { name: 'Jean' }));
      expect(afterWait.state.access).toEqual(FRESH_PIN_ACCESS);
    });
  }

  it('hanging up does not reset the count: wrong PINs in two sessions add up', () => {
    const first = dial(aMember(), ['11111', '22222']);
    const second = dial(aMember(), ['33333'], { state: { session: NEW_SESSION, access: first.state.access } });
    expect(second.last.screen.kind).toBe('END');
    expect(second.state.access.retryAt).not.toBeNull();
  });

  it('a PIN checked while another session slowed the phone is dropped unread: neither signed in nor counted', () => {
    // Two sessions sent a PIN at once; the other's wrong PIN was recorded first and slowed the phone.
    const slowed = { wrongInARow: 3, lastWrongAt: NOW.toISOString(), retryAt: new Date(NOW.getTime() + 60_000).toISOString() };
    const step = runMenu({ session: NEW_SESSION, access: slowed, text: RIGHT_PIN, now: NOW, member: aMember(), result: { key: '0', ok: true } });
    expect(step).toMatchObject({ kind: 'screen', screen: { kind: 'END', text: message('en', 'pin_locked', { time: '10:01' }) }, access: slowed, session: NEW_SESSION });
  });
});

describe('USSD menu: paying a contribution', () => {
  it('choose the group, confirm, then one payContribution effect and an END that says to approve on the phone', () => {
    const { answers, effects } = dial(aMember(), [RIGHT_PIN, '2', '2', '1']);
    expect(answers[2]!.screen.text).toBe('Pay which contribution?\n1 Group 1 5,000 RWF\n2 Group 2 10,000 RWF\n0 Back 00 Home');
    expect(answers[3]!.screen.text).toBe('Pay 10,000 RWF to Group 2, due 12/03, from this phone?\n1 Confirm\n0 Back 00 Home');
    expect(effects.filter((e) => e.effect === 'payContribution')).toEqual([{ effect: 'payContribution', key: '3', tontineId: 't2', contributionId: 'c2' }]);
    expect(answers[4]!.screen).toEqual({ kind: 'END', text: 'Request sent. Approve the payment of 10,000 RWF on your phone with your mobile money PIN.' });
  });

  it('a repeated request answers the same screen and never starts a second payment, even after the snapshot changed', () => {
    const member = aMember();
    const { state, last } = dial(member, [RIGHT_PIN, '2', '1', '1']);
    const paidSince = aMember({ groups: [aGroup(1, { nextDue: null }), aGroup(2)] });
    for (const snapshot of [member, paidSince]) {
      const again = request(state, last.text, snapshot);
      expect(again.screen).toEqual(last.screen);
      expect(again.effects).toEqual([]);
      expect(again.state).toEqual(state);
    }
  });

  it('marks an overdue contribution on the confirmation', () => {
    const member = aMember({ groups: [aGroup(1, { nextDue: { contributionId: 'c1', amount: Money.ofFrancs(5_000), dueDate: localDate(2026, 3, 1), overdue: true } })] });
    expect(dial(member, [RIGHT_PIN, '2', '1']).last.screen.text.split('\n')[0]).toBe('Pay 5,000 RWF to Group 1, due 01/03, from this phone? OVERDUE');
  });

  it('offers a late fine owed like a contribution, said to be a fine', () => {
    const member = aMember({ groups: [aGroup(1, { nextDue: { contributionId: 'f1', amount: Money.ofFrancs(500), dueDate: localDate(2026, 3, 5), overdue: false, fine: true } })] });
    const { answers, effects } = dial(member, [RIGHT_PIN, '2', '1', '1']);
    expect(answers[3]!.screen.text.split('\n')[0]).toBe('Pay the late fine of 500 RWF to Group 1, due 05/03, from this phone?');
    expect(effects.filter((e) => e.effect === 'payContribution')).toEqual([{ effect: 'payContribution', key: '3', tontineId: 't1', contributionId: 'f1' }]);
  });

  const errors: [EffectError, string][] = [
    ['contribution_not_found', 'err_contribution_not_found'],
    ['contribution_already_paid', 'err_contribution_already_paid'],
    ['payment_in_progress', 'err_payment_in_progress'],
    ['mobile_money_refused', 'err_mobile_money_refused'],
    ['mobile_money_unavailable', 'err_mobile_money_unavailable'],
  ];
  for (const language of LANGUAGES) {
    it(`answers each refusal of the use case with its own END text (${language})`, () => {
      for (const [error, key] of errors) {
        const { last } = dial(aMember({ language }), [RIGHT_PIN, '2', '1', '1'], { resolve: failWith(error) });
        expect(last.screen).toEqual({ kind: 'END', text: message(language, key as 'err_contribution_not_found') });
      }
    });
  }

  it('pages a long list with 9 and pays the item chosen on a later page', () => {
    const member = aCrowdedMember('en');
    const first = dial(member, [RIGHT_PIN, '2']).last.screen.text.split('\n');
    expect(first).toContain('9 More');
    const onFirstPage = first.filter((line) => /^[1-8] /.test(line)).length;
    const { effects } = dial(member, [RIGHT_PIN, '2', '9', '1', '1']);
    expect(effects.at(-1)).toMatchObject({ effect: 'payContribution', tontineId: `t${onFirstPage + 1}` });
  });

  it('says so when nothing is due', () => {
    const member = aMember({ groups: [aGroup(1, { nextDue: null })] });
    expect(dial(member, [RIGHT_PIN, '2']).last.screen.text).toBe('You have no contribution to pay.\n0 Back 00 Home');
  });
});

describe('USSD menu: paying a merchant', () => {
  const path = [RIGHT_PIN, '8', 'aline', '2500'];

  it('names the merchant a code finds, looked up once at that input; later steps show the same name', () => {
    const walk = dial(aMember(), path);
    expect(walk.answers.map((a) => a.loads)).toEqual([[], [], [], ['merchant:ALINE'], []]);
    expect(walk.answers[3]!.screen.text).toBe('Amount to pay Aline Boutique (RWF):\n0 Back 00 Home');
    expect(walk.last.screen.text).toBe('Pay 2,500 RWF to Aline Boutique. Enter your PIN to confirm:\n0 Back 00 Home');
    // The merchant gone meanwhile: the session replays what it showed (the payment use case has the last word).
    const replayed = request(walk.state, path.join('*'), aMember({ merchants: {} }));
    expect(replayed.screen).toEqual(walk.last.screen);
    expect(replayed.loads).toEqual([]);
    expect(dial(aMember(), [...path, RIGHT_PIN]).effects.at(-1)).toEqual({ effect: 'payMerchant', key: '4', merchantCode: 'ALINE', francs: 2500, pin: RIGHT_PIN });
  });

  it('refuses an amount out of bounds, negative, fractional, in exponent form or not a number, and asks again', () => {
    const invalid = 'Enter whole francs, from 100 to 5000000.\nAmount to pay Aline Boutique (RWF):\n0 Back 00 Home';
    for (const amount of ['99999999999999999999', '5000001', '99', '00099', '-2500', '2500.5', '2500.123', '1e5', '2,500', 'abc', '#']) {
      const walk = dial(aMember(), [RIGHT_PIN, '8', 'aline', amount]);
      expect(walk.last.screen.text, amount).toBe(invalid);
      expect(walk.effects.filter((e) => e.effect === 'payMerchant'), amount).toEqual([]);
    }
    expect(dial(aMember(), [RIGHT_PIN, '8', 'aline', '2500.00']).last.screen.text).toBe('Pay 2,500 RWF to Aline Boutique. Enter your PIN to confirm:\n0 Back 00 Home');
  });

  it('says at once that no merchant has a code, or that it takes no payment now, and asks for the code again', () => {
    expect(dial(aMember(), [RIGHT_PIN, '8', 'NOPE-1']).last.screen.text).toBe('No merchant has this code.\nEnter the merchant code:\n0 Back 00 Home');
    const suspended = aMember({ merchants: { SHUT: { name: 'Shut Shop', acceptingPayments: false } } });
    expect(dial(suspended, [RIGHT_PIN, '8', 'shut']).last.screen.text).toBe('This merchant is not accepting payments right now.\nEnter the merchant code:\n0 Back 00 Home');
  });

  it('says that a business awaiting verification does not accept payments yet, with nothing else about it, and asks for the code again', () => {
    const awaiting = aMember({ merchants: { NEW: { awaitingVerification: true } } });
    const walk = dial(awaiting, [RIGHT_PIN, '8', 'new']);
    expect(walk.last.screen.text).toBe('This business does not accept payments yet.\nEnter the merchant code:\n0 Back 00 Home');
    expect(walk.effects).toEqual([{ effect: 'verifyPin', key: '0', pin: RIGHT_PIN }]);
  });
});

describe('USSD menu: what a member reads', () => {
  it('My savings: balance, groups, the next contribution due and the member payout', () => {
    expect(dial(aMember(), [RIGHT_PIN, '1']).last.screen.text).toBe(
      'Savings: 125,000 RWF\nGroups: 2\nNext due: 5,000 RWF on 11/03\nYour payout: 60,000 RWF on 01/06\n1 Group balance\n2 Group votes\n0 Back 00 Home',
    );
    const idle = aMember({ savingsBalance: Money.ZERO, groups: [] });
    expect(dial(idle, [RIGHT_PIN, '1']).last.screen.text).toBe(
      'Savings: 0 RWF\nGroups: 0\nNo contribution due.\nNo payout planned for you.\n1 Group balance\n2 Group votes\n0 Back 00 Home',
    );
  });

  it("writes amounts in the member's language's number format, in plain ASCII: rw 12.500 RWF, fr 12 500 RWF, sw 12,500 RWF", () => {
    const groups = [aGroup(1, { nextDue: { contributionId: 'c1', amount: Money.ofFrancs(12_500), dueDate: localDate(2026, 3, 11), overdue: false } })];
    const facts = { savingsBalance: Money.ofFrancs(1_250_000), groups };
    expect(dial(aMember({ ...facts, language: 'rw' }), [RIGHT_PIN, '1']).last.screen.text).toBe(
      `${message('rw', 'savings_balance', { amount: '1.250.000 RWF' })}\n${message('rw', 'savings_groups', { count: 1 })}\n` +
        `${message('rw', 'savings_next_due', { amount: '12.500 RWF', date: '11/03' })}\n${message('rw', 'savings_my_payout', { amount: '60.000 RWF', date: '01/06' })}\n` +
        `1 ${message('rw', 'opt_group_balance')}\n2 ${message('rw', 'opt_votes')}\n${message('rw', 'nav')}`,
    );
    const french = dial(aMember({ ...facts, language: 'fr' }), [RIGHT_PIN, '2', '1']);
    // The web writes French with a narrow no-break space (U+202F); a USSD screen is ASCII, so a plain space.
    expect(french.answers[2]!.screen.text).toBe(`${message('fr', 'pay_title')}\n1 Group 1 12 500 RWF\n${message('fr', 'nav')}`);
    expect(french.last.screen.text.split('\n')[0]).toBe(message('fr', 'pay_confirm', { amount: '12 500 RWF', group: 'Group 1', date: '11/03' }));
    expect(french.last.screen.text).toMatch(/^[\x20-\x7E\n]*$/);
    expect(dial(aMember({ ...facts, language: 'sw' }), [RIGHT_PIN, '1']).last.screen.text.split('\n')[0]).toBe(message('sw', 'savings_balance', { amount: '1,250,000 RWF' }));
  });

  it('a French notification stored with U+202F reads with a plain space on the screen', () => {
    const member = aMember({ language: 'fr', notifications: [{ date: localDate(2026, 3, 9), text: 'Ikimina : cotisation de 12\u202f500 RWF re\u00e7ue.' }] });
    expect(dial(member, [RIGHT_PIN, '4']).last.screen.text.split('\n')[1]).toBe('09/03 Ikimina : cotisation de 12 500 RWF recue.');
  });

  it("merchant amounts and loans in Kinyarwanda and French marks too", () => {
    const loans = [{ amount: Money.ofFrancs(100_000), status: 'active' as const, nextInstalment: { amount: Money.ofFrancs(9_000), dueDate: localDate(2026, 4, 5) } }];
    const rw = dial(aMember({ loans, language: 'rw' }), [RIGHT_PIN, '7']).last.screen.text.split('\n')[1];
    expect(rw).toBe(`100.000 RWF ${message('rw', 'loan_active')}, ${message('rw', 'loan_next', { amount: '9.000 RWF', date: '05/04' })}`);
    const fr = dial(aMember({ language: 'fr' }), [RIGHT_PIN, '8', 'aline', '12500']).last.screen.text.split('\n')[0];
    expect(fr).toBe(message('fr', 'merchant_pin_prompt', { amount: '12 500 RWF', name: 'Aline Boutique' }));
  });

  it('next payouts name the recipient, or "you"', () => {
    expect(dial(aMember(), [RIGHT_PIN, '3']).last.screen.text).toBe(
      'Next payouts:\nGroup 1 01/04 60,000 RWF Aline\nGroup 2 20/03 40,000 RWF you\n0 Back 00 Home',
    );
  });

  it('notifications: the last three, newest first, with their day', () => {
    const member = aMember({ notifications: ['d', 'c', 'b', 'a'].map((text, i) => ({ date: localDate(2026, 3, 9 - i), text })) });
    expect(dial(member, [RIGHT_PIN, '4']).last.screen.text).toBe('Notifications:\n09/03 d\n08/03 c\n07/03 b\n0 Back 00 Home');
  });

  it('offers My loans only when the member has loans', () => {
    expect(dial(aMember(), [RIGHT_PIN, '7']).last.screen.text.split('\n')[0]).toBe('Invalid choice.');
    const borrower = aMember({
      loans: [{ amount: Money.ofFrancs(100_000), status: 'active', nextInstalment: { amount: Money.ofFrancs(9_000), dueDate: localDate(2026, 4, 5) } }],
    });
    expect(dial(borrower, [RIGHT_PIN]).last.screen.text.endsWith('\n7 My loans\n8 Pay a merchant')).toBe(true);
    expect(dial(borrower, [RIGHT_PIN, '7']).last.screen.text).toBe('My loans:\n100,000 RWF active, next 9,000 RWF on 05/04\n0 Back 00 Home');
  });
});

describe('USSD menu: settings', () => {
  for (const language of LANGUAGES) {
    it(`changes the language to ${language} through the use case, and speaks it from then on`, () => {
      const { answers, effects } = dial(aMember({ language: language === 'en' ? 'fr' : 'en' }), [RIGHT_PIN, '5', LANGUAGE_NUMBER[language], '00']);
      expect(effects.at(-1)).toEqual({ effect: 'changeLanguage', key: '2', language });
      expect(answers[3]!.screen.text).toBe(`${message(language, 'language_set')}\n${message(language, 'nav')}`);
      expect(answers[4]!.screen.text.split('\n')[1]).toBe(`1 ${message(language, 'opt_savings')}`);
      expect(sessionLanguage(dial(aMember(), [RIGHT_PIN, '5', LANGUAGE_NUMBER[language]]).state.session, aMember())).toBe(language);
    });
  }

  it('changes the PIN: current, new, new again; refuses weak, unchanged and mismatched new PINs', () => {
    const { answers, effects, last } = dial(aMember(), [RIGHT_PIN, '6', RIGHT_PIN, '11111', RIGHT_PIN, '13579', '97531', '13579', '13579']);
    expect(answers.slice(3, 9).map((a) => a.screen.text.split('\n')[0])).toEqual([
      'Enter a new 5-digit PIN:',
      'This PIN is too easy to guess.',
      'The new PIN must differ from the current one.',
      'Enter the new PIN again:',
      'The PINs do not match.',
      'Enter the new PIN again:',
    ]);
    expect(effects).toEqual([
      { effect: 'verifyPin', key: '0', pin: RIGHT_PIN },
      { effect: 'changePin', key: '8', oldPin: RIGHT_PIN, newPin: '13579' },
    ]);
    expect(last.screen).toEqual({ kind: 'END', text: 'Your PIN has been changed.' });
  });

  it('a wrong current PIN changes nothing and counts toward the lock', () => {
    const { last, state } = dial(aMember(), [RIGHT_PIN, '6', '11112', '13579', '13579'], { state: { session: NEW_SESSION, access: { wrongInARow: 1, lastWrongAt: NOW.toISOString(), retryAt: null } } });
    expect(last.screen).toEqual({ kind: 'END', text: 'Wrong current PIN. Your PIN was not changed.' });
    // The right PIN at sign-in cleared the earlier wrong one; the wrong current PIN counts again.
    expect(state.access.wrongInARow).toBe(1);
  });
});

describe('USSD menu: bad inputs and purity', () => {
  // '8' is Pay a merchant on the main menu: '88' is the out-of-range choice everywhere.
  const bad = ['x', '', '88', '99', '1234567890', '*', '#', '-1', '\u00e9'];
  const NOTICES = ['invalid_choice', 'name_invalid', 'pin_format'] as const;
  const withoutNotice = (text: string) => (NOTICES.some((key) => text.startsWith(`${message('en', key)}\n`)) ? text.slice(text.indexOf('\n') + 1) : text);

  it('answers letters, empty inputs and out-of-range choices with the same screen and a notice, everywhere', () => {
    const prefixes = [['1'], [RIGHT_PIN], [RIGHT_PIN, '1'], [RIGHT_PIN, '2'], [RIGHT_PIN, '2', '1'], [RIGHT_PIN, '3'], [RIGHT_PIN, '4'], [RIGHT_PIN, '5'], [RIGHT_PIN, '6']];
    for (const prefix of [['2'], ...prefixes]) {
      for (const member of [UNKNOWN, aMember()]) {
        const before = dial(member, prefix).last.screen;
        for (const input of bad) {
          const after = dial(member, [...prefix, input]).last.screen;
          const what = `${member.registered ? 'member' : 'unknown'}: ${[...prefix, input].join('*')}`;
          expect(after.kind, what).toBe('CON');
          expect(NOTICES.some((key) => after.text.startsWith(`${message('en', key)}\n`)), what).toBe(true);
          expect(withoutNotice(after.text), what).toBe(withoutNotice(before.text));
        }
      }
    }
  });

  it('answers a 10 kB text with an END in the member language, at once', () => {
    const started = performance.now();
    const { screen } = request(FRESH, '1*'.repeat(5_000), aMember({ language: 'fr' }));
    expect(screen).toEqual({ kind: 'END', text: message('fr', 'too_long') });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('is pure: the same input gives the same output and the input session is left as it was', () => {
    const { state } = dial(aMember(), [RIGHT_PIN, '2']);
    const frozen = JSON.stringify(state);
    const input = { ...state, text: `${RIGHT_PIN}*2*1*1`, member: aMember(), now: NOW };
    const one = runMenu(input);
    const two = runMenu(input);
    expect(one).toEqual(two);
    expect(one.kind).toBe('effect');
    expect(JSON.stringify(state)).toBe(frozen);
  });

  it('a result for another key is ignored and the pending effect is asked again', () => {
    const step = runMenu({ ...FRESH, text: RIGHT_PIN, member: aMember(), now: NOW, result: { key: '7', ok: true } });
    expect(step).toMatchObject({ kind: 'effect', effect: { effect: 'verifyPin', key: '0' } });
  });

  it('even an amount far past MAX_FITTED_AMOUNT gives a screen of at most 160 characters', () => {
    const huge = Money.ofCentimes(99_999_999_999_999);
    const member = aMember({ language: 'rw', savingsBalance: huge, groups: [aGroup(1, { nextDue: { contributionId: 'c1', amount: huge, dueDate: localDate(2027, 1, 1), overdue: true }, memberPayout: { date: localDate(2027, 1, 1), amount: huge } })] });
    for (const path of [['1'], ['1', 'x'], ['2', '1']]) expect(dial(member, [RIGHT_PIN, ...path]).last.screen.text.length).toBeLessThanOrEqual(160);
  });

  it('the session is plain JSON', () => {
    const { state } = dial(aMember(), [RIGHT_PIN, '5', '2', '00', '2', '1', '1']);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('the fault answer is a polite END in the session language', () => {
    for (const language of LANGUAGES) expect(faultScreen(language)).toEqual({ kind: 'END', text: message(language, 'fault') });
  });
});

describe('USSD menu: Group balance (the group’s books)', () => {
  it('My savings → 1 lists the groups; a group shows its balance and its last three movements, its books read once', () => {
    const walk = dial(aMember(), [RIGHT_PIN, '1', '1', '1']);
    expect(walk.answers[3]!.screen.text).toBe('Balance of which group?\n1 Group 1\n2 Group 2\n0 Back 00 Home');
    expect(walk.last.screen.text).toBe('Balance Group 1: 70,000 RWF\n+5,000 contribution Amina U.\n+60,000 payout back Jean M.\n-60,000 payout Jean M.\n0 Back 00 Home');
    expect(walk.last.loads).toEqual(['groups', 'books:t1']);
    expect(walk.effects).toEqual([{ effect: 'verifyPin', key: '0', pin: RIGHT_PIN }]);
  });

  it('says so when no money has moved, and when the books cannot be read', () => {
    expect(dial(aMember(), [RIGHT_PIN, '1', '1', '2']).last.screen.text).toBe('Balance Group 2: 0 RWF\nNo money has moved yet.\n0 Back 00 Home');
    expect(dial(aMember({ books: {} }), [RIGHT_PIN, '1', '1', '1']).last.screen.text).toBe('The books of this group cannot be read now.\n0 Back 00 Home');
  });

  for (const language of LANGUAGES) {
    it(`in ${language}, fits 160 characters with a long group name, long member names and the largest amounts, showing all three movements`, () => {
      const crowded = aCrowdedMember(language);
      for (const group of ['2', '3', '4']) {
        const screen = dial(crowded, [RIGHT_PIN, '1', '1', group]).last.screen;
        expect(screen.kind).toBe('CON');
        expect(screen.text.length, screen.text).toBeLessThanOrEqual(160);
        const lines = screen.text.split('\n');
        expect(lines[0]).toBe(message(language, 'books_balance', { group: 'Abakundakazi.', amount: Money.ofCentimes(9_999_999_999).format(language).replace(/\u202f|\u00a0/g, ' ') }));
        // Money in or out is signed; a fine posted or waived (no money moved) shows the fine unsigned.
        expect(lines.slice(1, 4).every((line) => /^[+-]?\d/.test(line))).toBe(true);
        const figures = lines.slice(1, 4).map((line) => line.replace(/^[+-]/, '').slice(0, 14));
        expect(figures).toEqual(Array(3).fill(figures[0]));
        expect(lines[4]).toBe(message(language, 'nav'));
      }
    });
  }
});

describe('USSD menu: Group votes (core/decisions)', () => {
  it('My savings → 2 lists the open proposals; one shows its counts and the member’s vote, and a choice votes once', () => {
    const walk = dial(aMember(), [RIGHT_PIN, '1', '2', '2', '2']);
    expect(walk.answers[3]!.screen.text).toBe('Vote on which proposal?\n1 Group 1: new payout order\n2 Group 2: new late fine\n0 Back 00 Home');
    expect(walk.answers[4]!.screen.text).toBe('Group 2: new late fine. Yes 2, no 1; 2 yes needed.\nYour vote: Yes\n1 Yes\n2 No\n0 Back 00 Home');
    expect(walk.last.screen).toEqual({ kind: 'END', text: 'Your vote is recorded. You will get the result by SMS.' });
    expect(walk.effects.slice(1)).toEqual([{ effect: 'vote', key: '4', tontineId: 't2', proposalId: 'p2', vote: 'no' }]);
    expect(walk.answers.slice(3).map((a) => a.loads)).toEqual([['votes'], ['votes'], ['votes']]);
  });

  it('says so when nothing is open, and when the vote closed meanwhile', () => {
    expect(dial(aMember({ votes: [] }), [RIGHT_PIN, '1', '2']).last.screen.text).toBe('No proposal is open in your groups.\n0 Back 00 Home');
    const closed = dial(aMember(), [RIGHT_PIN, '1', '2', '1', '1'], { resolve: (e) => (e.effect === 'vote' ? { key: e.key, ok: false, error: 'proposal_closed' } : { key: e.key, ok: true }) });
    expect(closed.last.screen).toEqual({ kind: 'END', text: 'This vote has closed. Its result was sent by SMS.' });
  });

  for (const language of LANGUAGES) {
    it(`in ${language}, the list and a proposal fit 160 characters with long group names and the largest counts`, () => {
      const crowded = aCrowdedMember(language);
      const list = dial(crowded, [RIGHT_PIN, '1', '2']).last.screen;
      expect(list.text.length, list.text).toBeLessThanOrEqual(160);
      // The first proposal on the first page, and the first on the next one.
      for (const choice of [['1'], ['9', '1']]) {
        const screen = dial(crowded, [RIGHT_PIN, '1', '2', ...choice]).last.screen;
        expect(screen.kind).toBe('CON');
        expect(screen.text.length, screen.text).toBeLessThanOrEqual(160);
        expect(screen.text.endsWith(`1 ${message(language, 'opt_yes')}\n2 ${message(language, 'opt_no')}\n${message(language, 'nav')}`), screen.text).toBe(true);
      }
    });
  }
});
