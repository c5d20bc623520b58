/**
 * Journal entries: one movement of money, as postings that sum to zero.
 *
 * Guarantees
 * - Every entry balances: its postings (debit positive, credit negative) sum to exactly zero.
 * - An entry has at least two postings, none of zero, each on a valid account, each account once.
 * - Entries are never edited: a mistake or a failed payout is undone by a reversal entry that
 *   negates every posting and names the entry it reverses.
 * - Every entry carries a unique `key` (the provider reference or idempotency key of the
 *   business event), so a retried event cannot post twice.
 * - `checkBalances` refuses an entry that would take an account that may not go negative below
 *   zero, given the accounts' current totals (core has no I/O: the caller reads them).
 */
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { parseAccountId, type AccountId } from './accounts.ts';

export interface Posting {
  readonly account: AccountId;
  /** Positive for a debit, negative for a credit. */
  readonly amount: Money;
}

export interface JournalEntry {
  readonly id: string;
  /** Unique across the journal: the business event's idempotency key or provider reference. */
  readonly key: string;
  /** What happened, in snake_case: `contribution_received`, `loan_disbursed`, `reversal` … */
  readonly kind: string;
  readonly occurredAt: Date;
  readonly postings: readonly Posting[];
  /** Set on a reversal: the id of the entry it undoes. */
  readonly reverses?: string;
}

export type EntryError =
  | 'entry_has_too_few_postings'
  | 'posting_amount_is_zero'
  | 'account_id_invalid'
  | 'account_repeated_in_entry'
  | 'entry_does_not_balance';

export interface EntryInput {
  readonly id: string;
  readonly key: string;
  readonly kind: string;
  readonly occurredAt: Date;
  readonly postings: readonly Posting[];
}

export function journalEntry(input: EntryInput): Result<JournalEntry, EntryError> {
  const problem = findProblem(input.postings);
  if (problem) return err(problem);
  return ok({ ...input, postings: [...input.postings] });
}

function findProblem(postings: readonly Posting[]): EntryError | undefined {
  if (postings.length < 2) return 'entry_has_too_few_postings';
  const seen = new Set<AccountId>();
  for (const posting of postings) {
    if (posting.amount.isZero()) return 'posting_amount_is_zero';
    if (!parseAccountId(posting.account).ok) return 'account_id_invalid';
    if (seen.has(posting.account)) return 'account_repeated_in_entry';
    seen.add(posting.account);
  }
  if (!Money.sum(postings.map((p) => p.amount)).isZero()) return 'entry_does_not_balance';
  return undefined;
}

/** Shorthands that keep the sign convention in one place. */
export const debit = (account: AccountId, amount: Money): Posting => ({ account, amount });
export const credit = (account: AccountId, amount: Money): Posting => ({ account, amount: amount.negate() });

/**
 * The entry that undoes `entry`: every posting negated. A reversal of a reversal is refused by the
 * journal; post a new entry instead, so the history reads forward.
 */
export function reversalOf(entry: JournalEntry, meta: { id: string; key: string; occurredAt: Date }): JournalEntry {
  return {
    ...meta,
    kind: 'reversal',
    reverses: entry.id,
    postings: entry.postings.map((p) => ({ account: p.account, amount: p.amount.negate() })),
  };
}

/**
 * Balance on the account's normal side from its posted total (the signed sum of its postings):
 * credit-normal accounts (pools, payables, income) read credits as positive.
 */
export function normalBalance(account: AccountId, postedTotal: Money): Money {
  const parsed = parseAccountId(account);
  return parsed.ok && parsed.value.normal === 'credit' ? postedTotal.negate() : postedTotal;
}

/**
 * Refuses the entry when it would leave an account that may not go negative below zero.
 * `postedTotals` holds the signed sum of each touched account's postings so far (missing = zero).
 */
export function checkBalances(
  entry: JournalEntry,
  postedTotals: ReadonlyMap<AccountId, Money>,
): Result<void, 'account_would_go_negative'> {
  for (const posting of entry.postings) {
    const account = parseAccountId(posting.account);
    if (!account.ok || account.value.mayGoNegative) continue;
    const after = (postedTotals.get(posting.account) ?? Money.ZERO).plus(posting.amount);
    if (normalBalance(posting.account, after).isNegative()) return err('account_would_go_negative');
  }
  return ok(undefined);
}

/** Two entries describe the same movement: same kind, same postings (order aside). */
export function samePostings(a: JournalEntry, b: JournalEntry): boolean {
  if (a.kind !== b.kind || a.postings.length !== b.postings.length || a.reverses !== b.reverses) return false;
  const amounts = new Map(a.postings.map((p) => [p.account, p.amount.centimes]));
  return b.postings.every((p) => amounts.get(p.account) === p.amount.centimes);
}
