/**
 * The ports the accounts module needs. Adapters: adapters/postgres (repositories, stores, rate
 * limiter), adapters/crypto (hashing, secrets).
 */
import type { SingleSignOnPending } from './single-sign-on.ts';
import type { Session, SignInLink } from './session.ts';
import type { User, UserIdentity } from './user.ts';

export interface AccountRepository {
  findById(id: string): Promise<User | null>;
  /** `email` must already be normalised. */
  findByEmail(email: string): Promise<User | null>;
  findByIdentity(provider: string, subject: string): Promise<User | null>;
  /** Atomic against concurrent registrations of the same address. */
  add(user: User): Promise<'added' | 'email_taken'>;
  linkIdentity(identity: UserIdentity): Promise<void>;
  /** Writes the changed fields of a loaded user. */
  save(user: User): Promise<void>;
}

export interface SessionStore {
  add(session: Session): Promise<void>;
  /** The account of the session with this hash, when it is neither revoked nor expired at `now` (one read). */
  findActiveUser(tokenHash: string, now: Date): Promise<User | null>;
  revoke(tokenHash: string, now: Date): Promise<void>;
}

export interface SignInLinkStore {
  add(link: SignInLink): Promise<void>;
  /**
   * Marks the link used and answers its user, atomically: of two concurrent redemptions of one
   * link exactly one gets the user. Null when unknown, used or expired at `now`.
   */
  redeem(tokenHash: string, now: Date): Promise<string | null>;
  /** Uses up every other outstanding link of the user. */
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
