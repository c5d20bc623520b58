/**
 * USSD PINs: the credential of an account used from a basic phone, keyed by its phone number.
 *
 * Guarantees
 * - One PIN per phone number and one phone number per account (`phone_taken` otherwise, also
 *   under concurrent registrations).
 * - Only the PIN's hash is stored, hashed like a password (argon2id, salted, its parameters inside
 *   the hash) but at a cost chosen for PINs (PinHasher; docs/decisions/0010-ussd-step-latency.md): a 5-digit PIN is kept
 *   safe by the lock-out, not by the hash's cost.
 * - A phone number is keyed in one form, E.164 (core/identity/phone-number.ts): a Rwandan mobile
 *   number in any form, another country's number (a provider's sandbox or a foreign SIM) written
 *   with its country code.
 */
import { normaliseInternationalNumber } from '../identity/phone-number.ts';
import type { Result } from '../shared/result.ts';
import type { PinAccess } from './pin-slowdown.ts';
import type { PasswordHasher } from './ports.ts';
import type { MemberSavings } from '../contributions/ports.ts';
import type { Language } from './user.ts';

export interface UssdPin {
  readonly phoneNumber: string;
  readonly userId: string;
  readonly pinHash: string;
}

export interface UssdPins {
  findByPhone(phoneNumber: string): Promise<UssdPin | null>;
  /** Atomic against a concurrent add of the same number; the account may be added after it in the same unit of work. */
  add(pin: UssdPin, now: Date): Promise<'added' | 'phone_taken'>;
  changeHash(phoneNumber: string, pinHash: string, now: Date): Promise<void>;
  /** Replaces the hash only while it is still `from`: a rehash never undoes a concurrent PIN change. */
  replaceHash(phoneNumber: string, from: string, to: string, now: Date): Promise<void>;
  /**
   * Makes `pin` the account's only USSD key (its number and hash), dropping a key it had under
   * another number. The caller has checked that no other account holds the number; an adapter that
   * loses a race for it throws a retryable conflict, so the unit of work runs again and sees the holder.
   */
  setForAccount(pin: UssdPin, now: Date): Promise<void>;
}

/** What every USSD step needs about a phone, read at once: its PIN, the account's first name and language, whether it has a loan. */
export interface UssdCaller {
  readonly pin: UssdPin;
  readonly firstName: string;
  readonly language: Language;
  readonly hasLoans: boolean;
  /** The account's savings, when the lock was asked for them (UssdLockOptions). */
  readonly savings?: MemberSavings;
}

export interface UssdLockOptions {
  /** Also read the caller's savings, with the session, in the same round trip. */
  readonly withSavings?: boolean;
}

/**
 * What a change of an account's phone number (core/accounts/update-profile.ts) needs of the USSD
 * keys: a basic phone finds its account by the number it dials from, and only a number proved to be
 * the account holder's may find it (set-up-ussd-access.ts), so the key does not follow a new,
 * unproved number: it ends.
 */
export interface UssdPhoneKeys {
  findByPhone(phoneNumber: string): Promise<UssdPin | null>;
  /** Removes the account's USSD key: `ended`, or `no_pin` when the account had none. */
  endFor(userId: string): Promise<'ended' | 'no_pin'>;
}

/** The hasher of PINs; a hash made at another cost still verifies, and `needsRehash` says so. */
export interface PinHasher extends PasswordHasher {
  needsRehash(hash: string): boolean;
}

/** The key of a calling phone: the gateway's number as core/identity reads every number. */
export function phoneKey(raw: string): Result<string, 'phone_number_invalid'> {
  return normaliseInternationalNumber(raw);
}

/** A USSD session's state and the phone's PIN access, as stored (what a compare-and-set compares). */
export interface StoredUssdState<Session> {
  readonly session: Session;
  readonly access: PinAccess;
}

/** A USSD session's state and the phone's PIN access, locked together for one step, and who is calling. */
export interface LockedUssdState<Session> extends StoredUssdState<Session> {
  /** What the step needs about the phone (null: no PIN, not a member), read in the same statement. */
  readonly caller: UssdCaller | null;
  /** The stored session belongs to another phone: the step is refused. */
  readonly phoneMismatch: boolean;
  /** The stored session was past its time-to-live: `session` is a new one, not yet stored. */
  readonly expired: boolean;
}

/**
 * Where USSD sessions live between steps (shared by every replica): `lock` holds the session and
 * the phone's PIN access until the unit of work ends, so two steps of one phone never interleave;
 * `saveIfUnchanged` saves without a transaction only over the state the step was computed from.
 */
export interface UssdSessionStore<Session> {
  lock(sessionId: string, phone: string, now: Date, ttlMs: number, options?: UssdLockOptions): Promise<LockedUssdState<Session>>;
  save(sessionId: string, phone: string, session: Session, access: PinAccess, now: Date, ttlMs: number): Promise<void>;
  /**
   * In one statement, outside a unit of work: saves `next` (renewing the time-to-live) only when
   * the session is live, of this phone, and both it and the phone's access still hold `expected`;
   * answers whether it saved. Atomic against `lock`, `save` and itself. Given `pinHash`, also only
   * when the phone's PIN row still has that hash.
   */
  saveIfUnchanged(sessionId: string, phone: string, expected: StoredUssdState<Session>, next: StoredUssdState<Session>, now: Date, ttlMs: number, pinHash?: string): Promise<boolean>;
  /** Deletes up to `limit` sessions expired before `before`; answers how many. */
  pruneExpired(before: Date, limit: number): Promise<number>;
}
