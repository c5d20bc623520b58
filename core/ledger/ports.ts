/**
 * Ports of the ledger. Persistence implements `LedgerRepository`; use cases post through a
 * `JournalWriter` (core's `Journal` over a repository, or a test's `InMemoryLedger`).
 */
import type { Money } from '../money/money.ts';
import type { Result } from '../shared/result.ts';
import type { AccountId } from './accounts.ts';
import type { JournalEntry } from './journal-entry.ts';

export type PostError =
  /** The same entry (same key, same postings) was posted before: treat as success. */
  | 'exists'
  /** The key was used before for different postings: a bug or a forged retry. */
  | 'entry_key_reused'
  | 'account_would_go_negative'
  | 'entry_not_found'
  | 'entry_already_reversed'
  | 'reversal_cannot_be_reversed';

export interface JournalWriter {
  post(entry: JournalEntry): Promise<Result<JournalEntry, PostError>>;
  /**
   * Posts several entries in order, with the rules of `post` for each, and answers each one's
   * result in the same order: entries that need no balance read are appended together (one
   * repository call), so a batch of contributions costs one write, not one per entry.
   */
  postAll(entries: readonly JournalEntry[]): Promise<Result<JournalEntry, PostError>[]>;
  /** Posts the reversal of entry `entryId` (all postings negated), once. */
  reverse(entryId: string, meta: { id: string; key: string; occurredAt: Date }): Promise<Result<JournalEntry, PostError>>;
  /** Balance on the account's normal side (a pool holding 5,000 RWF reads +5,000). */
  balance(account: AccountId): Promise<Money>;
}

export interface LedgerRepository {
  /**
   * Signed sums of the postings of these accounts (missing = zero). In a database the accounts
   * are locked (`SELECT … FOR UPDATE`) until the unit of work ends, so two concurrent entries
   * cannot both pass the non-negative check on the same balance.
   */
  postedTotals(accounts: readonly AccountId[]): Promise<ReadonlyMap<AccountId, Money>>;
  findById(id: string): Promise<JournalEntry | undefined>;
  findByKey(key: string): Promise<JournalEntry | undefined>;
  findReversalOf(entryId: string): Promise<JournalEntry | undefined>;
  /**
   * Appends each entry and its postings unless an entry was already posted under its key (earlier,
   * or earlier in this call): then it appends nothing for it and answers that earlier entry, which
   * the Journal compares with this one. Outcomes in the order of `entries`. One call for many
   * entries, so a database can insert them in one statement and read earlier entries only on a
   * conflict.
   */
  appendAll(entries: readonly JournalEntry[]): Promise<AppendOutcome[]>;
}

export type AppendOutcome = { appended: true } | { appended: false; earlier: JournalEntry };
