/**
 * The admin's list of outgoing transfers: group payouts and savings withdrawals (the `payments`
 * table) and loan disbursements (`loan_disbursements`), one row per attempt, newest first; and the
 * provider reports that were disputed instead of booked (`payment_disputes`).
 *
 * Read-only: for `npm run admin -- transfers list [--status …]`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Money } from '../../core/money/money.ts';

export const TRANSFER_STATUSES = ['pending', 'successful', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export interface TransferRow {
  reference: string;
  kind: 'payout' | 'withdrawal' | 'loan_disbursement';
  memberId: string;
  amount: Money;
  status: TransferStatus;
  attempt: number;
  createdAt: Date;
  completedAt: Date | null;
  retryAt: Date | null;
}

interface DbRow {
  reference: string;
  kind: TransferRow['kind'];
  member_id: string;
  amount_centimes: string;
  status: TransferStatus;
  attempt: number;
  created_at: Date;
  completed_at: Date | null;
  retry_at: Date | null;
}

export class PostgresTransferListing {
  constructor(private readonly em: EntityManager) {}

  async list(options: { status?: TransferStatus; limit: number }): Promise<TransferRow[]> {
    const rows = await this.em.execute<DbRow[]>(
      `select * from (
         select reference, kind, member_id, amount_centimes::text, status, attempt, created_at, completed_at, retry_at
         from payments where kind in ('payout', 'withdrawal')
         union all
         select reference, 'loan_disbursement', member_id, amount_centimes::text, status, attempt, created_at, completed_at, retry_at
         from loan_disbursements
       ) t
       where (?::text is null or status = ?::text)
       order by created_at desc, reference
       limit ?`,
      [options.status ?? null, options.status ?? null, options.limit],
    );
    return rows.map((r) => ({
      reference: r.reference,
      kind: r.kind,
      memberId: r.member_id,
      amount: Money.ofCentimes(Number(r.amount_centimes)),
      status: r.status,
      attempt: r.attempt,
      createdAt: new Date(r.created_at),
      completedAt: r.completed_at ? new Date(r.completed_at) : null,
      retryAt: r.retry_at ? new Date(r.retry_at) : null,
    }));
  }
}
