/**
 * Starting a session: every way in (password, registration, sign-in link) ends here.
 *
 * Guarantees
 * - A new random session secret each time (so a sign-in never reuses an earlier session id),
 *   stored only as its hash, valid for the configured number of days.
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { SecretTokens, SessionStore } from './ports.ts';
import { Session } from './session.ts';
import type { User } from './user.ts';

export interface SignedIn {
  /** The session secret: the bearer token and the cookie value. */
  token: string;
  expiresAt: Date;
  user: User;
}

export class SessionStarter {
  constructor(
    private readonly sessions: SessionStore,
    private readonly secrets: SecretTokens,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly ttlDays: number,
  ) {}

  async start(user: User): Promise<SignedIn> {
    const now = this.clock.now();
    const { token, hash } = this.secrets.issue();
    const expiresAt = new Date(now.getTime() + this.ttlDays * 86_400_000);
    await this.sessions.add(new Session({ id: this.ids.newId(), userId: user.id, tokenHash: hash, createdAt: now, expiresAt }));
    return { token, expiresAt, user };
  }
}
