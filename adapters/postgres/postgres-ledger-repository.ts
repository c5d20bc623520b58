/**
 * PostgresLedgerRepository: the core LedgerRepository over `ledger_accounts`, `journal_entries`
 * and `ledger_postings`. The core Journal keeps the rules; this keeps them safe under concurrency.
 *
 * Guarantees
 * - `postedTotals` locks the named account rows (SELECT … FOR UPDATE, in id order so two entries
 *   never deadlock on each other) and then sums their postings, in the caller's transaction: two
 *   debits of one pool are serialised, so both cannot pass the never-negative check on the same
 *   balance. The Journal asks only for the accounts an entry takes down, so a credit to a pool
 *   takes no lock at all: contributions into one hot pool are appended side by side.
 * - `append` writes the entry and its postings in the caller's transaction, creating account rows
 *   on first use, in one statement. The entry key is UNIQUE: the insert does nothing on a used key
 *   (waiting for a concurrent transaction that holds it to end), and only then is the earlier entry
 *   read and answered, for the Journal to tell `exists` from `entry_key_reused`. Should the earlier
 *   entry not be visible yet, `append` throws `ConcurrentWriteConflict` and the unit of work retries.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { accounts, parseAccountId, type AccountId } from '../../core/ledger/accounts.ts';
import { normalBalance, type JournalEntry, type Posting } from '../../core/ledger/journal-entry.ts';
import type { AppendOutcome, LedgerRepository } from '../../core/ledger/ports.ts';
import { Money } from '../../core/money/money.ts';
import { invariant } from '../../core/shared/result.ts';
import { ConcurrentWriteConflict } from './mikro-orm-unit-of-work.ts';
import { sqlArray } from './sql-array.ts';

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
    await this.em.execute('select id from ledger_accounts where id = any(?::varchar[]) order by id for update', [sqlArray(ids)]);
    const rows = await this.em.execute<{ account_id: string; total: string }[]>(
      'select account_id, sum(amount_centimes)::text as total from ledger_postings where account_id = any(?::varchar[]) group by account_id',
      [sqlArray(ids)],
    );
    const totals = new Map<AccountId, Money>(ids.map((id) => [id, Money.ZERO]));
    for (const row of rows) totals.set(row.account_id, Money.ofCentimes(Number(row.total)));
    return totals;
  }

  findById(id: string): Promise<JournalEntry | undefined> {
    return this.findOne('e.id = ?', id);
  }

  findByKey(key: string): Promise<JournalEntry | undefined> {
    return this.findOne('e.key = ?', key);
  }

  findReversalOf(entryId: string): Promise<JournalEntry | undefined> {
    return this.findOne('e.reverses_id = ?', entryId);
  }

  async append(entry: JournalEntry): Promise<AppendOutcome> {
    const touched = entry.postings.map((p) => {
      const parsed = parseAccountId(p.account);
      invariant(parsed.ok, `invalid ledger account ${p.account}`);
      return parsed.value;
    });
    // One statement, one round trip: the account rows, the entry and its postings. The foreign
    // keys are checked at the end of the statement, so the postings may name rows made in it.
    const inserted = await this.em.execute<{ id: string }[]>(
      `with new_accounts as (
         insert into ledger_accounts (id, kind, may_go_negative)
         select * from unnest(?::varchar[], ?::varchar[], ?::boolean[]) on conflict (id) do nothing
       ), entry as (
         insert into journal_entries (id, key, kind, reverses_id, occurred_at) values (?, ?, ?, ?, ?)
         on conflict (key) do nothing returning id
       ), postings as (
         insert into ledger_postings (entry_id, account_id, amount_centimes)
         select entry.id, p.account_id, p.amount from entry, unnest(?::varchar[], ?::bigint[]) as p(account_id, amount)
       )
       select id from entry`,
      [
        sqlArray(touched.map((a) => a.id)),
        sqlArray(touched.map((a) => a.kind)),
        sqlArray(touched.map((a) => a.mayGoNegative)),
        entry.id,
        entry.key,
        entry.kind,
        entry.reverses ?? null,
        entry.occurredAt,
        sqlArray(entry.postings.map((p) => p.account)),
        sqlArray(entry.postings.map((p) => p.amount.centimes)),
      ],
    );
    if (inserted.length > 0) return { appended: true };
    const earlier = await this.findByKey(entry.key);
    if (!earlier) throw new ConcurrentWriteConflict(`journal entry ${entry.key} was posted concurrently`);
    return { appended: false, earlier };
  }

  /** What each tontine's pool holds now (normal side, no lock), for display. */
  async poolBalances(tontineIds: readonly string[]): Promise<Map<string, Money>> {
    if (tontineIds.length === 0) return new Map();
    const rows = await this.em.execute<{ account_id: string; total: string }[]>(
      'select account_id, sum(amount_centimes)::text as total from ledger_postings where account_id = any(?::varchar[]) group by account_id',
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
    const rows = await this.em.execute<EntryRow[]>(
      `select e.id, e.key, e.kind, e.reverses_id, e.occurred_at, p.account_id, p.amount_centimes::text as amount_centimes
       from journal_entries e join ledger_postings p on p.entry_id = e.id where ${where} order by p.account_id`,
      [value],
    );
    const first = rows[0];
    if (!first) return undefined;
    const postings: Posting[] = rows.map((r) => ({ account: r.account_id, amount: Money.ofCentimes(Number(r.amount_centimes)) }));
    return {
      id: first.id,
      key: first.key,
      kind: first.kind,
      occurredAt: new Date(first.occurred_at),
      postings,
      ...(first.reverses_id === null ? {} : { reverses: first.reverses_id }),
    };
  }
}
