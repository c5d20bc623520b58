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

export interface SignInWithProviderDeps {
  provider: SingleSignOn;
  attempts: SingleSignOnAttempts;
  accounts: AccountRepository;
  links: SignInLinkStore;
  secrets: SecretTokens;
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
}

export interface SignInWithProviderInput {
  /** The full URL the provider redirected the browser to (query included). */
  callbackUrl: string;
  state: string;
  clientIp: string;
}

export class SignInWithProvider {
  constructor(private readonly deps: SignInWithProviderDeps) {}

  /** Answers the sign-in link token for the browser to redeem. */
  async execute(input: SignInWithProviderInput): Promise<Result<string, SingleSignOnError | 'sso_expired'>> {
    const { provider, attempts, links, secrets, uow, ids, clock } = this.deps;
    const pending = await attempts.take(input.state, clock.now());
    if (!pending) return err('sso_expired');
    const identity = await provider.finish(input.callbackUrl, pending);
    if (!identity.ok) return identity;
    return uow.run(async () => {
      const user = await this.findOrCreate(identity.value);
      const { token, link } = issueSignInLink(secrets, {
        id: ids.newId(),
        userId: user.id,
        purpose: 'sso',
        now: clock.now(),
        ttlMs: SSO_HANDOVER_TTL_SECONDS * 1000,
        createdIp: input.clientIp,
      });
      await links.add(link);
      return ok(token);
    });
  }

  private async findOrCreate(identity: SingleSignOnIdentity): Promise<User> {
    const { accounts, ids, clock } = this.deps;
    const linked = await accounts.findByIdentity(identity.provider, identity.subject);
    if (linked) return linked;
    const now = clock.now();
    const email = normalizeEmail(identity.email);
    let user = await accounts.findByEmail(email);
    if (!user) {
      const created = new User({
        id: ids.newId(),
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
      user = (await accounts.add(created)) === 'added' ? created : await accounts.findByEmail(email);
      if (!user) throw new Error(`account for ${email} vanished during provider sign-in`);
    }
    await accounts.linkIdentity(new UserIdentity({ provider: identity.provider, subject: identity.subject, userId: user.id, createdAt: now }));
    return user;
  }
}
