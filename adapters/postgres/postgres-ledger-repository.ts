/**
 * PostgresLedgerRepository: the core LedgerRepository over `ledger_accounts`, `journal_entries`
 * and `ledger_postings`. The core Journal keeps the rules; this keeps them safe under concurrency.
 *
 * Guarantees
 * - `postedTotals` locks the named account rows (SELECT … FOR NO KEY UPDATE, in id order so two
 *   entries never deadlock on each other) and then sums their committed postings, in the caller's
 *   transaction: two debits of one pool are serialised, so both cannot pass the never-negative
 *   check on the same balance. The Journal asks only for the accounts an entry takes down, so a
 *   credit to a pool takes no lock of its own: contributions into one hot pool are appended side
 *   by side. Their postings' foreign-key checks hold KEY SHARE on the account row, which NO KEY
 *   UPDATE does not wait for (FOR UPDATE would): a payout does not queue behind the pool's
 *   in-flight contributions, nor they behind it.
 * - `appendAll` writes the entries and their postings in the caller's transaction, creating account
 *   rows on first use (in id order), in one statement however many entries. The entry key is
 *   UNIQUE: the insert does nothing on a used key (waiting for a concurrent transaction that holds
 *   it to end), and only then are the earlier entries read (one query) and answered, for the Journal
 *   to tell `exists` from `entry_key_reused`. Should an earlier entry not be visible yet,
 *   `appendAll` throws `ConcurrentWriteConflict` and the unit of work retries.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { accounts, parseAccountId, type Account, type AccountId } from '../../core/ledger/accounts.ts';
import { normalBalance, type JournalEntry, type Posting } from '../../core/ledger/journal-entry.ts';
import type { AppendOutcome, LedgerRepository } from '../../core/ledger/ports.ts';
import { Money } from '../../core/money/money.ts';
import { invariant } from '../../core/shared/result.ts';
import { ConcurrentWriteConflict } from './mikro-orm-unit-of-work.ts';
import { sqlArray } from './sql-array.ts';
import { runPrepared } from './prepared-statements.ts';

interface EntryRow {
  id: string;
  key: string;
  kind: string;
  reverses_id: string | null;
  occurred_at: Date;
  account_id: string;
  amount_centimes: string;
}

export class PostgresLedgerRepository implements LedgerRepository {
  constructor(private readonly em: EntityManager) {}

  async postedTotals(accounts: readonly AccountId[]): Promise<ReadonlyMap<AccountId, Money>> {
    if (accounts.length === 0) return new Map();
    const ids = [...new Set(accounts)].sort();
    await this.em.execute('select id from ledger_accounts where id = any(?::varchar[]) order by id for no key update', [sqlArray(ids)]);
    const rows = await runPrepared<{ account_id: string; total: string }>(this.em,
      'select account_id, sum(amount_centimes)::text as total from ledger_postings where account_id = any($1::varchar[]) group by account_id',
      [sqlArray(ids)],
    );
    const totals = new Map<AccountId, Money>(ids.map((id) => [id, Money.ZERO]));
    for (const row of rows) totals.set(row.account_id, Money.ofCentimes(Number(row.total)));
    return totals;
  }

  findById(id: string): Promise<JournalEntry | undefined> {
    return this.findOne('e.id = ?', id);
  }

  async findByKey(key: string): Promise<JournalEntry | undefined> {
    return (await this.findByKeys([key])).get(key);
  }

  findReversalOf(entryId: string): Promise<JournalEntry | undefined> {
    return this.findOne('e.reverses_id = ?', entryId);
  }

  async appendAll(entries: readonly JournalEntry[]): Promise<AppendOutcome[]> {
    if (entries.length === 0) return [];
    // Account rows in id order, so two transactions creating the same new accounts never deadlock.
    const touched = new Map<string, Account>();
    for (const posting of entries.flatMap((e) => e.postings)) {
      const parsed = parseAccountId(posting.account);
      invariant(parsed.ok, `invalid ledger account ${posting.account}`);
      touched.set(parsed.value.id, parsed.value);
    }
    const accountRows = [...touched.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const postings = entries.flatMap((e) => e.postings.map((p) => ({ entryId: e.id, ...p })));
    // One statement, one round trip: the account rows, the entries and their postings. The foreign
    // keys are checked at the end of the statement, so the postings may name rows made in it. An
    // entry whose key is taken (before, or by an entry earlier in this call) inserts nothing.
    const inserted = await runPrepared<{ key: string }>(this.em,
      `with new_accounts as (
         insert into ledger_accounts (id, kind, may_go_negative)
         select * from unnest($1::varchar[], $2::varchar[], $3::boolean[]) on conflict (id) do nothing
       ), entries as (
         insert into journal_entries (id, key, kind, reverses_id, occurred_at)
         select * from unnest($4::uuid[], $5::varchar[], $6::varchar[], $7::uuid[], $8::timestamptz[])
         on conflict (key) do nothing returning id, key
       ), postings as (
         insert into ledger_postings (entry_id, account_id, amount_centimes)
         select p.entry_id, p.account_id, p.amount from unnest($9::uuid[], $10::varchar[], $11::bigint[]) as p(entry_id, account_id, amount)
         where p.entry_id in (select id from entries)
       )
       select key from entries`,
      [
        sqlArray(accountRows.map((a) => a.id)),
        sqlArray(accountRows.map((a) => a.kind)),
        sqlArray(accountRows.map((a) => a.mayGoNegative)),
        sqlArray(entries.map((e) => e.id)),
        sqlArray(entries.map((e) => e.key)),
        sqlArray(entries.map((e) => e.kind)),
        sqlArray(entries.map((e) => e.reverses ?? null)),
        sqlArray(entries.map((e) => e.occurredAt.toISOString())),
        sqlArray(postings.map((p) => p.entryId)),
        sqlArray(postings.map((p) => p.account)),
        sqlArray(postings.map((p) => p.amount.centimes)),
      ],
    );
    const appendedKeys = new Set(inserted.map((row) => row.key));
    const firstWithKey = new Map<string, JournalEntry>();
    for (const entry of entries) if (!firstWithKey.has(entry.key)) firstWithKey.set(entry.key, entry);
    const appendedNow = (entry: JournalEntry) => appendedKeys.has(entry.key) && firstWithKey.get(entry.key) === entry;
    const earlierKeys = entries.filter((e) => !appendedNow(e)).map((e) => e.key);
    const earlier = earlierKeys.length === 0 ? new Map<string, JournalEntry>() : await this.findByKeys(earlierKeys);
    return entries.map((entry): AppendOutcome => {
      if (appendedNow(entry)) return { appended: true };
      const found = earlier.get(entry.key);
      if (!found) throw new ConcurrentWriteConflict(`journal entry ${entry.key} was posted concurrently`);
      return { appended: false, earlier: found };
    });
  }

  /** What each tontine's pool holds now (normal side, no lock), for display. */
  async poolBalances(tontineIds: readonly string[]): Promise<Map<string, Money>> {
    if (tontineIds.length === 0) return new Map();
    const rows = await runPrepared<{ account_id: string; total: string }>(this.em,
      'select account_id, sum(amount_centimes)::text as total from ledger_postings where account_id = any($1::varchar[]) group by account_id',
      [sqlArray(tontineIds.map((id) => accounts.pool(id)))],
    );
    const totals = new Map(rows.map((r) => [r.account_id, Money.ofCentimes(Number(r.total))]));
    return new Map(tontineIds.map((id) => [id, normalBalance(accounts.pool(id), totals.get(accounts.pool(id)) ?? Money.ZERO)]));
  }

  /** Sum of every posting ever made: zero while the books balance. */
  async trialBalance(): Promise<Money> {
    const rows = await this.em.execute<{ total: string | null }[]>('select sum(amount_centimes)::text as total from ledger_postings');
    return Money.ofCentimes(Number(rows[0]?.total ?? 0));
  }

  /** Signed totals of every account (debits positive), for reports and tests. */
  async accountTotals(): Promise<Map<AccountId, Money>> {
    const rows = await this.em.execute<{ account_id: string; total: string }[]>(
      'select account_id, sum(amount_centimes)::text as total from ledger_postings group by account_id',
    );
    return new Map(rows.map((r) => [r.account_id, Money.ofCentimes(Number(r.total))]));
  }

  private async findOne(where: string, value: string): Promise<JournalEntry | undefined> {
    return entriesOf(await this.selectEntries(where, [value]))[0];
  }

  /** The entries posted under these keys, by key. */
  private async findByKeys(keys: readonly string[]): Promise<Map<string, JournalEntry>> {
    const found = entriesOf(await this.selectEntries('e.key = any(?::varchar[])', [sqlArray([...new Set(keys)])]));
    return new Map(found.map((entry) => [entry.key, entry]));
  }

  private selectEntries(where: string, params: unknown[]): Promise<EntryRow[]> {
    return this.em.execute<EntryRow[]>(
      `select e.id, e.key, e.kind, e.reverses_id, e.occurred_at, p.account_id, p.amount_centimes::text as amount_centimes
       from journal_entries e join ledger_postings p on p.entry_id = e.id where ${where} order by e.id, p.account_id`,
      params,
    );
  }
}

/** Rows of `selectEntries` (ordered by entry) as entries with their postings. */
function entriesOf(rows: readonly EntryRow[]): JournalEntry[] {
  const byEntry = new Map<string, EntryRow[]>();
  for (const row of rows) byEntry.set(row.id, [...(byEntry.get(row.id) ?? []), row]);
  return [...byEntry.values()].map((entryRows) => {
    const first = entryRows[0]!;
    const postings: Posting[] = entryRows.map((r) => ({ account: r.account_id, amount: Money.ofCentimes(Number(r.amount_centimes)) }));
    return {
      id: first.id,
      key: first.key,
      kind: first.kind,
      occurredAt: new Date(first.occurred_at),
      postings,
      ...(first.reverses_id === null ? {} : { reverses: first.reverses_id }),
    };
  });
}
