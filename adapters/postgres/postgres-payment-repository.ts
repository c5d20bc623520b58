/**
 * PostgresPaymentRepository: every mobile-money payment (collections of contributions, savings
 * withdrawals, payouts) as the member and the polling job see it. Contributions write their
 * attempts through the contribution repository and tontines their transfers through the tontine
 * repository; this reads them and records what the provider said about transfers.
 *
 * Guarantees
 * - `listPendingOlderThan` answers the payments still pending that were created before the given
 *   instant, oldest first: what the polling job asks the provider about.
 * - A transfer's status moves pending → successful | failed once; a later answer changes nothing.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyProvider, MobileMoneyStatusReport } from '../../core/payments/ports.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import type { PAYMENT_KINDS, PAYMENT_STATUSES } from './payments-schema.ts';

export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentRecord {
  id: string;
  kind: PaymentKind;
  provider: MobileMoneyProvider;
  reference: string;
  memberId: string;
  idempotencyKey: string | null;
  contributionId: string | null;
  tontineId: string;
  amount: Money;
  phoneNumber: string;
  status: PaymentStatus;
  reason: string | null;
  providerTransactionId: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

interface PaymentDbRow {
  id: string;
  kind: PaymentKind;
  provider: MobileMoneyProvider;
  reference: string;
  member_id: string;
  idempotency_key: string | null;
  contribution_id: string | null;
  tontine_id: string;
  amount_centimes: string;
  phone_number: string;
  status: PaymentStatus;
  reason: string | null;
  provider_transaction_id: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const SELECT_PAYMENT = `select id, kind, provider, reference, member_id, idempotency_key, contribution_id, tontine_id,
  amount_centimes::text as amount_centimes, phone_number, status, reason, provider_transaction_id, created_at, completed_at from payments`;

export class PostgresPaymentRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string): Promise<PaymentRecord | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return this.one(`${SELECT_PAYMENT} where id = ?`, [id]);
  }

  findByReference(reference: string): Promise<PaymentRecord | undefined> {
    return this.one(`${SELECT_PAYMENT} where reference = ? order by created_at limit 1`, [reference]);
  }

  findByMemberKey(memberId: string, idempotencyKey: string): Promise<PaymentRecord | undefined> {
    return this.one(`${SELECT_PAYMENT} where member_id = ? and idempotency_key = ?`, [memberId, idempotencyKey]);
  }

  /** The payments the provider never answered for, created before `instant`, oldest first. */
  async listPendingOlderThan(instant: Date, limit = 100): Promise<PaymentRecord[]> {
    const rows = await this.em.execute<PaymentDbRow[]>(`${SELECT_PAYMENT} where status = 'pending' and created_at < ? order by created_at, id limit ?`, [instant, limit]);
    return rows.map(recordOf);
  }

  /** Keeps the provider's transaction id and failure reason beside the payment. */
  async recordProviderDetails(reference: string, report: Pick<MobileMoneyStatusReport, 'providerTransactionId' | 'reason'>): Promise<void> {
    await this.em.execute(
      `update payments set provider_transaction_id = coalesce(provider_transaction_id, ?), reason = coalesce(reason, ?) where reference = ?`,
      [report.providerTransactionId ?? null, report.reason ?? null, reference],
    );
  }

  /** A transfer's final status; true when this call settled it (it was pending). */
  async settleTransfer(reference: string, status: 'successful' | 'failed', at: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update payments set status = ?, completed_at = ? where reference = ? and kind in ('payout', 'withdrawal') and status = 'pending' returning id`,
      [status, at, reference],
    );
    return rows.length > 0;
  }

  private async one(sql: string, params: unknown[]): Promise<PaymentRecord | undefined> {
    const rows = await this.em.execute<PaymentDbRow[]>(sql, params);
    return rows[0] && recordOf(rows[0]);
  }
}

function recordOf(row: PaymentDbRow): PaymentRecord {
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    reference: row.reference,
    memberId: row.member_id,
    idempotencyKey: row.idempotency_key,
    contributionId: row.contribution_id,
    tontineId: row.tontine_id,
    amount: Money.ofCentimes(Number(row.amount_centimes)),
    phoneNumber: row.phone_number,
    status: row.status,
    reason: row.reason,
    providerTransactionId: row.provider_transaction_id,
    createdAt: new Date(row.created_at),
    completedAt: row.completed_at && new Date(row.completed_at),
  };
}
