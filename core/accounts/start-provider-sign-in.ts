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

export interface StartProviderSignInDeps {
  provider: SingleSignOn;
  attempts: SingleSignOnAttempts;
  clock: Clock;
}

export class StartProviderSignIn {
  constructor(private readonly deps: StartProviderSignInDeps) {}

  async execute(): Promise<{ authorizationUrl: string; state: string }> {
    const { provider, attempts, clock } = this.deps;
    const { authorizationUrl, pending } = await provider.start();
    const expiresAt = new Date(clock.now().getTime() + SSO_ATTEMPT_TTL_MINUTES * 60_000);
    await attempts.add(pending, expiresAt);
    return { authorizationUrl, state: pending.state };
  }
}
