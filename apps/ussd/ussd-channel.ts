/**
 * UssdChannel: one USSD request (sessionId, phone, text) answered with one screen, by running the
 * pure menu (ussd/menu.ts) and performing the effects it asks for through core use cases.
 *
 * Guarantees
 * - Requests of one session, and PIN attempts of one phone, never overwrite each other, on every
 *   replica: a step's state is saved only over the state it was computed from. A step first reads
 *   the session, the phone's PIN access and its caller in one statement (the UssdSessionStore's
 *   `lock` outside a transaction: after any request of the session in flight). A walk that
 *   changes nothing (a screen, or a PIN check or payment to ask for with no verdict yet) saves
 *   nothing; one that changes the state without an inside effect (a verdict recorded) saves it by
 *   compare-and-set (`saveIfUnchanged`, one statement). Any other step, and one whose
 *   compare-and-set found the state changed meanwhile, runs in a transaction that first locks the
 *   session row and the phone's PIN access row, and walks again over what it locked.
 * - A repeated (sessionId, text) answers the same screen: the menu replays the text over the
 *   stored verdicts, so an effect with a verdict is never performed again.
 * - Two effects run OUTSIDE the session's transaction, holding no lock and no connection: the
 *   payment, as PayContributionByMobileMoney requires (its attempt commits before the provider is
 *   asked; the web's use case, from the caller's phone), and
 *   the PIN check (argon2 is slow on purpose, and changes nothing). The session is saved before
 *   and the verdict recorded after, over the state it was computed from, where the menu counts a
 *   wrong PIN against the phone's access state: concurrent attempts change it, so the later
 *   compare-and-set fails and that verdict is recorded under the lock: all are counted.
 * - A payment is started at most once per session step: the use case is idempotent by the key
 *   `<sessionId>:<step>`; a duplicate request that raced in reaches the same attempt (`exists`)
 *   and the provider sees one request; once the verdict is saved, the menu asks no more. A
 *   merchant payment likewise, by `ussd:<sessionId>:<step>` (unique among merchant transactions).
 * - Every other effect (registration, PIN change, language) commits with the session state it
 *   produced, or not at all.
 * - A step reads the member's base (with its session, in the same statement, and the PIN row the
 *   PIN check then uses) and only the snapshot parts the menu asks for, each at most once per
 *   request.
 * - The process remembers the last step it answered of each session that went on (the caller it
 *   read and the state it left stored; the 10,000 latest), to send fewer statements, never to
 *   decide what to show or allow:
 *   - At the PIN prompt, the step that checks the PIN starts from it, with no read of its own:
 *     the PIN is checked against the remembered hash, and the step answers only once a
 *     compare-and-set over the remembered state, which also requires the phone's PIN row to hold
 *     that hash still, has saved the verdict. Anything changed meanwhile (a wrong PIN in another
 *     session, a new PIN, another replica's answer) fails it, and the step starts over from the
 *     store as any other; the check made counts for nothing.
 *   - A session whose last step ended signed in reads the groups part in its first statement:
 *     most screens after the PIN show it (savings, paying, payouts). The menu still shows only
 *     what its path asks for, and a step the guess missed reads the part as before.
 * - Expired sessions are pruned after a first step is answered, by one statement of bounded size,
 *   at most one at a time per channel and at most once a second unless the last one found more
 *   than its batch: a burst of new sessions does not queue a prune behind each.
 * - Never throws: a fault is logged and answered with the polite END in the member's language.
 */
import type { PayMerchant } from '../../core/merchants/pay-merchant.ts';
import type { VoteOnProposal } from '../../core/decisions/vote-on-proposal.ts';
import type { Logger } from 'pino';
import type { ChangeLanguage } from '../../core/accounts/change-language.ts';
import type { ChangeUssdPin } from '../../core/accounts/change-ussd-pin.ts';
import type { AccountRepository } from '../../core/accounts/ports.ts';
import type { RegisterByPhone } from '../../core/accounts/register-by-phone.ts';
import type { Language } from '../../core/accounts/user.ts';
import type { MemberSnapshot } from '../../ussd/member-snapshot.ts';
import { phoneKey } from '../../core/accounts/ussd-pins.ts';
import type { VerifyUssdPin } from '../../core/accounts/verify-ussd-pin.ts';
import type { PayContributionByMobileMoney } from '../../core/contributions/pay-contribution-by-mobile-money.ts';
import type { PayerOf } from '../../core/payments/ports.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import type { Effect, EffectResult } from '../../ussd/effects.ts';
import { DEFAULT_LANGUAGE, faultScreen, runMenu, sessionLanguage, type MenuInput, type MenuStep } from '../../ussd/menu.ts';
import type { Screen } from '../../ussd/screen.ts';
import { isSignedIn, type UssdSession } from '../../ussd/session.ts';
import type { StoredUssdState, UssdCaller, UssdSessionStore } from '../../core/accounts/ussd-pins.ts';
import type { CallerSnapshot, UssdMemberSnapshots } from './member-snapshots.ts';

/** Africa's Talking ends a session after about 180 s; a retried step may come a little later. */
export const USSD_SESSION_TTL_MS = 5 * 60_000;
/** Expired sessions deleted per prune: bounded work, and the table stays small. */
const PRUNE_BATCH = 100;
/** Between two prunes that each found fewer than PRUNE_BATCH expired sessions (no backlog). */
const PRUNE_INTERVAL_MS = 1_000;
/** A step needs at most 3 PIN checks (the third wrong one locks) and 1 payment outside, then its screen. */
const MAX_ROUNDS = 5;
/** Sessions whose last step is remembered: far more than are open at once on one replica. */
const MAX_ANSWERED_SESSIONS = 10_000;

export interface UssdRequest {
  readonly sessionId: string;
  readonly phoneNumber: string;
  readonly text: string;
}

export interface UssdChannelDeps {
  store: UssdSessionStore<UssdSession>;
  snapshots: UssdMemberSnapshots;
  uow: UnitOfWork;
  clock: Clock;
  logger: Logger;
  verifyPin: VerifyUssdPin;
  register: RegisterByPhone;
  changePin: ChangeUssdPin;
  changeLanguage: ChangeLanguage;
  payContribution: PayContributionByMobileMoney;
  /** The number the provider collects from for the caller's phone, and that provider (core/payments/ports.ts PayerOf). */
  payerOf: PayerOf;
  payMerchant: PayMerchant;
  /** Whether an account opened on the web gives the number: asked for callers without a PIN only. */
  accounts: Pick<AccountRepository, 'webAccountHasPhone'>;
  /** A member's vote on an open proposal of their group (core/decisions). */
  voteOnProposal: Pick<VoteOnProposal, 'execute'>;
}

type OutsideEffect = Extract<Effect, { effect: 'payContribution' | 'verifyPin' | 'payMerchant' }>;
type InsideEffect = Exclude<Effect, OutsideEffect>;
/** A screen comes with the state it left stored (none: the step was refused). */
type AnsweredRound = { readonly screen: Screen; readonly stored?: StoredUssdState<UssdSession> };
type Round = AnsweredRound | { readonly outside: OutsideEffect };
type Stored = StoredUssdState<UssdSession>;
interface Context {
  readonly request: UssdRequest;
  readonly phone: string;
  readonly caller: CallerSnapshot;
  readonly now: Date;
  /** The caller's snapshot with the parts loaded so far in this request. */
  member: MemberSnapshot;
  language: Language;
}

function isOutside(effect: Effect): effect is OutsideEffect {
  return effect.effect === 'payContribution' || effect.effect === 'verifyPin' || effect.effect === 'payMerchant';
}

/** What this process answered a session's last step with: its caller and the state it left stored. */
interface Answered {
  readonly phone: string;
  readonly caller: UssdCaller | null;
  readonly stored: Stored;
  /** The session is signed in (else, with a caller, it is at the PIN prompt). */
  readonly signedIn: boolean;
}

export class UssdChannel {
  private pruning = false;
  /** No prune starts before this instant (ms since the epoch). */
  private nextPruneAt = 0;
  /** The last step this process answered of each session that went on (oldest forgotten first); see `finish`. */
  private readonly answered = new Map<string, Answered>();

  constructor(private readonly deps: UssdChannelDeps) {}

  async answer(request: UssdRequest): Promise<Screen> {
    let language: Language = DEFAULT_LANGUAGE;
    try {
      const phone = phoneKey(request.phoneNumber);
      if (!phone.ok) return faultScreen(language);
      const now = this.deps.clock.now();
      const last = this.answered.get(request.sessionId);
      const remembered = last?.phone === phone.value ? last : undefined;
      const contextOf = (caller: UssdCaller | null, onWebAccount = false): Context => {
        const snapshot = this.deps.snapshots.of(phone.value, caller, now, onWebAccount);
        if (snapshot.member.registered) language = snapshot.member.language;
        return { request, phone: phone.value, caller: snapshot, now, member: snapshot.member, language };
      };
      // At the PIN prompt, the step that checks the PIN starts from what this process answered last.
      if (remembered?.caller && !remembered.signedIn) {
        const answer = await this.steps(contextOf(remembered.caller), remembered.stored, remembered.caller.pin.pinHash, (l) => (language = l));
        if (answer) return this.finish(request, phone.value, remembered.caller, answer, now);
      }
      const opened = await this.deps.store.lock(request.sessionId, phone.value, now, USSD_SESSION_TTL_MS, { withSavings: remembered?.signedIn ?? false });
      // What the store holds as far as this request knows; undefined: the next round runs under the lock.
      const known = opened.phoneMismatch || opened.expired ? undefined : { session: opened.session, access: opened.access };
      // Registration warns a caller whose number a web account gives: one indexed read, for callers without a PIN only.
      const onWebAccount = opened.caller === null && (await this.deps.accounts.webAccountHasPhone(phone.value));
      const answer = await this.steps(contextOf(opened.caller, onWebAccount), known, undefined, (l) => (language = l));
      if (!answer) throw new Error('a step over the state it read asked to start over');
      return this.finish(request, phone.value, opened.caller, answer, now);
    } catch (error) {
      this.deps.logger.error({ err: error, sessionId: request.sessionId }, 'ussd request failed');
      return faultScreen(language);
    }
  }

  /**
   * The rounds of one step from `known`, the state as the step read it (undefined: the first round
   * runs under the lock), or as this process remembers it when `rememberedPin` is given: the
   * screen and the state it left.
   *
   * From a remembered state nothing is performed but PIN checks (which change nothing), and
   * nothing is answered, until a compare-and-set over it (`rememberedPin` still the phone's PIN)
   * has shown it current; null when it did not (the state or the PIN changed meanwhile, or the
   * walk wanted anything else): the step then starts over from the store, and a PIN checked so far
   * counts for nothing.
   */
  private async steps(context: Context, known: Stored | undefined, rememberedPin: string | undefined, onLanguage: (language: Language) => void): Promise<AnsweredRound | null> {
    let result: EffectResult | undefined;
    let current = rememberedPin === undefined;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const optimistic = known ? await this.optimisticRound(context, known, result, current ? undefined : rememberedPin).finally(() => onLanguage(context.language)) : null;
      if (!current) {
        if (!optimistic || ('outside' in optimistic && optimistic.outside.effect !== 'verifyPin')) return null;
        current = optimistic.saved;
      }
      const outcome = optimistic ?? (await this.round(context, result).finally(() => onLanguage(context.language)));
      known = optimistic?.stored;
      if ('screen' in outcome) return outcome;
      result = await this.performOutside(outcome.outside, context.request.sessionId, context.phone, context.caller);
    }
    throw new Error(`more than ${MAX_ROUNDS} rounds for one step`);
  }

  /**
   * A walk over `known` (the state as this request read or saved it) outside a transaction: its
   * outcome and the state now stored, when it changed nothing or its compare-and-set saved the
   * change; null when the step must run under the lock (an inside effect to perform, or the state
   * changed meanwhile). Given `unverifiedPin` (`known` is remembered, not read), a screen is saved
   * over it even unchanged, and every save also checks the phone's PIN row still has that hash.
   */
  private async optimisticRound(context: Context, known: Stored, result: EffectResult | undefined, unverifiedPin: string | undefined): Promise<(Round & { readonly stored: Stored; readonly saved: boolean }) | null> {
    const { request, phone, now } = context;
    const step = await this.walk(context, known, result, false);
    const outcome: Round | null = step.kind === 'screen' ? { screen: step.screen } : isOutside(step.effect) ? { outside: step.effect } : null;
    if (outcome === null) return null;
    // The menu records the verdict of the result it is given: asking again for it is a bug.
    if ('outside' in outcome && outcome.outside.key === result?.key) throw new Error(`effect ${outcome.outside.key} asked for again after its outcome`);
    const stored: Stored = { session: step.session, access: step.access };
    const unchanged = JSON.stringify(stored) === JSON.stringify(known);
    const save = !unchanged || (unverifiedPin !== undefined && 'screen' in outcome);
    if (save && !(await this.deps.store.saveIfUnchanged(request.sessionId, phone, known, stored, now, USSD_SESSION_TTL_MS, unverifiedPin))) return null;
    return { ...outcome, stored, saved: save };
  }

  /** Remembers the step answered (see `answered`), prunes after a first step, and answers its screen. */
  private finish(request: UssdRequest, phone: string, caller: UssdCaller | null, answer: AnsweredRound, now: Date): Screen {
    this.answered.delete(request.sessionId);
    // A session that ended, or a step refused, is not worth remembering.
    if (answer.screen.kind === 'CON' && answer.stored) {
      if (this.answered.size >= MAX_ANSWERED_SESSIONS) this.answered.delete(this.answered.keys().next().value!);
      // The caller without the savings read with it: those are read afresh for each step.
      const base = caller && { pin: caller.pin, firstName: caller.firstName, language: caller.language, hasLoans: caller.hasLoans };
      this.answered.set(request.sessionId, { phone, caller: base, stored: answer.stored, signedIn: isSignedIn(answer.stored.session) });
    }
    // Not awaited: the member's answer does not wait for housekeeping.
    if (request.text === '') this.prune(now);
    return answer.screen;
  }

  /** One transaction under the session's lock: replay the menu, perform the inside effects, save. */
  private round(context: Context, result: EffectResult | undefined): Promise<Round> {
    const { store, uow } = this.deps;
    const { request, phone, now } = context;
    return uow.run(async () => {
      const locked = await store.lock(request.sessionId, phone, now, USSD_SESSION_TTL_MS);
      if (locked.phoneMismatch) {
        this.deps.logger.warn({ sessionId: request.sessionId }, 'ussd session id reused by another phone: refused');
        return { screen: faultScreen(sessionLanguage(locked.session, context.member)) };
      }
      const step = await this.walk(context, locked, result, true);
      await store.save(request.sessionId, phone, step.session, step.access, now, USSD_SESSION_TTL_MS);
      if (step.kind === 'screen') return { screen: step.screen, stored: { session: step.session, access: step.access } };
      const { effect } = step;
      // The menu records the verdict of the result it is given: asking again for it is a bug.
      if (!isOutside(effect) || effect.key === result?.key) throw new Error(`effect ${effect.key} asked for again after its outcome`);
      return { outside: effect };
    });
  }

  /** Runs the menu over the locked state, adding the snapshot parts it asks for, and performing the inside effects when `inside`. */
  private async walk(context: Context, locked: Stored, result: EffectResult | undefined, inside: boolean): Promise<Exclude<MenuStep, { kind: 'load' }>> {
    const { request, phone, caller, now } = context;
    let input: MenuInput = { text: request.text, member: context.member, now, session: locked.session, access: locked.access, ...(result ? { result } : {}) };
    context.language = sessionLanguage(locked.session, context.member);
    for (;;) {
      const step = runMenu(input);
      if (step.kind === 'load') {
        // The menu asks only for a part it lacks; the same input runs again with it.
        const member = input.member;
        if (!member.registered) throw new Error(`snapshot part ${step.part} asked for an unregistered caller`);
        context.member = await this.deps.snapshots.withPart(member, this.userOf(caller), step, now);
        input = { ...input, member: context.member };
        continue;
      }
      context.language = sessionLanguage(step.session, context.member);
      if (!inside || step.kind === 'screen' || isOutside(step.effect)) return step;
      const done = await this.perform(step.effect, phone, caller);
      input = { ...input, session: step.session, access: step.access, result: done };
    }
  }

  private async perform(effect: InsideEffect, phone: string, caller: CallerSnapshot): Promise<EffectResult> {
    const { key } = effect;
    switch (effect.effect) {
      case 'register': {
        const { firstName, lastName, pin, language, notTheWebAccountHolder } = effect;
        const registered = await this.deps.register.execute({ phoneNumber: phone, firstName, lastName, pin, language, notTheWebAccountHolder });
        if (registered.ok) return { key, ok: true };
        // The channel keyed the phone (phoneKey): it is a phone number, Rwandan or not.
        if (registered.error === 'phone_number_invalid') throw new Error(`registration refused: ${registered.error}`);
        return { key, ok: false, error: registered.error };
      }
      case 'changePin': {
        const changed = await this.deps.changePin.execute({ phoneNumber: phone, oldPin: effect.oldPin, newPin: effect.newPin });
        return changed.ok ? { key, ok: true } : { key, ok: false, error: changed.error };
      }
      case 'changeLanguage': {
        const changed = await this.deps.changeLanguage.execute({ userId: this.userOf(caller), language: effect.language });
        // The account exists: its PIN row was found and goes with it.
        if (!changed.ok) throw new Error(`language change refused: ${changed.error}`);
        return { key, ok: true };
      }
      case 'vote': {
        // In the session's transaction: the vote and the verdict that shows it commit together.
        const voted = await this.deps.voteOnProposal.execute({ tontineId: effect.tontineId, proposalId: effect.proposalId, userId: this.userOf(caller), vote: effect.vote });
        return voted.ok ? { key, ok: true } : { key, ok: false, error: voted.error };
      }
    }
  }

  private async performOutside(effect: OutsideEffect, sessionId: string, phone: string, caller: CallerSnapshot): Promise<EffectResult> {
    const { key } = effect;
    if (effect.effect === 'verifyPin') {
      const verified = await this.deps.verifyPin.execute({ phoneNumber: phone, pin: effect.pin, stored: caller.pin });
      return verified.ok ? { key, ok: true } : { key, ok: false, error: verified.error };
    }
    if (effect.effect === 'payMerchant') {
      // The PIN confirms this payment: checked (and counted) first, then the same use case as the pay page.
      const verified = await this.deps.verifyPin.execute({ phoneNumber: phone, pin: effect.pin, stored: caller.pin });
      if (!verified.ok) return { key, ok: false, error: verified.error };
      // Keyed by the session's step: a replayed step, or two replicas racing on it, start one collection.
      const paid = await this.deps.payMerchant.execute({
        merchantCode: effect.merchantCode,
        francs: effect.francs,
        customerPhoneNumber: phone,
        idempotencyKey: `ussd:${sessionId}:${key}`,
      });
      // The step's text, hence merchant and amount, and the caller's phone are the same on every
      // replay of it: another request under its key is a fault (logged, the polite END), not a payment.
      if (paid.ok) return { key, ok: true };
      if (paid.error === 'idempotency_key_reused') throw new Error(`merchant payment key ussd:${sessionId}:${key} reused by another request`);
      return { key, ok: false, error: paid.error };
    }
    // The web's use case, from the caller's own phone; keyed by the session's step.
    const paid = await this.deps.payContribution.execute({
      contributionId: effect.contributionId,
      userId: this.userOf(caller),
      idempotencyKey: `${sessionId}:${key}`,
      phoneNumber: phone,
      profilePhoneNumber: null,
    });
    if (paid.ok) return paid.value.refused ? { key, ok: false, error: 'mobile_money_refused' } : { key, ok: true };
    switch (paid.error) {
      // A number the provider cannot collect from is its refusal, asked or not.
      case 'phone_number_invalid':
        return { key, ok: false, error: 'mobile_money_refused' };
      // The step's contribution and the caller's phone are the same on every replay of it: a fault (logged, the polite END).
      case 'phone_number_required':
      case 'idempotency_key_reused':
      case 'payment_not_found':
        throw new Error(`contribution payment key ${sessionId}:${key}: ${paid.error}`);
      default:
        return { key, ok: false, error: paid.error };
    }
  }

  private userOf(caller: CallerSnapshot): string {
    if (caller.pin === null) throw new Error('an effect of a registered member for an unknown caller');
    return caller.pin.userId;
  }

  /** Best effort after a session's first step is answered: it never throws, an error is only logged. */
  private prune(now: Date): void {
    if (this.pruning || now.getTime() < this.nextPruneAt) return;
    this.pruning = true;
    this.deps.store
      .pruneExpired(now, PRUNE_BATCH)
      .then(
        // A full batch may have left more behind: the next first step prunes again.
        (deleted) => (this.nextPruneAt = deleted < PRUNE_BATCH ? now.getTime() + PRUNE_INTERVAL_MS : 0),
        (error: unknown) => {
          this.nextPruneAt = now.getTime() + PRUNE_INTERVAL_MS;
          this.deps.logger.warn({ err: error }, 'ussd session pruning failed');
        },
      )
      .finally(() => (this.pruning = false));
  }
}
