/**
 * Sign in with e-mail and password.
 *
 * Guarantees
 * - An unknown address, an account without a password and a wrong password all answer the same
 *   `invalid_credentials`, after the same amount of hashing work, so the answer does not tell
 *   whether an account exists.
 * - Slowed progressively per account and per client (SignInThrottle) before the password is
 *   checked; a right password gives the account a fresh start.
 */
import { err, ok, type RateLimited, type Result } from '../shared/result.ts';
import type { AccountRepository, PasswordHasher } from './ports.ts';
import type { SessionClient } from './session.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import type { SessionStarter, SignedIn } from './start-session.ts';
import { normalizeEmail } from './user.ts';

export interface SignInInput {
  email: string;
  password: string;
  clientIp: string;
  userAgent: string | null;
}

export interface SignInDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  starter: SessionStarter;
  throttle: SignInThrottle;
}

export class SignIn {
  /** Verified against when there is no account, so both paths cost one hash verification. */
  private decoyHash: Promise<string> | null = null;

  constructor(private readonly deps: SignInDeps) {}

  async execute(input: SignInInput): Promise<Result<SignedIn, 'invalid_credentials'> | RateLimited> {
    const { accounts, passwords, starter, throttle } = this.deps;
    const email = normalizeEmail(input.email);
    const limited = await throttle.begin(email, input.clientIp);
    if (limited) return limited;
    const user = await accounts.findByEmail(email);
    if (!user || user.passwordHash === null) {
      this.decoyHash ??= passwords.hash('decoy password never used by anyone');
      await passwords.verify(await this.decoyHash, input.password);
      return err('invalid_credentials');
    }
    if (!(await passwords.verify(user.passwordHash, input.password))) return err('invalid_credentials');
    await throttle.succeeded(email, input.clientIp);
    const client: SessionClient = { ip: input.clientIp, userAgent: input.userAgent };
    return ok(await starter.start(user, client));
  }
}
