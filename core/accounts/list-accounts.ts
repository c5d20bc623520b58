/**
 * The accounts, newest first: the admin's `users list` (cli/program.ts).
 *
 * Guarantees
 * - Reads only, at most `limit` accounts; the list is the admin's (no channel a member reaches calls it).
 */
import type { AccountListing } from './ports.ts';
import type { User } from './user.ts';

export class ListAccounts {
  constructor(private readonly deps: { accounts: AccountListing }) {}

  execute(input: { limit: number }): Promise<User[]> {
    return this.deps.accounts.list(input.limit);
  }
}
