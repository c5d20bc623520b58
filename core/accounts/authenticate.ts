/**
 * Authenticate a request by its session secret.
 *
 * Guarantees
 * - Answers the account only for a session that exists, is not revoked and has not expired.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { AccountRepository, SecretTokens, SessionStore } from './ports.ts';
import type { User } from './user.ts';

export class Authenticate {
  constructor(
    private readonly sessions: SessionStore,
    private readonly accounts: AccountRepository,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
  ) {}

  async execute(sessionToken: string): Promise<Result<User, 'unauthenticated'>> {
    const userId = await this.sessions.findActiveUserId(this.secrets.hash(sessionToken), this.clock.now());
    const user = userId === null ? null : await this.accounts.findById(userId);
    return user ? ok(user) : err('unauthenticated');
  }
}
