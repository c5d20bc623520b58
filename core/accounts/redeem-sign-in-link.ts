/**
 * Redeem a sign-in link (an e-mailed magic link or the hand-over after a provider sign-in).
 *
 * Guarantees
 * - A link signs in at most once, also under concurrent redemptions (the store marks it used
 *   atomically); unknown, used and expired links all answer `invalid_or_expired_link`.
 * - Redeeming uses up the member's other outstanding links and starts a fresh session.
 * - An e-mailed link also ends every other session of the member: it is the way back in for a
 *   member who lost their password, so it ends what a thief may hold, as a password reset does.
 *   A provider sign-in's hand-over does not: it is an ordinary sign-in, like a password.
 * - A password-reset link is refused here (and stays unused): it only sets a new password.
 * - Following an e-mailed link proves the address: the account's e-mail becomes verified.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository, SecretTokens, SessionStore, SignInLinkStore } from './ports.ts';
import type { SessionClient } from './session.ts';
import type { SessionStarter, SignedIn } from './start-session.ts';

export interface RedeemSignInLinkDeps {
  accounts: AccountRepository;
  links: SignInLinkStore;
  secrets: SecretTokens;
  starter: SessionStarter;
  sessions: SessionStore;
  uow: UnitOfWork;
  clock: Clock;
}

export interface RedeemSignInLinkInput {
  token: string;
  client: SessionClient;
}

export class RedeemSignInLink {
  constructor(private readonly deps: RedeemSignInLinkDeps) {}

  async execute(input: RedeemSignInLinkInput): Promise<Result<SignedIn, 'invalid_or_expired_link'>> {
    const { accounts, links, secrets, starter, sessions, uow, clock } = this.deps;
    return uow.run(async () => {
      const now = clock.now();
      const redeemed = await links.redeem(secrets.hash(input.token), ['magic_link', 'sso'], now);
      const user = redeemed === null ? null : await accounts.findById(redeemed.userId);
      if (!redeemed || !user) return err('invalid_or_expired_link');
      await links.invalidateOutstanding(user.id, now);
      if (redeemed.purpose === 'magic_link') await sessions.revokeAllOf(user.id, now);
      if (!user.emailVerified) {
        user.markEmailVerified(now);
        await accounts.save(user);
      }
      return ok(await starter.start(user, input.client));
    });
  }
}
