/**
 * The merchant's ledger entries of a month, per kind (core/merchants/monthly-figures.ts), in one
 * statement over the postings of its two accounts (found by the account index).
 *
 * Guarantees
 * - Entries dated in [from, to) with a posting on `merchant_payable:<id>` or
 *   `merchant_receivable:<id>`, grouped by kind: their count, the sum of all their debits, and
 *   their postings on each of the two accounts (debits positive).
 * - A replica-safe read (a report of booked entries, nothing written after it): sent with
 *   readFromReplica, so it goes to a fresh replica when there is one.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MerchantEntryTotals, MerchantMonthLedger } from '../../core/merchants/monthly-figures.ts';
import { entryTotalsRow, type Row } from './merchant-rows.ts';
import { readFromReplica } from './read-replicas.ts';

export class PostgresMerchantMonthLedger implements MerchantMonthLedger {
  constructor(private readonly em: EntityManager) {}

  async entryTotals(merchantId: string, from: Date, to: Date): Promise<MerchantEntryTotals[]> {
    const payable = `merchant_payable:${merchantId}`;
    const receivable = `merchant_receivable:${merchantId}`;
    const rows = await readFromReplica<Row>(
      this.em,
      `with touched as (
         select distinct e.id, e.kind from journal_entries e join ledger_postings p on p.entry_id = e.id
          where p.account_id in (?, ?) and e.occurred_at >= ? and e.occurred_at < ?)
       select t.kind,
              count(distinct t.id)::text as entries,
              coalesce(sum(p.amount_centimes) filter (where p.amount_centimes > 0), 0)::text as volume,
              coalesce(sum(p.amount_centimes) filter (where p.account_id = ?), 0)::text as payable,
              coalesce(sum(p.amount_centimes) filter (where p.account_id = ?), 0)::text as receivable
         from touched t join ledger_postings p on p.entry_id = t.id
        group by t.kind`,
      [payable, receivable, from, to, payable, receivable],
    );
    return rows.map((r) => entryTotalsRow.parse(r));
  }
}
