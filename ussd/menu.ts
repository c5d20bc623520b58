/**
 * The USSD menu: a pure function from (session, PIN access, text, member snapshot, now, the
 * result of the last effect) to the next screen or to one effect for the channel to perform.
 *
 * The channel's loop (HTTP route, simulator) is:
 *   step = runMenu(input)
 *   while (step.kind !== 'screen')
 *     if load: input.member gets step.part; step = runMenu(input)   (same session, access, result)
 *     else:    input = { ...input, session: step.session, access: step.access,
 *                        result: await perform(step.effect) }; step = runMenu(input)
 *   save step.session (per sessionId) and step.access (per phone); answer step.screen.
 *
 * Guarantees
 * - Pure: no clock, no I/O, no randomness; the same input gives the same output, and it never
 *   throws on any text (letters, empty inputs, out-of-range choices, a 10 kB text).
 * - Every screen is CON or END, printable ASCII, at most SCREEN_LIMIT characters in every
 *   language, and whole (nothing cut) for amounts up to MAX_FITTED_AMOUNT; the menu-tree test
 *   walks every screen to check it. A notice that would not fit is left out.
 * - A registered member enters the PIN once per session before anything else; unknown numbers
 *   only see registration and the language choice, and registration ends at once, in the
 *   session's language, for a number that may not register (only Rwandan mobile numbers may).
 * - An effect is asked for only when its input has no verdict yet; once its result is given the
 *   verdict is stored, so a repeated text answers the same screen and never starts a second
 *   payment. After an END, the session answers that END to any text.
 * - `0` goes back one step and `00` home, everywhere after the PIN (input-path.ts).
 * - A part of the member snapshot is asked for (`load`) only when a screen or choice on the
 *   walked path needs it, never before the PIN: the dial and PIN steps need only the base. A
 *   `load` step changes nothing; the caller runs the same input again with the part added.
 */
import type { Language } from '../core/accounts/user.ts';
import { Money } from '../core/money/money.ts';
import { readAmount } from '../core/money/amount-input.ts';
import { MERCHANT_PAYMENT_BOUNDS } from '../core/merchants/merchant-payment-bounds.ts';
import { compareDates, type LocalDate } from '../core/shared/calendar.ts';
import { invariant } from '../core/shared/result.ts';
import { LANGUAGE_CHOICES, message, type MessageKey, type MessageParams } from './catalogues/catalogue.ts';
import { EFFECT_ERROR_MESSAGES, type Effect, type EffectError, type EffectResult } from './effects.ts';
import { formatAmount, formatCount, formatDay, formatFigure, formatKigaliTime } from './formats.ts';
import { foldNavigation, type Input, splitText } from './input-path.ts';
import type { BooksSnapshot, GroupSnapshot, LoanSnapshot, MemberPart, MemberSnapshot, NotificationSnapshot, RegisteredMember, SavingsSnapshot, SnapshotLoad, VoteSnapshot } from './member-snapshot.ts';
import { type PinAccess, recordPinAttempt, slowedUntil } from '../core/accounts/pin-slowdown.ts';
import { checkNewPin, isPinShaped } from '../core/accounts/pin-policy.ts';
import { joinLines, paginate, SCREEN_LIMIT, type Screen, truncate, ussdSafe } from './screen.ts';
import type { UssdSession, Verdict } from './session.ts';

export const DEFAULT_LANGUAGE: Language = 'en';
/** The largest amount every screen shows whole: above any savings, pot or loan the product expects (loans stop at 10,000,000 RWF). */
export const MAX_FITTED_AMOUNT = Money.ofCentimes(9_999_999_999);
const MORE = '9';
const MAX_LIST_ITEMS = 8;
/** The Group balance screen shows the last three movements. */
export const BOOKS_SHOWN = 3;
/** Merchant codes as registered (core/merchants), any case: upper-cased before the look-up. */
const MERCHANT_CODE = /^[A-Za-z0-9_-]{3,20}$/;
const NAME_PATTERN = /^\p{L}[\p{L}'. -]{1,29}$/u;
/** Widths that keep a list line short enough for several per screen. */
const WIDTH = { greeting: 14, groupInList: 14, groupInSentence: 20, recipient: 10, notification: 70, merchant: 40 } as const;

export interface MenuInput {
  readonly session: UssdSession;
  /** How wrong PINs slow the calling phone (core/accounts/pin-slowdown.ts), shared by all its sessions. */
  readonly access: PinAccess;
  /** Africa's Talking's `text`: every input of the session joined by `*`. */
  readonly text: string;
  readonly member: MemberSnapshot;
  readonly now: Date;
  /** The outcome of the effect the previous call returned. */
  readonly result?: EffectResult;
}

export type MenuStep =
  | { readonly kind: 'screen'; readonly screen: Screen; readonly session: UssdSession; readonly access: PinAccess }
  | { readonly kind: 'effect'; readonly effect: Effect; readonly session: UssdSession; readonly access: PinAccess }
  /** The walk needs this part of the member snapshot, or this merchant: add it and run the same input again. */
  | ({ readonly kind: 'load' } & SnapshotLoad);

export function runMenu(input: MenuInput): MenuStep {
  try {
    return new MenuRun(input).run();
  } catch (missing) {
    // A part is needed deep inside the walk: unwinding is simpler than threading it through every move.
    if (missing instanceof MissingPart) return { kind: 'load', ...missing.load };
    throw missing;
  }
}

class MissingPart {
  constructor(readonly load: SnapshotLoad) {}
}

/** The language the session speaks: its latest choice, else the member's, else the default. */
export function sessionLanguage(session: UssdSession, member: MemberSnapshot): Language {
  let latest: { at: number; language: Language } | null = null;
  for (const [at, verdict] of Object.entries(session.verdicts)) {
    if (verdict.kind === 'language' && (latest === null || Number(at) > latest.at)) latest = { at: Number(at), language: verdict.language };
  }
  return latest?.language ?? (member.registered ? member.language : DEFAULT_LANGUAGE);
}

/** The polite END a channel answers when something unexpected failed. */
export function faultScreen(language: Language): Screen {
  return { kind: 'END', text: message(language, 'fault') };
}

interface Notice {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

type Node =
  | { readonly at: 'welcome' }
  | { readonly at: 'language' }
  | { readonly at: 'languageSet' }
  /** The number is on a web account: its holder links it from the web; anyone else may go on. */
  | { readonly at: 'webAccount' }
  | { readonly at: 'firstName'; readonly notMine: boolean }
  | { readonly at: 'lastName'; readonly notMine: boolean; readonly firstName: string }
  | { readonly at: 'choosePin'; readonly notMine: boolean; readonly firstName: string; readonly lastName: string }
  | { readonly at: 'confirmPin'; readonly notMine: boolean; readonly firstName: string; readonly lastName: string; readonly pin: string }
  | { readonly at: 'main' }
  | { readonly at: 'savings' }
  | { readonly at: 'payList'; readonly page: number }
  | { readonly at: 'payConfirm'; readonly group: GroupSnapshot; readonly due: NonNullable<GroupSnapshot['nextDue']> }
  | { readonly at: 'payouts'; readonly page: number }
  | { readonly at: 'booksList'; readonly page: number }
  | { readonly at: 'groupBooks'; readonly tontineId: string; readonly name: string }
  /** The open proposals of the member's groups, numbered, and one of them to vote on. */
  | { readonly at: 'votesList'; readonly page: number }
  | { readonly at: 'voteOn'; readonly vote: VoteSnapshot }
  | { readonly at: 'notifications'; readonly page: number }
  | { readonly at: 'loans'; readonly page: number }
  | { readonly at: 'merchantCode' }
  | { readonly at: 'merchantAmount'; readonly code: string; readonly name: string }
  | { readonly at: 'merchantPin'; readonly code: string; readonly name: string; readonly francs: number }
  | { readonly at: 'currentPin' }
  | { readonly at: 'newPin'; readonly current: string }
  | { readonly at: 'newPinAgain'; readonly current: string; readonly pin: string };

type ListNode = Extract<Node, { page: number }>;

/** An effect and how its result becomes the verdict kept in the session. */
interface Pending {
  readonly effect: Effect;
  readonly verdictOf: (result: EffectResult) => Verdict;
}

type Move =
  | { readonly kind: 'to'; readonly node: Node; readonly notice?: Notice }
  | { readonly kind: 'stay'; readonly notice: Notice }
  | { readonly kind: 'effect'; readonly pending: Pending }
  | { readonly kind: 'end'; readonly message: MessageKey };

const INVALID: Move = { kind: 'stay', notice: { key: 'invalid_choice' } };

class MenuRun {
  private readonly verdicts: Record<string, Verdict>;
  private access: PinAccess;

  constructor(private readonly input: MenuInput) {
    this.verdicts = { ...input.session.verdicts };
    this.access = input.access;
  }

  run(): MenuStep {
    const ended = Object.entries(this.verdicts)
      .filter((entry): entry is [string, Extract<Verdict, { kind: 'ended' }>] => entry[1].kind === 'ended')
      .sort((a, b) => Number(a[0]) - Number(b[0]))[0];
    if (ended) return this.end(ended[1].message, ended[1].params);
    const split = splitText(this.input.text);
    if (!split.ok) return this.end('too_long');
    const { member } = this.input;
    if (!member.registered) return this.walk({ at: 'welcome' }, foldNavigation(split.inputs));
    const gate = this.pinGate(member, split.inputs);
    return 'from' in gate ? this.walk({ at: 'main' }, foldNavigation(split.inputs.slice(gate.from))) : gate;
  }

  private get language(): Language {
    return sessionLanguage({ verdicts: this.verdicts }, this.input.member);
  }

  /** PIN entry: each input is one attempt until one is right; 0 and 00 are just wrong-shaped PINs here. */
  private pinGate(member: RegisteredMember, inputs: readonly Input[]): { from: number } | MenuStep {
    let notice: Notice | undefined;
    for (const input of inputs) {
      let verdict: Verdict | undefined = this.verdicts[input.at];
      if (!verdict) {
        // Also on the replay with a PIN's result: a wrong PIN of another session since slowed the
        // phone, and this check's result is dropped unread, so concurrent tries gain nothing.
        const locked = slowedUntil(this.access, this.input.now);
        if (locked) return this.end('pin_locked', { time: formatKigaliTime(locked) });
        if (!isPinShaped(input.value)) {
          notice = { key: 'pin_format' };
          continue;
        }
        const settled = this.settle({ effect: { effect: 'verifyPin', key: String(input.at), pin: input.value }, verdictOf: (r) => this.pinVerdict(r.ok, null) });
        if (isStep(settled)) return settled;
        verdict = settled;
      }
      if (verdict.kind === 'signed_in') return { from: input.at + 1 };
      if (verdict.kind === 'ended') return this.end(verdict.message, verdict.params);
      if (verdict.kind === 'pin_wrong') notice = { key: 'pin_wrong', params: { left: verdict.attemptsLeft } };
    }
    const locked = slowedUntil(this.access, this.input.now);
    if (locked) return this.end('pin_locked', { time: formatKigaliTime(locked) });
    return this.con(notice, [message(this.language, 'pin_prompt', { name: truncate(ussdSafe(member.firstName), WIDTH.greeting) })]);
  }

  /** A PIN was checked: right signs in (or `rightVerdict`), wrong counts toward slowing the phone. */
  private pinVerdict(right: boolean, rightVerdict: Verdict | null, wrongMessage?: MessageKey): Verdict {
    const attempt = recordPinAttempt(this.access, right, this.input.now);
    this.access = attempt.access;
    const { outcome } = attempt;
    if (outcome.kind === 'right') return rightVerdict ?? { kind: 'signed_in' };
    if (outcome.kind === 'slowed') return ended('pin_locked', { time: formatKigaliTime(outcome.until) });
    return wrongMessage ? ended(wrongMessage) : { kind: 'pin_wrong', attemptsLeft: outcome.attemptsLeft };
  }

  /** The verdict of `pending`, from the session or from the result just given; else ask for the effect. */
  private settle(pending: Pending): Verdict | MenuStep {
    const { key } = pending.effect;
    const known = this.verdicts[key];
    if (known) return known;
    const { result } = this.input;
    if (result && result.key === key) {
      const verdict = pending.verdictOf(result);
      this.verdicts[key] = verdict;
      return verdict;
    }
    return { kind: 'effect', effect: pending.effect, session: { verdicts: this.verdicts }, access: this.access };
  }

  private walk(root: Node, path: readonly Input[]): MenuStep {
    let node = root;
    let notice: Notice | undefined;
    for (const input of path) {
      const move = this.accept(node, input);
      if (move.kind === 'stay') {
        notice = move.notice;
        continue;
      }
      if (move.kind === 'end') return this.end(move.message);
      if (move.kind === 'to') {
        node = move.node;
        notice = move.notice;
        continue;
      }
      const settled = this.settle(move.pending);
      if (isStep(settled)) return settled;
      if (settled.kind !== 'language') return settled.kind === 'ended' ? this.end(settled.message, settled.params) : this.end('fault');
      node = { at: 'languageSet' };
      notice = undefined;
    }
    return this.render(node, notice);
  }

  private accept(node: Node, input: Input): Move {
    const value = input.value;
    const member = this.input.member;
    switch (node.at) {
      case 'welcome':
        if (value === '2') return to({ at: 'language' });
        if (value !== '1') return INVALID;
        if (member.registered) return to({ at: 'firstName', notMine: false });
        if (!member.mayRegister) return { kind: 'end', message: 'reg_not_rwandan' };
        return to(member.onWebAccount ? { at: 'webAccount' } : { at: 'firstName', notMine: false });
      case 'webAccount':
        return value === '1' ? to({ at: 'firstName', notMine: true }) : INVALID;
      case 'language': {
        const choice = /^[1-4]$/.test(value) ? LANGUAGE_CHOICES[Number(value) - 1] : undefined;
        if (!choice) return INVALID;
        if (!member.registered) {
          // No account to change yet: the choice lives in the session and goes into registration.
          this.verdicts[input.at] ??= { kind: 'language', language: choice.language };
          return to({ at: 'languageSet' });
        }
        const effect: Effect = { effect: 'changeLanguage', key: String(input.at), language: choice.language };
        return { kind: 'effect', pending: { effect, verdictOf: (r) => (r.ok ? { kind: 'language', language: choice.language } : ended('fault')) } };
      }
      case 'firstName':
        return NAME_PATTERN.test(value) ? to({ at: 'lastName', notMine: node.notMine, firstName: value }) : stay('name_invalid');
      case 'lastName':
        return NAME_PATTERN.test(value) ? to({ at: 'choosePin', notMine: node.notMine, firstName: node.firstName, lastName: value }) : stay('name_invalid');
      case 'choosePin': {
        const problem = checkNewPin(value);
        return problem ? stay(problem) : to({ ...node, at: 'confirmPin', pin: value });
      }
      case 'confirmPin': {
        if (value !== node.pin) return to({ at: 'choosePin', notMine: node.notMine, firstName: node.firstName, lastName: node.lastName }, 'pin_mismatch');
        const { firstName, lastName, pin, notMine } = node;
        const effect: Effect = { effect: 'register', key: String(input.at), firstName, lastName, pin, language: this.language, notTheWebAccountHolder: notMine };
        const name = truncate(ussdSafe(firstName), WIDTH.greeting);
        return { kind: 'effect', pending: { effect, verdictOf: (r) => (r.ok ? ended('reg_done', { name }) : errorVerdict(r.error)) } };
      }
      case 'main':
        return this.acceptMain(value);
      case 'payList': {
        const chosen = this.chosenItem(node, value, this.payable());
        return chosen === 'more' ? to({ at: 'payList', page: node.page + 1 }) : chosen ? to({ at: 'payConfirm', group: chosen, due: chosen.nextDue! }) : INVALID;
      }
      case 'booksList': {
        const chosen = this.chosenItem(node, value, this.savings().groups);
        return chosen === 'more' ? to({ at: 'booksList', page: node.page + 1 }) : chosen ? to({ at: 'groupBooks', tontineId: chosen.tontineId, name: chosen.name }) : INVALID;
      }
      case 'savings':
        return value === '1' ? to({ at: 'booksList', page: 0 }) : value === '2' ? to({ at: 'votesList', page: 0 }) : INVALID;
      case 'votesList': {
        const chosen = this.chosenItem(node, value, this.votes());
        return chosen === 'more' ? to({ at: 'votesList', page: node.page + 1 }) : chosen ? to({ at: 'voteOn', vote: chosen }) : INVALID;
      }
      case 'voteOn': {
        const vote = value === '1' ? 'yes' : value === '2' ? 'no' : null;
        if (!vote) return INVALID;
        const effect: Effect = { effect: 'vote', key: String(input.at), tontineId: node.vote.tontineId, proposalId: node.vote.proposalId, vote };
        return { kind: 'effect', pending: { effect, verdictOf: (r) => (r.ok ? ended('vote_recorded') : errorVerdict(r.error)) } };
      }
      case 'payConfirm': {
        if (value !== '1') return INVALID;
        const effect: Effect = { effect: 'payContribution', key: String(input.at), tontineId: node.group.tontineId, contributionId: node.due.contributionId };
        const amount = formatAmount(node.due.amount, this.language);
        return { kind: 'effect', pending: { effect, verdictOf: (r) => (r.ok ? ended('pay_requested', { amount }) : errorVerdict(r.error)) } };
      }
      case 'merchantCode': {
        if (!MERCHANT_CODE.test(value)) return stay('merchant_code_invalid');
        // Named before any amount or PIN is asked: a mistyped code shows whom it would pay. Looked
        // up once, at the input that typed it: the session's later steps replay what was shown.
        const code = value.toUpperCase();
        const known = this.verdicts[input.at];
        const verdict = known ?? (this.verdicts[input.at] = this.merchantVerdict(code));
        if (verdict.kind !== 'merchant' || !verdict.merchant) return stay('merchant_code_unknown');
        if ('awaitingVerification' in verdict.merchant) return stay('merchant_not_verified');
        if (!verdict.merchant.acceptingPayments) return stay('merchant_not_accepting');
        return to({ at: 'merchantAmount', code, name: verdict.merchant.name });
      }
      case 'merchantAmount': {
        // The core's amount reader: huge, negative, fractional, exponent or not a number, each is refused here.
        const amount = readAmount(value, MERCHANT_PAYMENT_BOUNDS);
        return amount.ok ? to({ at: 'merchantPin', code: node.code, name: node.name, francs: amount.value.toWholeFrancs() }) : stay('merchant_amount_invalid');
      }
      case 'merchantPin': {
        if (!isPinShaped(value)) return stay('pin_format');
        const effect: Effect = { effect: 'payMerchant', key: String(input.at), merchantCode: node.code, francs: node.francs, pin: value };
        const params = { amount: formatAmount(Money.ofFrancs(node.francs), this.language), name: node.name };
        return {
          kind: 'effect',
          pending: {
            effect,
            verdictOf: (r) =>
              r.ok ? this.pinVerdict(true, ended('merchant_pay_requested', params)) : r.error === 'pin_incorrect' ? this.pinVerdict(false, null, 'merchant_pin_wrong') : errorVerdict(r.error),
          },
        };
      }
      case 'payouts':
      case 'notifications':
      case 'loans':
        return value === MORE && node.page + 1 < this.pages(node).length ? to({ at: node.at, page: node.page + 1 }) : INVALID;
      case 'currentPin':
        return isPinShaped(value) ? to({ at: 'newPin', current: value }) : stay('pin_format');
      case 'newPin': {
        const problem = checkNewPin(value) ?? (value === node.current ? 'pin_same' : null);
        return problem ? stay(problem) : to({ at: 'newPinAgain', current: node.current, pin: value });
      }
      case 'newPinAgain': {
        if (value !== node.pin) return to({ at: 'newPin', current: node.current }, 'pin_mismatch');
        const effect: Effect = { effect: 'changePin', key: String(input.at), oldPin: node.current, newPin: value };
        return { kind: 'effect', pending: { effect, verdictOf: (r) => this.pinVerdict(r.ok, ended('pin_changed'), 'pin_change_wrong') } };
      }
      case 'groupBooks':
      case 'languageSet':
        return INVALID;
    }
  }

  private acceptMain(value: string): Move {
    const entry = this.mainEntries().find((e) => e.choice === value);
    return entry ? to(entry.node) : INVALID;
  }

  /** Fixed numbers, so a choice means the same thing whatever the snapshot; loans only when there are some. */
  private mainEntries(): { choice: string; label: MessageKey; node: Node }[] {
    const member = this.registered();
    const entries: { choice: string; label: MessageKey; node: Node }[] = [
      { choice: '1', label: 'opt_savings', node: { at: 'savings' } },
      { choice: '2', label: 'opt_pay', node: { at: 'payList', page: 0 } },
      { choice: '3', label: 'opt_payouts', node: { at: 'payouts', page: 0 } },
      { choice: '4', label: 'opt_notifications', node: { at: 'notifications', page: 0 } },
      { choice: '5', label: 'opt_language', node: { at: 'language' } },
      { choice: '6', label: 'opt_change_pin', node: { at: 'currentPin' } },
    ];
    if (member.hasLoans) entries.push({ choice: '7', label: 'opt_loans', node: { at: 'loans', page: 0 } });
    entries.push({ choice: '8', label: 'opt_pay_merchant', node: { at: 'merchantCode' } });
    return entries;
  }

  /** The item a numbered list's choice names on its page, `more` for the next page, or undefined. */
  private chosenItem<T>(node: Extract<Node, { at: 'payList' | 'booksList' | 'votesList' }>, value: string, items: readonly T[]): T | 'more' | undefined {
    const pages = this.pages(node);
    if (value === MORE && node.page + 1 < pages.length) return 'more';
    const choice = /^[1-8]$/.test(value) ? Number(value) : 0;
    if (choice < 1 || choice > (pages[node.page]?.length ?? 0)) return undefined;
    const offset = pages.slice(0, node.page).reduce((sum, page) => sum + page.length, 0);
    return items[offset + choice - 1];
  }

  private registered(): RegisteredMember {
    const { member } = this.input;
    invariant(member.registered, 'the tree below the PIN gate is only walked for registered members (see run())');
    return member;
  }

  private savings(): SavingsSnapshot {
    return this.registered().savings ?? missing('groups');
  }

  private notifications(): readonly NotificationSnapshot[] {
    return this.registered().notifications ?? missing('notifications');
  }

  private loans(): readonly LoanSnapshot[] {
    return this.registered().loans ?? missing('loans');
  }

  private votes(): readonly VoteSnapshot[] {
    return this.registered().votes ?? missing('votes');
  }

  /** The merchant under `code` as the channel looked it up (asked for when missing), its name kept as shown. */
  private merchantVerdict(code: string): Verdict {
    const { merchants } = this.registered();
    if (!merchants || !Object.hasOwn(merchants, code)) throw new MissingPart({ part: 'merchant', code });
    const merchant = merchants[code];
    if (!merchant || 'awaitingVerification' in merchant) return { kind: 'merchant', merchant: merchant ?? null };
    return { kind: 'merchant', merchant: { name: truncate(ussdSafe(merchant.name), WIDTH.merchant), acceptingPayments: merchant.acceptingPayments } };
  }

  /** The group's books as the channel read them (asked for when missing). */
  private books(tontineId: string): BooksSnapshot | null {
    const { books } = this.registered();
    if (!books || !Object.hasOwn(books, tontineId)) throw new MissingPart({ part: 'books', tontineId });
    return books[tontineId] ?? null;
  }

  private payable(): GroupSnapshot[] {
    return this.savings().groups.filter((g) => g.nextDue !== null);
  }

  private listItems(node: ListNode): string[] {
    const { now } = this.input;
    const lang = this.language;
    const name = (group: GroupSnapshot) => truncate(ussdSafe(group.name), WIDTH.groupInList);
    switch (node.at) {
      case 'payList':
        return this.payable().map((g) => `${name(g)} ${formatAmount(g.nextDue!.amount, this.language)}`);
      case 'booksList':
        return this.savings().groups.map(name);
      case 'votesList':
        return this.votes().map((v) => `${truncate(ussdSafe(v.groupName), WIDTH.groupInList)}: ${message(lang, `vote_kind_${v.kind}`)}`);
      case 'payouts':
        return this.savings().groups.flatMap((g) => {
          const payout = g.nextPayout;
          if (!payout) return [];
          const who = payout.toMember ? message(lang, 'payout_you') : truncate(ussdSafe(payout.recipientFirstName), WIDTH.recipient);
          return [`${name(g)} ${formatDay(payout.date, now)} ${formatAmount(payout.amount, this.language)} ${who}`];
        });
      case 'notifications':
        return this.notifications().slice(0, 3).map((n) => truncate(`${formatDay(n.date, now)} ${ussdSafe(n.text)}`, WIDTH.notification));
      case 'loans':
        return this.loans().map((loan) => {
          const next = loan.nextInstalment;
          const status = message(lang, `loan_${loan.status}`);
          const due = next ? `, ${message(lang, 'loan_next', { amount: formatAmount(next.amount, this.language), date: formatDay(next.dueDate, now) })}` : '';
          return `${formatAmount(loan.amount, this.language)} ${status}${due}`;
        });
    }
  }

  private listTitle(node: ListNode): { title: MessageKey; empty: MessageKey } {
    switch (node.at) {
      case 'payList':
        return { title: 'pay_title', empty: 'pay_none' };
      case 'payouts':
        return { title: 'payouts_title', empty: 'payouts_none' };
      case 'booksList':
        return { title: 'books_title', empty: 'books_none' };
      case 'votesList':
        return { title: 'votes_title', empty: 'votes_none' };
      case 'notifications':
        return { title: 'notifications_title', empty: 'notifications_none' };
      case 'loans':
        return { title: 'loans_title', empty: 'loans_title' };
    }
  }

  private pages(node: ListNode): string[][] {
    const lang = this.language;
    return paginate(
      {
        head: [message(lang, this.listTitle(node).title)],
        tail: [message(lang, 'nav')],
        more: message(lang, 'more'),
        numbered: node.at === 'payList' || node.at === 'booksList' || node.at === 'votesList',
        maxItems: MAX_LIST_ITEMS,
        // Room for the one notice a list can show, so pages do not move when it appears.
        reserve: message(lang, 'invalid_choice').length + 1,
      },
      this.listItems(node),
    );
  }

  private render(node: Node, notice: Notice | undefined): MenuStep {
    const lang = this.language;
    const t = (key: MessageKey, params?: MessageParams) => message(lang, key, params);
    const nav = t('nav');
    const { now } = this.input;
    switch (node.at) {
      case 'welcome':
        return this.con(notice, [t('welcome'), `1 ${t('opt_register')}`, `2 ${t('opt_language')}`]);
      case 'language':
        return this.con(notice, [t('language_title'), ...LANGUAGE_CHOICES.map((c, i) => `${i + 1} ${c.name}`), nav]);
      case 'languageSet':
        return this.con(notice, [t('language_set'), nav]);
      case 'webAccount':
        return this.con(notice, [t('reg_web_account'), `1 ${t('opt_not_mine')}`, nav]);
      case 'firstName':
        return this.con(notice, [t('reg_first_name'), nav]);
      case 'lastName':
        return this.con(notice, [t('reg_last_name'), nav]);
      case 'choosePin':
        return this.con(notice, [t('reg_choose_pin'), nav]);
      case 'confirmPin':
        return this.con(notice, [t('reg_confirm_pin'), nav]);
      case 'main': {
        const name = truncate(ussdSafe(this.registered().firstName), WIDTH.greeting);
        return this.con(notice, [t('main_title', { name }), ...this.mainEntries().map((e) => `${e.choice} ${t(e.label)}`)]);
      }
      case 'savings': {
        const savings = this.savings();
        const due = earliest(savings.groups.flatMap((g) => (g.nextDue ? [{ date: g.nextDue.dueDate, amount: g.nextDue.amount }] : [])));
        const payout = earliest(savings.groups.flatMap((g) => (g.memberPayout ? [g.memberPayout] : [])));
        const lines = [
          t('savings_balance', { amount: formatAmount(savings.balance, this.language) }),
          t('savings_groups', { count: formatCount(savings.groups.length, lang) }),
          due ? t('savings_next_due', { amount: formatAmount(due.amount, this.language), date: formatDay(due.date, now) }) : t('savings_no_due'),
          payout ? t('savings_my_payout', { amount: formatAmount(payout.amount, this.language), date: formatDay(payout.date, now) }) : t('savings_no_payout'),
          `1 ${t('opt_group_balance')}`,
          `2 ${t('opt_votes')}`,
          nav,
        ];
        if (joinLines(lines).length <= SCREEN_LIMIT) return this.con(notice, lines);
        // Huge amounts on another year's dates leave room for one of the two lines: the count of groups leads to their balances.
        return this.con(notice, [lines[0]!, `1 ${lines[1]!}`, lines[2]!, lines[3]!, `2 ${t('opt_votes')}`, nav]);
      }
      case 'groupBooks':
        return this.groupBooks(node, notice);
      case 'payConfirm': {
        const { due } = node;
        const group = truncate(ussdSafe(node.group.name), WIDTH.groupInSentence);
        const question = t(due.fine ? 'pay_confirm_fine' : 'pay_confirm', { amount: formatAmount(due.amount, this.language), group, date: formatDay(due.dueDate, now) });
        return this.con(notice, [due.overdue ? `${question} ${t('overdue')}` : question, t('confirm'), nav]);
      }
      case 'voteOn': {
        const { vote } = node;
        const summary = t('vote_summary', { group: truncate(ussdSafe(vote.groupName), WIDTH.groupInList), kind: t(`vote_kind_${vote.kind}`), yes: vote.yes, no: vote.no, needed: vote.needed });
        const mine = vote.myVote ? [t('vote_mine', { vote: t(vote.myVote === 'yes' ? 'opt_yes' : 'opt_no') })] : [];
        return this.con(notice, [summary, ...mine, `1 ${t('opt_yes')}`, `2 ${t('opt_no')}`, nav]);
      }
      case 'payList':
      case 'booksList':
      case 'votesList':
      case 'payouts':
      case 'notifications':
      case 'loans': {
        const pages = this.pages(node);
        const page = pages[node.page];
        const { title, empty } = this.listTitle(node);
        if (!page) return this.con(notice, [t(empty), nav]);
        const more = node.page + 1 < pages.length ? [t('more')] : [];
        return this.con(notice, [t(title), ...page, ...more, nav]);
      }
      case 'merchantCode':
        return this.con(notice, [t('merchant_code_prompt'), nav]);
      case 'merchantAmount':
        return this.con(notice, [t('merchant_amount_prompt', { name: node.name }), nav]);
      case 'merchantPin':
        return this.con(notice, [t('merchant_pin_prompt', { amount: formatAmount(Money.ofFrancs(node.francs), this.language), name: node.name }), nav]);
      case 'currentPin':
        return this.con(notice, [t('pin_current'), nav]);
      case 'newPin':
        return this.con(notice, [t('pin_new'), nav]);
      case 'newPinAgain':
        return this.con(notice, [t('pin_new_again'), nav]);
    }
  }

  /**
   * A group's balance and its last three movements, one line each (sign and amount without the
   * currency the balance line names, what, who). Each line gets an equal share of what the balance
   * and the navigation leave of the screen: a long name or a huge amount shortens the line's end
   * (who), never drops a movement.
   */
  private groupBooks(node: Extract<Node, { at: 'groupBooks' }>, notice: Notice | undefined): MenuStep {
    const lang = this.language;
    const t = (key: MessageKey, params?: MessageParams) => message(lang, key, params);
    const books = this.books(node.tontineId);
    if (!books) return this.con(notice, [t('books_unavailable'), t('nav')]);
    const head = t('books_balance', { group: truncate(ussdSafe(node.name), WIDTH.groupInList), amount: formatAmount(books.balance, lang) });
    const shown = books.movements.slice(0, BOOKS_SHOWN);
    if (shown.length === 0) return this.con(notice, [head, t('books_empty'), t('nav')]);
    const room = Math.floor((SCREEN_LIMIT - head.length - t('nav').length - (shown.length + 1)) / shown.length);
    const lines = shown.map((m) => {
      // A fine posted or waived moves no money: the fine's amount, unsigned.
      const figure = m.fine ? formatFigure(m.fine, lang) : `${m.amount.isNegative() ? '-' : '+'}${formatFigure(m.amount, lang)}`;
      const line = [figure, t(`move_${m.kind}`), ...(m.member ? [ussdSafe(m.member)] : [])].join(' ');
      return truncate(line, room);
    });
    return this.con(notice, [head, ...lines, t('nav')]);
  }

  /** The notice goes on top, unless the screen would then be too long: what it explains still shows. */
  private con(notice: Notice | undefined, lines: readonly string[]): MenuStep {
    const withNotice = notice ? joinLines([message(this.language, notice.key, notice.params), ...lines]) : '';
    return this.step({ kind: 'CON', text: withNotice && withNotice.length <= SCREEN_LIMIT ? withNotice : joinLines(lines) });
  }

  private end(key: MessageKey, params: MessageParams = {}): MenuStep {
    return this.step({ kind: 'END', text: message(this.language, key, params) });
  }

  private step(screen: Screen): MenuStep {
    // Last resort past MAX_FITTED_AMOUNT: a handset would cut a longer screen anyway, and less predictably.
    const fitted = { kind: screen.kind, text: truncate(screen.text, SCREEN_LIMIT) };
    return { kind: 'screen', screen: fitted, session: { verdicts: this.verdicts }, access: this.access };
  }
}

function to(node: Node, notice?: MessageKey): Move {
  return notice ? { kind: 'to', node, notice: { key: notice } } : { kind: 'to', node };
}

function stay(key: MessageKey): Move {
  return { kind: 'stay', notice: { key } };
}

function ended(message: MessageKey, params: Readonly<Record<string, string>> = {}): Verdict {
  return { kind: 'ended', message, params };
}

function errorVerdict(error: EffectError): Verdict {
  return error === 'pin_incorrect' ? ended('fault') : ended(EFFECT_ERROR_MESSAGES[error]);
}

function missing(part: MemberPart): never {
  throw new MissingPart({ part });
}

function isStep(value: Verdict | MenuStep): value is MenuStep {
  return value.kind === 'effect' || value.kind === 'screen';
}

function earliest<T extends { date: LocalDate }>(items: readonly T[]): T | undefined {
  return [...items].sort((a, b) => compareDates(a.date, b.date))[0];
}
