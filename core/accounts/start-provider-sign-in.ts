/**
 * Start a sign-in through the identity provider (Google).
 *
 * Guarantees
 * - The state, nonce and PKCE verifier of the attempt are kept server-side for 10 minutes,
 *   keyed by the state, so any replica can finish the attempt and each attempt finishes once.
 */
import type { Clock } from '../shared/clock.ts';
import type { SingleSignOnAttempts } from './ports.ts';
import type { SingleSignOn } from './single-sign-on.ts';

export const SSO_ATTEMPT_TTL_MINUTES = 10;

export class StartProviderSignIn {
  constructor(
    private readonly provider: SingleSignOn,
    private readonly attempts: SingleSignOnAttempts,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ authorizationUrl: string; state: string }> {
    const { authorizationUrl, pending } = await this.provider.start();
    const expiresAt = new Date(this.clock.now().getTime() + SSO_ATTEMPT_TTL_MINUTES * 60_000);
    await this.attempts.add(pending, expiresAt);
    return { authorizationUrl, state: pending.state };
  }
}
