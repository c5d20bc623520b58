/**
 * Authenticate a request by its session secret.
 *
 * Guarantees
 * - Answers the account only for a session that exists, is not revoked and has not expired.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { SecretTokens, SessionStore } from './ports.ts';
import type { User } from './user.ts';

export class Authenticate {
  constructor(
    private readonly sessions: SessionStore,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
  ) {}

  async execute(sessionToken: string): Promise<Result<User, 'unauthenticated'>> {
    // Every API request starts here: the session and its account in one read.
    const user = await this.sessions.findActiveUser(this.secrets.hash(sessionToken), this.clock.now());
    return user ? ok(user) : err('unauthenticated');
  }
}
