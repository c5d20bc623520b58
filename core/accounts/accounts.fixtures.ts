/**
 * In-memory fakes of the accounts ports, for the core tests. They keep the ports' guarantees
 * (atomic add, single-use redeem) in the simplest way a single thread allows.
 */
import type { OutgoingMessage, Outbox } from '../notifications/outbox.ts';
import { ManualClock, SequentialIds } from '../shared/shared.fixtures.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { AttemptLimits, type AttemptLimitPolicy } from './attempt-limits.ts';
import type {
  AccountRepository,
  PasswordHasher,
  RateLimiter,
  RateLimitHit,
  SecretTokens,
  SessionStore,
  SignInLinkStore,
  SingleSignOnAttempts,
  ThrottleStore,
} from './ports.ts';
import type { Session, SignInLink, SignInLinkPurpose } from './session.ts';
import { DEFAULT_SESSION_POLICY } from './session-policy.ts';
import { NO_FAILURES, SignInThrottle, type FailureCount } from './sign-in-throttle.ts';
import type { SingleSignOnPending } from './single-sign-on.ts';
import { SessionStarter } from './start-session.ts';
import type { User, UserIdentity } from './user.ts';
import type { UssdPin, UssdPins } from './ussd-pins.ts';

export { ManualClock };

export { SequentialIds };

export class InMemoryAccounts implements AccountRepository {
  users = new Map<string, User>();
  identities: UserIdentity[] = [];
  async findById(id: string) {
    return this.users.get(id) ?? null;
  }
  async findByEmail(email: string) {
    return [...this.users.values()].find((u) => u.email === email) ?? null;
  }
  async webAccountHasPhone(phoneNumber: string) {
    return [...this.users.values()].some((u) => u.email !== null && u.phoneNumber === phoneNumber);
  }
  async findByIdentity(provider: string, subject: string) {
    const identity = this.identities.find((i) => i.provider === provider && i.subject === subject);
    return identity ? this.findById(identity.userId) : null;
  }
  async add(user: User) {
    if (user.email !== null && (await this.findByEmail(user.email))) return 'email_taken' as const;
    this.users.set(user.id, user);
    return 'added' as const;
  }
  async linkIdentity(identity: UserIdentity) {
    if (!this.identities.some((i) => i.provider === identity.provider && i.subject === identity.subject)) this.identities.push(identity);
  }
  async save(user: User) {
    this.users.set(user.id, user);
  }
}

/** The USSD keys: one per number, one per account. */
export class InMemoryPins implements UssdPins {
  pins = new Map<string, UssdPin>();
  async findByPhone(phoneNumber: string) {
    return this.pins.get(phoneNumber) ?? null;
  }
  async add(pin: UssdPin) {
    if (this.pins.has(pin.phoneNumber)) return 'phone_taken' as const;
    this.pins.set(pin.phoneNumber, pin);
    return 'added' as const;
  }
  async changeHash(phoneNumber: string, pinHash: string) {
    const pin = this.pins.get(phoneNumber);
    if (pin) this.pins.set(phoneNumber, { ...pin, pinHash });
  }
  async replaceHash(phoneNumber: string, from: string, to: string) {
    const pin = this.pins.get(phoneNumber);
    if (pin?.pinHash === from) this.pins.set(phoneNumber, { ...pin, pinHash: to });
  }
  async setForAccount(pin: UssdPin) {
    for (const [phone, held] of this.pins) if (held.userId === pin.userId) this.pins.delete(phone);
    this.pins.set(pin.phoneNumber, pin);
  }
}

export class InMemorySessions implements SessionStore {
  sessions: Session[] = [];
  constructor(private readonly accounts: InMemoryAccounts) {}
  async add(session: Session) {
    this.sessions.push(session);
  }
  touches = 0;
  private open(now: Date) {
    return this.sessions.filter((x) => x.revokedAt === null && x.expiresAt > now);
  }
  async findByToken(tokenHash: string, now: Date) {
    const s = this.open(now).find((x) => x.tokenHash === tokenHash);
    const user = s ? await this.accounts.findById(s.userId) : null;
    return s && user ? { sessionId: s.id, lastSeenAt: s.lastSeenAt, expiresAt: s.expiresAt, user } : null;
  }
  async touch(sessionId: string, now: Date) {
    this.touches++;
    for (const s of this.sessions) if (s.id === sessionId && s.lastSeenAt < now) s.lastSeenAt = now;
  }
  async revoke(tokenHash: string, now: Date) {
    for (const s of this.sessions) if (s.tokenHash === tokenHash && s.revokedAt === null) s.revokedAt = now;
  }
  async listOpen(userId: string, now: Date) {
    return this.open(now)
      .filter((s) => s.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  async revokeOne(userId: string, sessionId: string, now: Date) {
    const s = this.open(now).find((x) => x.id === sessionId && x.userId === userId);
    if (s) s.revokedAt = now;
    return s !== undefined;
  }
  async revokeAllOf(userId: string, now: Date, exceptSessionId?: string) {
    for (const s of this.open(now)) if (s.userId === userId && s.id !== exceptSessionId) s.revokedAt = now;
  }
}

export class InMemoryLinks implements SignInLinkStore {
  links: SignInLink[] = [];
  async add(link: SignInLink) {
    this.links.push(link);
  }
  async redeem(tokenHash: string, purposes: readonly SignInLinkPurpose[], now: Date) {
    const link = this.links.find((l) => l.tokenHash === tokenHash && purposes.includes(l.purpose) && l.usedAt === null && l.expiresAt > now);
    if (!link) return null;
    link.usedAt = now;
    return { userId: link.userId, purpose: link.purpose };
  }
  async invalidateOutstanding(userId: string, now: Date) {
    for (const l of this.links) if (l.userId === userId && l.usedAt === null) l.usedAt = now;
  }
}

export class InMemorySsoAttempts implements SingleSignOnAttempts {
  attempts = new Map<string, { pending: SingleSignOnPending; expiresAt: Date }>();
  async add(pending: SingleSignOnPending, expiresAt: Date) {
    this.attempts.set(pending.state, { pending, expiresAt });
  }
  async take(state: string, now: Date) {
    const found = this.attempts.get(state);
    this.attempts.delete(state);
    return found && found.expiresAt > now ? found.pending : null;
  }
}

/** Reversible stand-in for argon2: enough to tell right from wrong. */
export class PlainHasher implements PasswordHasher {
  verifications = 0;
  async hash(password: string) {
    return `hashed:${password}`;
  }
  async verify(hash: string, password: string) {
    this.verifications++;
    return hash === `hashed:${password}`;
  }
}

export class CountingSecrets implements SecretTokens {
  private n = 0;
  issue() {
    const token = `secret-${++this.n}`;
    return { token, hash: this.hash(token) };
  }
  hash(token: string) {
    return `sha(${token})`;
  }
}

export class CountingLimiter implements RateLimiter {
  counts = new Map<string, number>();
  async hit(key: string, windowSeconds: number, now: Date): Promise<RateLimitHit> {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    const k = `${key}@${start}`;
    const count = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, count);
    return { count, resetInSeconds: Math.ceil((start + windowMs - now.getTime()) / 1000) };
  }
}

export class InMemoryOutbox implements Outbox {
  messages: OutgoingMessage[] = [];
  async enqueue(message: OutgoingMessage) {
    this.messages.push(message);
  }
}

export class InMemoryThrottleStore implements ThrottleStore {
  counts = new Map<string, FailureCount>();
  async lock(keys: readonly string[]) {
    return keys.map((key) => this.counts.get(key) ?? NO_FAILURES);
  }
  async save(key: string, count: FailureCount) {
    this.counts.set(key, count);
  }
}

/** Runs the work directly and undoes nothing: enough for rules that do not depend on rollback. */
export const directUnitOfWork: UnitOfWork = { run: (work) => work() };

export function accountsWorld(policy: AttemptLimitPolicy = { perAddress: 10, perIp: 50, windowSeconds: 900 }) {
  const clock = new ManualClock();
  const ids = new SequentialIds();
  const accounts = new InMemoryAccounts();
  const sessions = new InMemorySessions(accounts);
  const links = new InMemoryLinks();
  const ssoAttempts = new InMemorySsoAttempts();
  const passwords = new PlainHasher();
  const secrets = new CountingSecrets();
  const limiter = new CountingLimiter();
  const outbox = new InMemoryOutbox();
  const limits = new AttemptLimits({ limiter, policy, clock });
  const sessionPolicy = DEFAULT_SESSION_POLICY;
  const starter = new SessionStarter({ sessions, secrets, ids, clock, sessionPolicy });
  const throttleStore = new InMemoryThrottleStore();
  const throttle = new SignInThrottle({ store: throttleStore, uow: directUnitOfWork, clock });
  const publicBaseUrl = 'https://ikimina.rw';
  // Named as the use cases' deps objects name them, so a test passes the world itself as deps.
  return { clock, ids, accounts, sessions, links, ssoAttempts, passwords, secrets, limiter, outbox, limits, starter, sessionPolicy, throttleStore, throttle, uow: directUnitOfWork, publicBaseUrl };
}
