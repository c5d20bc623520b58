/**
 * InMemoryLedger: a LedgerRepository in memory, for tests and model-based tests of every module.
 * Wrap it in a `Journal` to post: `const ledger = new InMemoryLedger(); const journal = new Journal(ledger);`.
 *
 * Guarantees
 * - It stores entries append-only, in posting order, and never edits one; a used key appends nothing.
 * - `trialBalance()` is the sum of every posting ever made: zero while the journal's rules hold.
 */
import { Money } from '../money/money.ts';
import type { AccountId } from './accounts.ts';
import { normalBalance, type JournalEntry } from './journal-entry.ts';
import type { AppendOutcome, LedgerRepository } from './ports.ts';

export class InMemoryLedger implements LedgerRepository {
  private readonly journal: JournalEntry[] = [];
  private readonly totals = new Map<AccountId, Money>();

  async postedTotals(accounts: readonly AccountId[]): Promise<ReadonlyMap<AccountId, Money>> {
    return new Map(accounts.map((account) => [account, this.postedTotal(account)]));
  }

  async findById(id: string): Promise<JournalEntry | undefined> {
    return this.journal.find((entry) => entry.id === id);
  }

  async findByKey(key: string): Promise<JournalEntry | undefined> {
    return this.journal.find((entry) => entry.key === key);
  }

  async findReversalOf(entryId: string): Promise<JournalEntry | undefined> {
    return this.journal.find((entry) => entry.reverses === entryId);
  }

  async appendAll(entries: readonly JournalEntry[]): Promise<AppendOutcome[]> {
    return entries.map((entry) => {
      const earlier = this.journal.find((posted) => posted.key === entry.key);
      if (earlier) return { appended: false, earlier };
      this.journal.push(entry);
      for (const posting of entry.postings) this.totals.set(posting.account, this.postedTotal(posting.account).plus(posting.amount));
      return { appended: true };
    });
  }

  /** Signed sum of the account's postings (debits positive). */
  postedTotal(account: AccountId): Money {
    return this.totals.get(account) ?? Money.ZERO;
  }

  /** Balance on the account's normal side. */
  balance(account: AccountId): Money {
    return normalBalance(account, this.postedTotal(account));
  }

  entries(): readonly JournalEntry[] {
    return [...this.journal];
  }

  accountIds(): readonly AccountId[] {
    return [...this.totals.keys()];
  }

  trialBalance(): Money {
    return Money.sum(this.totals.values());
  }
}
