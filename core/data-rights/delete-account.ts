/**
 * DeleteAccount: the member erases their account (Law 058/2021 Art. 23, limited by Art. 52: the
 * financial records are kept 7 years, spec part 2 §1).
 *
 * Guarantees
 * - Re-authentication first, as for a password change: the current password, checked under the
 *   sign-in throttle (`current_password_incorrect`; an account without a password, opened with
 *   Google, sets one through a reset link first).
 * - Refused while the member owes money (a loan not repaid, a contribution due in a running
 *   group), holds a merchant balance, or is in an active rotation: `account_deletion_blocked`
 *   with every reason in `blockers` (codes of ERASURE_BLOCKERS), and nothing changes.
 * - Otherwise, in one unit of work under the member's row lock: every personal datum is erased or
 *   pseudonymised (AccountErasure), every session ended, and `account_erased` is on the audit
 *   trail (actor and subject the member's id, which names no one from then on). The member's
 *   photos are deleted from the object storage after the commit.
 */
import type { PasswordHasher, AccountRepository } from '../accounts/ports.ts';
import type { SignInThrottle } from '../accounts/sign-in-throttle.ts';
import type { AuditTrail } from '../audit/ports.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Err, type RateLimited, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountErasure, ErasureBlocker } from './ports.ts';

export interface DeleteAccountDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  throttle: SignInThrottle;
  erasure: AccountErasure;
  /** Deletes the member's stored objects (photos) by storage key. */
  objects: { delete(key: string): Promise<void> };
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
}

export type AccountDeletionBlocked = Err<'account_deletion_blocked'> & { readonly blockers: readonly ErasureBlocker[] };

export type DeleteAccountError = Err<'current_password_incorrect'> | AccountDeletionBlocked | RateLimited;

export class DeleteAccount {
  constructor(private readonly deps: DeleteAccountDeps) {}

  async execute(input: { userId: string; password: string; clientIp: string }): Promise<Result<void, never> | DeleteAccountError> {
    const { accounts, passwords, throttle, erasure, objects, audit, uow, clock } = this.deps;
    const user = await accounts.findById(input.userId);
    if (!user) return err('current_password_incorrect');
    const account = user.email ?? user.id;
    const limited = await throttle.begin(account, input.clientIp);
    if (limited) return limited;
    if (user.passwordHash === null || !(await passwords.verify(user.passwordHash, input.password))) return err('current_password_incorrect');
    await throttle.succeeded(account, input.clientIp);
    const outcome = await uow.run(async (): Promise<{ blockers: ErasureBlocker[]; objectKeys: string[] }> => {
      const blockers = await erasure.blockers(user.id);
      if (blockers.length > 0) return { blockers, objectKeys: [] };
      const { objectKeys } = await erasure.erase(user.id, clock.now());
      await audit.record({ action: 'account_erased', actor: `member:${user.id}`, subject: `member:${user.id}`, details: { objects: objectKeys.length } });
      return { blockers, objectKeys };
    });
    if (outcome.blockers.length > 0) return { ok: false, error: 'account_deletion_blocked', blockers: outcome.blockers };
    for (const key of outcome.objectKeys) await objects.delete(key);
    return ok(undefined);
  }
}
