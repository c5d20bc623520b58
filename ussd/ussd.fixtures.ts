/** Members, a clock and a driver that runs the channel's loop around runMenu, for the USSD tests. */
import type { Language } from '../core/accounts/user.ts';
import { Money } from '../core/money/money.ts';
import { localDate } from '../core/shared/calendar.ts';
import type { Effect, EffectResult } from './effects.ts';
import type { BooksSnapshot, GroupSnapshot, LoanSnapshot, MemberSnapshot, MerchantSnapshot, NotificationSnapshot, RegisteredMember, SnapshotLoad, VoteSnapshot } from './member-snapshot.ts';
import { MOVEMENT_KINDS } from '../core/tontines/show-group-books.ts';
import { MAX_FITTED_AMOUNT, type MenuInput, runMenu } from './menu.ts';
import { FRESH_PIN_ACCESS, type PinAccess } from '../core/accounts/pin-slowdown.ts';
import type { Screen } from './screen.ts';
import { NEW_SESSION, type UssdSession } from './session.ts';

export const NOW = new Date('2026-03-10T08:00:00Z');
export const RIGHT_PIN = '24680';

export const UNKNOWN: MemberSnapshot = { registered: false, mayRegister: true, onWebAccount: false };
/** A foreign number (+254…) that has no account: it may not register. */
/** An unknown number that an account opened on the web gives as its phone. */
export const ON_WEB_ACCOUNT: MemberSnapshot = { registered: false, mayRegister: true, onWebAccount: true };
export const FOREIGN: MemberSnapshot = { registered: false, mayRegister: false, onWebAccount: false };

export function aGroup(n: number, overrides: Partial<GroupSnapshot> = {}): GroupSnapshot {
  return {
    tontineId: `t${n}`,
    name: `Group ${n}`,
    nextDue: { contributionId: `c${n}`, amount: Money.ofFrancs(5_000 * n), dueDate: localDate(2026, 3, 10 + n), overdue: false },
    nextPayout: { date: localDate(2026, 4, n), amount: Money.ofFrancs(60_000), recipientFirstName: 'Aline', toMember: false },
    memberPayout: { date: localDate(2026, 6, n), amount: Money.ofFrancs(60_000) },
    ...overrides,
  };
}

/** What a member is, flat: aMember turns it into a snapshot with every part present. */
interface MemberFacts {
  readonly firstName: string;
  readonly language: Language;
  readonly savingsBalance: Money;
  readonly groups: readonly GroupSnapshot[];
  readonly notifications: readonly NotificationSnapshot[];
  readonly loans: readonly LoanSnapshot[];
  /** The merchants a code typed finds; any other code finds none. */
  readonly merchants: Readonly<Record<string, MerchantSnapshot>>;
  /** Groups' books by tontine id; a group not in it cannot be read (null). */
  readonly books: Readonly<Record<string, BooksSnapshot>>;
  /** Open proposals of the member's groups. */
  readonly votes: readonly VoteSnapshot[];
}

/** An open proposal of group `n` (the member has not voted unless told). */
export function aVote(n: number, overrides: Partial<VoteSnapshot> = {}): VoteSnapshot {
  return { proposalId: `p${n}`, tontineId: `t${n}`, groupName: `Group ${n}`, kind: 'change_payout_order', yes: 1, no: 0, needed: 3, myVote: null, ...overrides };
}

/** Group 1's books: two contributions, a payout and its failed transfer booked back, newest first. */
export const GROUP_1_BOOKS: BooksSnapshot = {
  balance: Money.ofFrancs(70_000),
  movements: [
    { kind: 'contribution', member: 'Amina U.', amount: Money.ofFrancs(5_000) },
    { kind: 'payout_returned', member: 'Jean M.', amount: Money.ofFrancs(60_000) },
    { kind: 'payout', member: 'Jean M.', amount: Money.ofFrancs(-60_000) },
    { kind: 'contribution', member: 'Aline K.', amount: Money.ofFrancs(5_000) },
  ],
};

/** What the free inputs of the menu tree reach at the merchant code prompt: one merchant taking payments, one suspended, one awaiting verification. */
export const MERCHANTS: Readonly<Record<string, MerchantSnapshot>> = {
  ALINE: { name: 'Aline Boutique', acceptingPayments: true },
  '24680': { name: 'Closed Shop', acceptingPayments: false },
  '13579': { awaitingVerification: true },
};

export function aMember(overrides: Partial<MemberFacts> = {}): RegisteredMember {
  const facts: MemberFacts = {
    firstName: 'Jean',
    language: 'en',
    savingsBalance: Money.ofFrancs(125_000),
    groups: [aGroup(1), aGroup(2, { nextPayout: { date: localDate(2026, 3, 20), amount: Money.ofFrancs(40_000), recipientFirstName: 'Jean', toMember: true } })],
    notifications: [
      { date: localDate(2026, 3, 9), text: 'Contribution of 5,000 RWF due in 3 days for Group 1' },
      { date: localDate(2026, 3, 1), text: 'Payout received: 60,000 RWF' },
    ],
    loans: [],
    merchants: MERCHANTS,
    books: { t1: GROUP_1_BOOKS, t2: { balance: Money.ZERO, movements: [] } },
    votes: [aVote(1), aVote(2, { kind: 'change_fine', myVote: 'yes', yes: 2, no: 1, needed: 2 })],
    ...overrides,
  };
  const { firstName, language, savingsBalance, groups, notifications, loans, merchants, books, votes } = facts;
  return { registered: true, firstName, language, hasLoans: loans.length > 0, savings: { balance: savingsBalance, groups }, notifications, loans, merchants, books, votes };
}

/** The base the channel reads on every step: the snapshot without its parts. */
export function baseOf(member: MemberSnapshot): MemberSnapshot {
  if (!member.registered) return member;
  const { firstName, language, hasLoans } = member;
  return { registered: true, firstName, language, hasLoans };
}

function withPart(member: MemberSnapshot, full: MemberSnapshot, load: SnapshotLoad): MemberSnapshot {
  if (!member.registered || !full.registered) throw new Error(`part ${load.part} asked for an unregistered caller`);
  switch (load.part) {
    case 'groups':
      return { ...member, savings: full.savings };
    case 'notifications':
      return { ...member, notifications: full.notifications };
    case 'loans':
      return { ...member, loans: full.loans };
    case 'votes':
      return { ...member, votes: full.votes };
    case 'merchant':
      return { ...member, merchants: { ...member.merchants, [load.code]: full.merchants?.[load.code] ?? null } };
    case 'books':
      return { ...member, books: { ...member.books, [load.tontineId]: full.books?.[load.tontineId] ?? null } };
  }
}

/** Everything at its longest: names with accents and emoji, huge amounts, many groups, long notifications, loans. */
export function aCrowdedMember(language: Language): RegisteredMember {
  const longName = 'Abakundakazi ba Kicukiro na Nyarugenge twese hamwe \u00e9 \u{1F600}';
  const big = MAX_FITTED_AMOUNT;
  return aMember({
    firstName: 'Jean-Baptiste-Marie-Th\u00e9og\u00e8ne',
    language,
    savingsBalance: big,
    groups: Array.from({ length: 20 }, (_, i) =>
      aGroup(i + 1, {
        name: `${longName} ${i + 1}`,
        // Every fourth owes a late fine first (the longer confirmation).
        nextDue: { contributionId: `c${i}`, amount: big, dueDate: localDate(2027, 12, 31), overdue: i % 2 === 0, ...(i % 4 === 0 ? { fine: true as const } : {}) },
        nextPayout: { date: localDate(2027, 1, 1), amount: big, recipientFirstName: 'Nyiramahoro-Uwimana', toMember: i % 3 === 0 },
        memberPayout: { date: localDate(2027, 2, 2), amount: big },
      }),
    ),
    notifications: Array.from({ length: 5 }, (_, i) => ({ date: localDate(2026, 3, 9 - i), text: `${'Tr\u00e8s long message '.repeat(12)}${i}\n\u{1F389}` })),
    merchants: { ...MERCHANTS, ALINE: { name: longName, acceptingPayments: true } },
    votes: Array.from({ length: 12 }, (_, i) =>
      aVote(i + 1, { groupName: `${longName} ${i + 1}`, kind: (['change_payout_order', 'change_fine', 'waive_fine'] as const)[i % 3]!, yes: 29, no: 28, needed: 30, myVote: ([null, 'yes', 'no'] as const)[i % 3]! }),
    ),
    // Group 1's books cannot be read (null).
    books: Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`t${i + 2}`, aCrowdedBooks(i)])),
    loans: Array.from({ length: 12 }, (_, i) => ({
      amount: big,
      status: (['pending', 'approved', 'rejected', 'active', 'overdue', 'repaid'] as const)[i % 6]!,
      nextInstalment: i % 2 === 0 ? { amount: big, dueDate: localDate(2027, 5, 5) } : null,
    })),
  });
}

/**
 * A group's books at their longest: the largest amounts every screen shows whole, long names, and
 * three movements of kinds taken in turn from every kind (`n` picks where to start).
 */
export function aCrowdedBooks(n: number): BooksSnapshot {
  const big = MAX_FITTED_AMOUNT;
  const name = 'Nyiramahoro-Uwimana-Mukeshimana \u00e9 \u{1F600} U.';
  // Newest kinds first: the groups a walk reaches show every kind but `contribution`, which group 1's books show.
  const kinds = [...MOVEMENT_KINDS].reverse();
  const kind = (i: number) => kinds[(n * 3 + i) % kinds.length]!;
  return {
    balance: big,
    movements: [0, 1, 2].map((i) => {
      // A fine posted or waived moves nothing: its amount is the fine's.
      const fine = kind(i) === 'fine_posted' || kind(i) === 'fine_waived';
      return { kind: kind(i), member: kind(i) === 'rounding' ? null : name, amount: fine ? Money.ZERO : i === 1 ? big.negate() : big, ...(fine ? { fine: big } : {}) };
    }),
  };
}

export interface ChannelState {
  readonly session: UssdSession;
  readonly access: PinAccess;
}

export const FRESH: ChannelState = { session: NEW_SESSION, access: FRESH_PIN_ACCESS };

/** Answers every effect with success, and verifyPin/changePin by comparing with RIGHT_PIN. */
export function happyResolver(effect: Effect): EffectResult {
  const pin = effect.effect === 'verifyPin' ? effect.pin : effect.effect === 'changePin' ? effect.oldPin : RIGHT_PIN;
  return pin === RIGHT_PIN ? { key: effect.key, ok: true } : { key: effect.key, ok: false, error: 'pin_incorrect' };
}

/** One request of the channel: the loop of the HTTP route, without HTTP. */
export function request(
  state: ChannelState,
  text: string,
  member: MemberSnapshot,
  resolve: (effect: Effect) => EffectResult = happyResolver,
  now: Date = NOW,
): { screen: Screen; state: ChannelState; effects: Effect[]; loads: string[] } {
  const effects: Effect[] = [];
  /** Each part, and `merchant:<code>` for each merchant looked up. */
  const loads: string[] = [];
  // Like the channel: only the base first, each part added when the menu asks for it.
  let input: MenuInput = { ...state, text, member: baseOf(member), now };
  let step = runMenu(input);
  while (step.kind !== 'screen') {
    if (step.kind === 'load') {
      const load = step.part === 'merchant' ? `merchant:${step.code}` : step.part === 'books' ? `books:${step.tontineId}` : step.part;
      if (loads.includes(load)) throw new Error(`${load} asked for again on ${JSON.stringify(text)}`);
      loads.push(load);
      input = { ...input, member: withPart(input.member, member, step) };
    } else {
      effects.push(step.effect);
      if (effects.length > 5) throw new Error(`effect loop on ${JSON.stringify(text)}`);
      input = { ...input, session: step.session, access: step.access, result: resolve(step.effect) };
    }
    step = runMenu(input);
  }
  return { screen: step.screen, state: { session: step.session, access: step.access }, effects, loads };
}

/** A whole session: each input typed in turn; returns every answer. */
export function dial(member: MemberSnapshot, inputs: readonly string[], options: { state?: ChannelState; resolve?: (effect: Effect) => EffectResult; now?: Date } = {}) {
  let state = options.state ?? FRESH;
  const answers: { text: string; screen: Screen; effects: Effect[]; loads: string[] }[] = [];
  for (let i = 0; i <= inputs.length; i++) {
    const text = inputs.slice(0, i).join('*');
    const answer = request(state, text, member, options.resolve, options.now);
    state = answer.state;
    answers.push({ text, screen: answer.screen, effects: answer.effects, loads: answer.loads });
  }
  return { answers, last: answers.at(-1)!, state, effects: answers.flatMap((a) => a.effects) };
}
