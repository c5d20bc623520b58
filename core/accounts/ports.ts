/**
 * The ports the accounts module needs. Adapters: adapters/postgres (repositories, stores, rate
 * limiter), adapters/crypto (hashing, secrets).
 */
import type { SingleSignOnPending } from './single-sign-on.ts';
import type { FailureCount } from './sign-in-throttle.ts';
import type { Session, SignInLink, SignInLinkPurpose } from './session.ts';
import type { User, UserIdentity } from './user.ts';

export interface AccountRepository {
  findById(id: string): Promise<User | null>;
  /** `email` must already be normalised. */
  findByEmail(email: string): Promise<User | null>;
  findByIdentity(provider: string, subject: string): Promise<User | null>;
  /** Whether an account opened on the web (it has an e-mail address) gives this E.164 number as its phone. */
  webAccountHasPhone(phoneNumber: string): Promise<boolean>;
  /** Atomic against concurrent registrations of the same address. */
  add(user: User): Promise<'added' | 'email_taken'>;
  linkIdentity(identity: UserIdentity): Promise<void>;
  /** Writes the changed fields of a loaded user. */
  save(user: User): Promise<void>;
}

/** The accounts as an administrator lists them (`users list`). */
export interface AccountListing {
  /** Newest first. */
  list(limit: number): Promise<User[]>;
}

/** A session found by its secret, with what the session policy needs to judge it. */
export interface FoundSession {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: User;
}

export interface SessionStore {
  add(session: Session): Promise<void>;
  /**
   * The session with this hash and its account, when it is not revoked and not past its absolute
   * expiry at `now` (one read; the idle rule is the caller's, core/accounts/session-policy.ts).
   */
  findByToken(tokenHash: string, now: Date): Promise<FoundSession | null>;
  /** Records a use of the session at `now` (never moves `lastSeenAt` back). */
  touch(sessionId: string, now: Date): Promise<void>;
  revoke(tokenHash: string, now: Date): Promise<void>;
  /** The user's sessions neither revoked nor past their absolute expiry at `now`, newest first. */
  listOpen(userId: string, now: Date): Promise<Session[]>;
  /** Revokes one open session of this user; false when the user has no such open session. */
  revokeOne(userId: string, sessionId: string, now: Date): Promise<boolean>;
  /** Revokes every open session of the user, but `exceptSessionId` when given. */
  revokeAllOf(userId: string, now: Date, exceptSessionId?: string): Promise<void>;
}

export interface SignInLinkStore {
  add(link: SignInLink): Promise<void>;
  /**
   * Marks the link used and answers its user and purpose, atomically: of two concurrent
   * redemptions of one link exactly one gets the user. Null when unknown, used, expired at `now`,
   * or of a purpose not in `purposes` (such a link stays unused).
   */
  redeem(tokenHash: string, purposes: readonly SignInLinkPurpose[], now: Date): Promise<{ userId: string; purpose: SignInLinkPurpose } | null>;
  /** Uses up every other outstanding link of the user, of every purpose. */
  invalidateOutstanding(userId: string, now: Date): Promise<void>;
}

/** The pending state of a provider sign-in, kept between the redirect and the callback. */
export interface SingleSignOnAttempts {
  add(pending: SingleSignOnPending, expiresAt: Date): Promise<void>;
  /** Removes and answers the attempt with this state, when it has not expired at `now`. */
  take(state: string, now: Date): Promise<SingleSignOnPending | null>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface SecretTokens {
  /** A new random secret for the member and the hash under which it is stored. */
  issue(): { token: string; hash: string };
  hash(token: string): string;
}

export interface RateLimitHit {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends. */
  resetInSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt under `key` in a window of `windowSeconds`, shared by every replica. */
  hit(key: string, windowSeconds: number, now: Date): Promise<RateLimitHit>;
}

/** Attempt counters that only matter for a while (rate-limit windows, sign-in failures). */
export interface ExpiringCounters {
  /** Drops what was last touched before `before`; answers how many were dropped. */
  prune(before: Date): Promise<number>;
}

export interface ThrottleStore {
  /**
   * The failure counts of these keys, in the order asked (a key never seen counts zero), each
   * locked against concurrent attempts until the caller's unit of work ends.
   */
  lock(keys: readonly string[]): Promise<FailureCount[]>;
  save(key: string, count: FailureCount): Promise<void>;
}
