/**
 * Finish a sign-in through the identity provider and hand it over as a single-use sign-in link.
 *
 * Guarantees
 * - Only a callback whose state belongs to a pending attempt is finished, once.
 * - The account is found by (provider, subject); else the account with the provider's verified
 *   e-mail is linked to it; else a new account (no password) is created. The provider
 *   guarantees the e-mail is verified (SingleSignOn refuses unverified ones).
 * - The browser receives no session directly: it gets a sign-in link (purpose 'sso', valid
 *   2 minutes, stored hashed) to redeem like an e-mailed one, so the session secret never
 *   appears in a URL.
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository, SecretTokens, SignInLinkStore, SingleSignOnAttempts } from './ports.ts';
import { issueSignInLink } from './session.ts';
import type { SingleSignOn, SingleSignOnError, SingleSignOnIdentity } from './single-sign-on.ts';
import { normalizeEmail, User, UserIdentity } from './user.ts';

export const SSO_HANDOVER_TTL_SECONDS = 120;

export class SignInWithProvider {
  constructor(
    private readonly provider: SingleSignOn,
    private readonly attempts: SingleSignOnAttempts,
    private readonly accounts: AccountRepository,
    private readonly links: SignInLinkStore,
    private readonly secrets: SecretTokens,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** Answers the sign-in link token for the browser to redeem. */
  async execute(input: { callbackUrl: string; state: string; clientIp: string }): Promise<Result<string, SingleSignOnError | 'sso_expired'>> {
    const pending = await this.attempts.take(input.state, this.clock.now());
    if (!pending) return err('sso_expired');
    const identity = await this.provider.finish(input.callbackUrl, pending);
    if (!identity.ok) return identity;
    return this.uow.run(async () => {
      const user = await this.findOrCreate(identity.value);
      const { token, link } = issueSignInLink(this.secrets, {
        id: this.ids.newId(),
        userId: user.id,
        purpose: 'sso',
        now: this.clock.now(),
        ttlMs: SSO_HANDOVER_TTL_SECONDS * 1000,
        createdIp: input.clientIp,
      });
      await this.links.add(link);
      return ok(token);
    });
  }

  private async findOrCreate(identity: SingleSignOnIdentity): Promise<User> {
    const linked = await this.accounts.findByIdentity(identity.provider, identity.subject);
    if (linked) return linked;
    const now = this.clock.now();
    const email = normalizeEmail(identity.email);
    let user = await this.accounts.findByEmail(email);
    if (!user) {
      const created = new User({
        id: this.ids.newId(),
        email,
        passwordHash: null,
        firstName: identity.firstName?.trim() || email.split('@')[0] || email,
        lastName: identity.lastName?.trim() ?? '',
        phoneNumber: null,
        language: 'en',
        emailVerified: true,
        profilePhotoUrl: identity.pictureUrl ?? null,
        createdAt: now,
      });
      // A concurrent registration of the same address wins; link to that account instead.
      user = (await this.accounts.add(created)) === 'added' ? created : await this.accounts.findByEmail(email);
      if (!user) throw new Error(`account for ${email} vanished during provider sign-in`);
    }
    await this.accounts.linkIdentity(new UserIdentity({ provider: identity.provider, subject: identity.subject, userId: user.id, createdAt: now }));
    return user;
  }
}
