/**
 * Sign out.
 *
 * Guarantees
 * - The session of the given secret is revoked: the secret is refused from then on, on every
 *   replica. Signing out an unknown or already revoked session changes nothing.
 */
import type { Clock } from '../shared/clock.ts';
import type { SecretTokens, SessionStore } from './ports.ts';

export class SignOut {
  constructor(
    private readonly sessions: SessionStore,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
  ) {}

  async execute(sessionToken: string): Promise<void> {
    await this.sessions.revoke(this.secrets.hash(sessionToken), this.clock.now());
  }
}
