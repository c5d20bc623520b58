/**
 * Password reset by an e-mailed link: asking for the link, and setting a new password with it.
 *
 * Guarantees
 * - Asking answers the same whether or not an account has the address; only an existing account
 *   gets an e-mail. It is counted against the attempt limits of the address and the client.
 * - The link carries 32 random bytes; only their hash is stored (sign_in_links, purpose
 *   `password_reset`), it expires after 30 minutes, works once (also under concurrent use) and is
 *   never accepted as a sign-in link, nor a sign-in link as a reset link.
 * - The link is built from the configured public base URL and carries its secret in the URL
 *   fragment; the outbox keeps the secret sealed (see core/notifications/outbox.ts).
 * - Setting the new password revokes EVERY session of the member and uses up their other
 *   outstanding links, in one transaction with an e-mail telling the member of the change;
 *   following the link proves the address (the e-mail becomes verified), and the member is
 *   signed in with a fresh session.
 */
import type { Outbox } from '../notifications/outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { EmailOneTimeLink, type OneTimeLinkKind } from './one-time-link.ts';
import { PASSWORD_RESET_TEXTS, passwordChangedEmail } from './password-emails.ts';
import type { AccountRepository, PasswordHasher, SecretTokens, SessionStore, SignInLinkStore } from './ports.ts';
import type { SessionClient } from './session.ts';
import type { SessionStarter, SignedIn } from './start-session.ts';

export const PASSWORD_RESET_TTL_MINUTES = 30;

/** Asking for the reset link: a one-time link (EmailOneTimeLink) that opens /auth/reset-password. */
export class RequestPasswordReset extends EmailOneTimeLink {
  protected readonly kind: OneTimeLinkKind = {
    attempt: 'password_reset',
    purpose: 'password_reset',
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
    page: 'auth/reset-password',
    texts: PASSWORD_RESET_TEXTS,
  };
}

export interface ResetPasswordDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  links: SignInLinkStore;
  secrets: SecretTokens;
  sessions: SessionStore;
  starter: SessionStarter;
  outbox: Outbox;
  uow: UnitOfWork;
  clock: Clock;
  publicBaseUrl: string;
}

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
  client: SessionClient;
}

export class ResetPassword {
  constructor(private readonly deps: ResetPasswordDeps) {}

  async execute(input: ResetPasswordInput): Promise<Result<SignedIn, 'invalid_or_expired_reset_link'>> {
    const { accounts, passwords, links, secrets, sessions, starter, outbox, uow, clock, publicBaseUrl } = this.deps;
    // Hash outside the transaction: it is the slow part and needs no database.
    const passwordHash = await passwords.hash(input.newPassword);
    return uow.run(async () => {
      const now = clock.now();
      const redeemed = await links.redeem(secrets.hash(input.token), ['password_reset'], now);
      const user = redeemed === null ? null : await accounts.findById(redeemed.userId);
      if (!user) return err('invalid_or_expired_reset_link');
      user.setPasswordHash(passwordHash, now);
      user.markEmailVerified(now);
      await accounts.save(user);
      await links.invalidateOutstanding(user.id, now);
      await sessions.revokeAllOf(user.id, now);
      if (user.email !== null) await outbox.enqueue(passwordChangedEmail({ ...user, email: user.email }, publicBaseUrl));
      return ok(await starter.start(user, input.client));
    });
  }
}
