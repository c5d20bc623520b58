/**
 * Redeem a sign-in link (an e-mailed magic link or the hand-over after a provider sign-in).
 *
 * Guarantees
 * - A link signs in at most once, also under concurrent redemptions (the store marks it used
 *   atomically); unknown, used and expired links all answer `invalid_or_expired_link`.
 * - Redeeming uses up the member's other outstanding links and starts a fresh session.
 * - Following an e-mailed link proves the address: the account's e-mail becomes verified.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository, SecretTokens, SignInLinkStore } from './ports.ts';
import type { SessionStarter, SignedIn } from './start-session.ts';

export class RedeemSignInLink {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly links: SignInLinkStore,
    private readonly secrets: SecretTokens,
    private readonly sessions: SessionStarter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<Result<SignedIn, 'invalid_or_expired_link'>> {
    return this.uow.run(async () => {
      const now = this.clock.now();
      const userId = await this.links.redeem(this.secrets.hash(token), now);
      const user = userId === null ? null : await this.accounts.findById(userId);
      if (!user) return err('invalid_or_expired_link');
      await this.links.invalidateOutstanding(user.id, now);
      if (!user.emailVerified) {
        user.markEmailVerified(now);
        await this.accounts.save(user);
      }
      return ok(await this.sessions.start(user));
    });
  }
}
