/**
 * Change the language a member's account speaks (menus, notifications, e-mails).
 *
 * Guarantees
 * - Only the language and the update time change; an unknown account answers `account_not_found`.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository } from './ports.ts';
import type { Language } from './user.ts';

export interface ChangeLanguageDeps {
  accounts: AccountRepository;
  uow: UnitOfWork;
  clock: Clock;
}

export interface ChangeLanguageInput {
  userId: string;
  language: Language;
}

export class ChangeLanguage {
  constructor(private readonly deps: ChangeLanguageDeps) {}

  execute(input: ChangeLanguageInput): Promise<Result<void, 'account_not_found'>> {
    const { accounts, uow, clock } = this.deps;
    return uow.run(async () => {
      const user = await accounts.findById(input.userId);
      if (!user) return err('account_not_found');
      user.language = input.language;
      user.updatedAt = clock.now();
      await accounts.save(user);
      return ok(undefined);
    });
  }
}
