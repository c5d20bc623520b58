/**
 * PostgresStatementLedger: the postings a statement prints (core/statements/ports.ts), each with
 * who moved the money and the reference, and the balances an account opened a period with.
 *
 * Guarantees
 * - Replica-safe reads (statements write nothing; README and decision 0079 list them): sent with
 *   readFromReplica, so they go to a fresh replica when there is one, to the primary otherwise or
 *   within a member's read-after-write window.
 * - An account's order is the books' (occurred_at, amount, entry id: money in before money out
 *   at one instant, adapters/postgres/postgres-pool-books.ts), so a running balance never reads
 *   below zero.
 * - Who and the reference: a contribution by its payment attempt (entry key
 *   `contribution:<reference>`, with the provider and the contribution's cycle), a payout or a
 *   withdrawal by the outgoing transfer its entry booked, a reversal by the entry it undoes;
 *   otherwise the last part of the entry's key (a sale's transaction reference, a loan
 *   repayment's provider reference, with its provider).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { normalBalance } from '../../core/ledger/journal-entry.ts';
import { Money } from '../../core/money/money.ts';
import type { LedgerLine, StatementLedger, StatementRecipients } from '../../core/statements/ports.ts';
import { readFromReplica } from './read-replicas.ts';
import { sqlArray } from './sql-array.ts';

interface LineRow {
  id: string;
  occurred_at: Date;
  account_id: string;
  kind: string;
  reversed_kind: string | null;
  amount_centimes: string;
  entry_total: string;
  member_id: string | null;
  reference: string | null;
  method: string | null;
  cycle: number | null;
}

const LINES = `
with lines as (
  select e.id, e.occurred_at, p.account_id, e.kind, e.key, e.reverses_id, r.kind as reversed_kind, r.key as reversed_key, p.amount_centimes,
         (select sum(q.amount_centimes) from ledger_postings q where q.entry_id = e.id and q.amount_centimes > 0) as entry_total
  from ledger_postings p
  join journal_entries e on e.id = p.entry_id
  left join journal_entries r on r.id = e.reverses_id
  where p.account_id = any(?::text[])
    and (?::timestamptz is null or e.occurred_at >= ?::timestamptz)
    and (?::timestamptz is null or e.occurred_at < ?::timestamptz)
)
select l.id, l.occurred_at, l.account_id, l.kind, l.reversed_kind, l.amount_centimes::text as amount_centimes, l.entry_total::text as entry_total,
       coalesce(pay.member_id, sent.member_id)::text as member_id,
       coalesce(pay.reference, sent.reference, nullif(split_part(coalesce(l.reversed_key, l.key), ':', -1), '')) as reference,
       coalesce(pay.provider, case when coalesce(l.reversed_key, l.key) like 'loan-repayment:%' then split_part(coalesce(l.reversed_key, l.key), ':', 2) end) as method,
       pay.cycle
from lines l
left join lateral (
  select pm.member_id, pm.reference, pm.provider, c.cycle from payments pm left join contributions c on c.id = pm.contribution_id
  where pm.tontine_id = (case when l.account_id like 'pool:%' then substr(l.account_id, 6)::uuid end) and pm.kind = 'contribution'
    and 'contribution:' || pm.reference = coalesce(l.reversed_key, l.key)
  limit 1
) pay on true
left join lateral (
  select member_id, reference from outgoing_transfers
  where l.account_id like 'pool:%' and subject_id = substr(l.account_id, 6) and ledger_entry_id = coalesce(l.reverses_id, l.id)
  limit 1
) sent on true
order by l.occurred_at`;

export class PostgresStatementLedger implements StatementLedger {
  constructor(private readonly em: EntityManager) {}

  async lines(accountIds: readonly string[], period: { from?: Date; to?: Date }): Promise<LedgerLine[]> {
    const from = period.from ?? null;
    const to = period.to ?? null;
    const rows = await readFromReplica<LineRow>(this.em, LINES, [sqlArray(accountIds), from, from, to, to]);
    return rows
      .map((r) => ({
        entryId: r.id,
        at: new Date(r.occurred_at),
        account: r.account_id,
        entryKind: r.kind,
        reversedKind: r.reversed_kind,
        amount: normalBalance(r.account_id, Money.ofCentimes(Number(r.amount_centimes))),
        entryTotal: Money.ofCentimes(Number(r.entry_total ?? 0)),
        memberId: r.member_id,
        reference: r.reference,
        method: r.method,
        cycle: r.cycle === null ? null : Number(r.cycle),
      }))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || b.amount.centimes - a.amount.centimes || (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0));
  }

  async balancesBefore(accountIds: readonly string[], at: Date): Promise<Map<string, Money>> {
    const rows = await readFromReplica<{ account_id: string; total: string }>(
      this.em,
      `select p.account_id, sum(p.amount_centimes)::text as total from ledger_postings p join journal_entries e on e.id = p.entry_id
        where p.account_id = any(?::text[]) and e.occurred_at < ? group by p.account_id`,
      [sqlArray(accountIds), at],
    );
    return new Map(rows.map((r) => [r.account_id, normalBalance(r.account_id, Money.ofCentimes(Number(r.total)))]));
  }
}

/** The account of a phone number for the CLI; of two accounts giving one number, the one with an e-mail address, then the oldest. */
export class PostgresStatementRecipients implements StatementRecipients {
  constructor(private readonly em: EntityManager) {}

  async memberIdByPhone(phoneNumber: string): Promise<string | null> {
    const rows = await this.em.execute<{ id: string }[]>('select id from users where phone_number = ? order by (email is null), created_at limit 1', [phoneNumber]);
    return rows[0]?.id ?? null;
  }

  async isErased(userId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>('select id from users where id = ? and erased_at is null', [userId]);
    return rows.length === 0;
  }
}
