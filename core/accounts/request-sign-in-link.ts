/**
 * Request a sign-in link by e-mail ("magic link").
 *
 * Guarantees
 * - The answer is the same whether or not an account has the address; only an existing account
 *   gets an e-mail.
 * - The link carries 32 random bytes; only their hash is stored, with a 15-minute expiry.
 * - The link is built from the configured public base URL, never from the request.
 * - The stored link and its e-mail in the outbox commit together.
 * - Counted against the attempt limits of the address and the client IP.
 */
import type { Outbox } from '../notifications/outbox.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AttemptLimits, RateLimited } from './attempt-limits.ts';
import type { AccountRepository, SecretTokens, SignInLinkStore } from './ports.ts';
import { issueSignInLink } from './session.ts';
import { signInLinkEmail, signInLinkUrl } from './sign-in-link-email.ts';
import { normalizeEmail } from './user.ts';

export const SIGN_IN_LINK_TTL_MINUTES = 15;

export class RequestSignInLink {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly links: SignInLinkStore,
    private readonly outbox: Outbox,
    private readonly secrets: SecretTokens,
    private readonly limits: AttemptLimits,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
  ) {}

  async execute(input: { email: string; clientIp: string }): Promise<Result<void, never> | RateLimited> {
    const email = normalizeEmail(input.email);
    const limited = await this.limits.check('sign_in_link', email, input.clientIp);
    if (limited) return limited;
    await this.uow.run(async () => {
      const user = await this.accounts.findByEmail(email);
      if (!user) return;
      const { token, link } = issueSignInLink(this.secrets, {
        id: this.ids.newId(),
        userId: user.id,
        purpose: 'magic_link',
        now: this.clock.now(),
        ttlMs: SIGN_IN_LINK_TTL_MINUTES * 60_000,
        createdIp: input.clientIp,
      });
      await this.links.add(link);
      await this.outbox.enqueue(signInLinkEmail({ ...user, email }, signInLinkUrl(this.publicBaseUrl, token)));
    });
    return ok(undefined);
  }
}
