/**
 * PostgresPoolBooks: the postings of a group's pool (`ledger_postings` of `pool:<tontineId>` with
 * their `journal_entries`), each with who moved the money and the provider's reference, in one
 * set-based read.
 *
 * Guarantees
 * - The pool's order is (occurred_at, amount, entry id): of postings made at the same instant (a
 *   payout booked in the unit of work of the contribution that completed its cycle) the money in
 *   comes first (a credit is negative), as it must have, since a pool never goes below zero; entry
 *   ids are random, so they only make the order total.
 * - The running balance is a window sum over every posting of the pool in that order, computed
 *   before a page is cut, so each page's `balanceAfter` is the balance after that posting whatever
 *   the page, and never below zero.
 * - A page after entry `before` holds the postings strictly older than it in that order (keyset):
 *   entries posted meanwhile, newer, never shift it; an entry that is no posting of the pool is
 *   `cursor_invalid`.
 * - Who and the reference are found only for the page's rows: a contribution by its payment
 *   attempt (the entry key is `contribution:<reference>`, core/contributions/confirm-contribution-payment.ts),
 *   a payout or withdrawal by the outgoing transfer its entry booked; a reversal by the entry it undoes.
 * - A late fine posted, and a fine waived, are movements too (DOMAIN.md "Open books"), of no
 *   amount (the pool moved nothing: a fine paid is its own `fine_received` entry), with the fine's
 *   amount and member: the fine's row (`posted_at`; its id) and its waiver (`waiver.at`; an id
 *   derived from the fine's), in the same order and under the same cursor as the postings.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { accounts } from '../../core/ledger/accounts.ts';
import { normalBalance } from '../../core/ledger/journal-entry.ts';
import { Money } from '../../core/money/money.ts';
import type { PoolBooks, PoolPosting } from '../../core/tontines/ports.ts';
import { runPrepared } from './prepared-statements.ts';

interface PostingRow {
  id: string;
  occurred_at: Date;
  kind: string;
  reversed_kind: string | null;
  amount_centimes: string;
  total_after: string;
  member_id: string | null;
  reference: string | null;
  fine_centimes: string | null;
}

/** The pool's movements: its postings, and its fines posted and waived (no amount). */
const MOVEMENTS = `
  select e.id, e.occurred_at, e.kind, e.key, e.reverses_id, r.kind as reversed_kind, r.key as reversed_key, p.amount_centimes,
         null::uuid as member_id, null::bigint as fine_centimes
  from ledger_postings p
  join journal_entries e on e.id = p.entry_id
  left join journal_entries r on r.id = e.reverses_id
  where p.account_id = $1
  union all
  select f.id, f.posted_at, 'fine_posted', null, null, null, null, 0, f.member_id, f.amount_centimes
  from contributions f where f.tontine_id = $2::uuid and f.fine_of is not null and f.posted_at is not null
  union all
  select md5(f.id::text || ':waived')::uuid, (f.waiver ->> 'at')::timestamptz, 'fine_waived', null, null, null, null, 0, f.member_id, f.amount_centimes
  from contributions f where f.tontine_id = $2::uuid and f.fine_of is not null and f.waiver is not null`;

const POOL_PAGE = `
with pool as (
  select m.*, sum(m.amount_centimes) over (order by m.occurred_at, m.amount_centimes, m.id) as total_after
  from (${MOVEMENTS}) m
), page as (
  select * from pool
  where $3::uuid is null
     or (occurred_at, amount_centimes, id) < (select c.occurred_at, c.amount_centimes, c.id from pool c where c.id = $3::uuid)
  order by occurred_at desc, amount_centimes desc, id desc
  limit $4
)
select page.id, page.occurred_at, page.kind, page.reversed_kind, page.amount_centimes::text as amount_centimes, page.total_after::text as total_after,
       coalesce(page.member_id, pay.member_id, sent.member_id)::text as member_id, coalesce(pay.reference, sent.reference) as reference,
       page.fine_centimes::text as fine_centimes
from page
left join lateral (
  select member_id, reference from payments
  where tontine_id = $2::uuid and kind = 'contribution' and 'contribution:' || reference = coalesce(page.reversed_key, page.key)
  limit 1
) pay on true
left join lateral (
  select member_id, reference from outgoing_transfers
  where subject_id = $2::text and ledger_entry_id = coalesce(page.reverses_id, page.id)
  limit 1
) sent on true
order by page.occurred_at desc, page.amount_centimes desc, page.id desc`;

export class PostgresPoolBooks implements PoolBooks {
  constructor(private readonly em: EntityManager) {}

  async postings(tontineId: string, page: { before?: string; limit: number }): Promise<PoolPosting[] | 'cursor_invalid'> {
    const pool = accounts.pool(tontineId);
    const rows = await runPrepared<PostingRow>(this.em, POOL_PAGE, [pool, tontineId, page.before ?? null, page.limit]);
    // An empty page after a cursor: the last page, or a cursor that is no posting of this pool (asked only then).
    if (rows.length === 0 && page.before !== undefined && !(await this.isPosting(pool, tontineId, page.before))) return 'cursor_invalid';
    return rows.map((r) => ({
      entryId: r.id,
      at: new Date(r.occurred_at),
      entryKind: r.kind,
      reversedKind: r.reversed_kind,
      memberId: r.member_id,
      amount: normalBalance(pool, Money.ofCentimes(Number(r.amount_centimes))),
      balanceAfter: normalBalance(pool, Money.ofCentimes(Number(r.total_after))),
      reference: r.reference,
      fine: r.fine_centimes === null ? null : Money.ofCentimes(Number(r.fine_centimes)),
    }));
  }

  private async isPosting(pool: string, tontineId: string, id: string): Promise<boolean> {
    const rows = await runPrepared<{ found: number }>(this.em, `select 1 as found from (${MOVEMENTS}) m where m.id = $3::uuid limit 1`, [pool, tontineId, id]);
    return rows.length > 0;
  }
}
