/**
 * Journal: the rules of posting, over any LedgerRepository.
 *
 * Guarantees
 * - Only balanced entries reach the repository; an unbalanced one is a bug and throws.
 * - A key posts once: the same entry again answers `exists`, different postings under a used key
 *   answer `entry_key_reused`, whatever the state the first posting left (a repeated debit that
 *   the balance no longer covers, a repeated reversal, still answers `exists`). The repository
 *   reports a used key on append, so a new entry costs no read of its key.
 * - No entry takes a pool, payable or loan receivable below zero. Only the accounts an entry takes
 *   down and that may not go negative are read (and, in a database, locked): an entry that only
 *   credits a pool reads no balance, so concurrent contributions to one pool never wait on it.
 * - An entry is reversed at most once, and a reversal is never itself reversed.
 */
import { Money } from '../money/money.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { parseAccountId, type AccountId } from './accounts.ts';
import { checkBalances, journalEntry, normalBalance, reversalOf, samePostings, type JournalEntry, type Posting } from './journal-entry.ts';
import type { JournalWriter, LedgerRepository, PostError } from './ports.ts';

export class Journal implements JournalWriter {
  constructor(private readonly repository: LedgerRepository) {}

  async post(entry: JournalEntry): Promise<Result<JournalEntry, PostError>> {
    return (await this.postAll([entry]))[0]!;
  }

  async postAll(entries: readonly JournalEntry[]): Promise<Result<JournalEntry, PostError>[]> {
    const results: Result<JournalEntry, PostError>[] = [];
    // Entries that read no balance wait here to be appended together; an entry that does read
    // one is posted after the entries before it, so the order of the call is the order of the books.
    let unchecked: JournalEntry[] = [];
    const appendUnchecked = async () => {
      const outcomes = await this.repository.appendAll(unchecked);
      outcomes.forEach((outcome, i) => results.push(outcome.appended ? ok(unchecked[i]!) : err(repeatVerdict(outcome.earlier, unchecked[i]!))));
      unchecked = [];
    };
    for (const entry of entries) {
      const valid = journalEntry(entry);
      invariant(valid.ok, `Journal entry ${entry.key} is malformed: ${valid.ok ? '' : valid.error}`);
      if (!readsBalances(entry)) {
        unchecked.push(entry);
        continue;
      }
      if (unchecked.length > 0) await appendUnchecked();
      results.push(await this.postChecked(entry));
    }
    if (unchecked.length > 0) await appendUnchecked();
    return results;
  }

  async reverse(entryId: string, meta: { id: string; key: string; occurredAt: Date }): Promise<Result<JournalEntry, PostError>> {
    const target = await this.repository.findById(entryId);
    if (!target) return err('entry_not_found');
    return this.post(reversalOf(target, meta));
  }

  async balance(account: AccountId): Promise<Money> {
    const totals = await this.repository.postedTotals([account]);
    return normalBalance(account, totals.get(account) ?? Money.ZERO);
  }

  /**
   * An entry that reverses another or takes a guarded account down. The key is not read first:
   * the append reports a used key, so a new entry (the usual case) costs no idempotency read. A
   * refusal, though, may be the trace of this very entry posted before (its debit already taken,
   * its target already reversed): the earlier entry answers then.
   */
  private async postChecked(entry: JournalEntry): Promise<Result<JournalEntry, PostError>> {
    const refusal = await this.refusal(entry);
    if (refusal) return err((await this.repeatOf(entry)) ?? refusal);
    const [outcome] = await this.repository.appendAll([entry]);
    if (!outcome!.appended) return err(repeatVerdict(outcome!.earlier, entry));
    return ok(entry);
  }

  /** Why the entry may not be posted, undefined when it may. */
  private async refusal(entry: JournalEntry): Promise<PostError | undefined> {
    if (entry.reverses !== undefined) {
      const target = await this.repository.findById(entry.reverses);
      if (!target) return 'entry_not_found';
      if (target.reverses !== undefined) return 'reversal_cannot_be_reversed';
      if (await this.repository.findReversalOf(target.id)) return 'entry_already_reversed';
      invariant(samePostings(entry, reversalOf(target, entry)), `Reversal ${entry.key} does not negate entry ${target.id}`);
    }
    const totals = await this.repository.postedTotals(entry.postings.filter(takesDownGuardedAccount).map((p) => p.account));
    const balances = checkBalances(entry, totals);
    return balances.ok ? undefined : balances.error;
  }

  /** `exists` or `entry_key_reused` when an entry was posted under this key, undefined otherwise. */
  private async repeatOf(entry: JournalEntry): Promise<'exists' | 'entry_key_reused' | undefined> {
    const earlier = await this.repository.findByKey(entry.key);
    return earlier && repeatVerdict(earlier, entry);
  }
}

/** An entry posted again under a used key: the same postings are a repeat, others a misuse. */
function repeatVerdict(earlier: JournalEntry, entry: JournalEntry): 'exists' | 'entry_key_reused' {
  return samePostings(earlier, entry) ? 'exists' : 'entry_key_reused';
}

/** Whether posting the entry must first read the books: a reversal, or a guarded account taken down. */
function readsBalances(entry: JournalEntry): boolean {
  return entry.reverses !== undefined || entry.postings.some(takesDownGuardedAccount);
}

/**
 * A posting that lowers the normal-side balance of an account that may not go negative: the only
 * kind `checkBalances` can refuse, since raising a balance that is not negative keeps it so.
 */
function takesDownGuardedAccount(posting: Posting): boolean {
  const account = parseAccountId(posting.account);
  return account.ok && !account.value.mayGoNegative && normalBalance(posting.account, posting.amount).isNegative();
}
