/**
 * PostgresPaymentRepository: every mobile-money payment of a member's savings (collections of
 * contributions, savings withdrawals, payouts) as the member and the polling job see it (core's
 * PaymentRepository, core/payments/ports.ts). Contributions are stored in
 * `payments` (written through the contribution repository); payouts and withdrawals are
 * outgoing transfers (`outgoing_transfers`, core/transfers), read here as payments, one per
 * attempt, under their former statuses: requested, sent or disputed read `pending`, completed
 * `successful`, failed or given up `failed`.
 *
 * Guarantees
 * - `listPendingOlderThan` answers the contribution payments still pending that were created
 *   before the given instant, the least recently polled first (never polled first of all), and
 *   marks them polled now: every pending payment is asked about in turn, however many are stuck.
 *   (Outgoing transfers are polled through core/transfers' port.)
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Money } from '../../core/money/money.ts';
import {
  memberKey,
  type MemberIdempotencyKey,
  type MobileMoneyProvider,
  type PaymentKind,
  type PaymentRecord,
  type PaymentRepository,
  type PaymentStatus,
} from '../../core/payments/ports.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import { violatesUnique } from './mikro-orm-unit-of-work.ts';
import { sqlArray } from './sql-array.ts';
import { runPrepared } from './prepared-statements.ts';

/** One member's idempotency keys are unique among their payments (payments-schema.ts). */
const MEMBER_KEY_CONSTRAINT = 'payments_member_idempotency_key_unique';

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
  attempt: number;
}

const PAYMENT_COLUMNS = `id, kind, provider, reference, member_id, idempotency_key, contribution_id, tontine_id,
  amount_centimes::text as amount_centimes, phone_number, status, reason, provider_transaction_id, created_at, completed_at, attempt`;

const SELECT_PAYMENT = `select ${PAYMENT_COLUMNS} from payments`;

/** A payout's or withdrawal's attempts, as payments. */
const SELECT_TRANSFER = `select id, purpose as kind, provider, reference, member_id, null as idempotency_key, null::uuid as contribution_id, subject_id::uuid as tontine_id,
  amount_centimes::text as amount_centimes, msisdn as phone_number,
  case status when 'completed' then 'successful' when 'failed' then 'failed' when 'given_up' then 'failed' else 'pending' end as status,
  reason, provider_transaction_id, created_at, completed_at, attempt from outgoing_transfers where purpose in ('payout', 'withdrawal')`;

export class PostgresPaymentRepository implements PaymentRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string): Promise<PaymentRecord | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return this.one(`${SELECT_PAYMENT} where id = ? union all ${SELECT_TRANSFER} and id = ?`, [id, id]);
  }

  async findByReference(reference: string): Promise<PaymentRecord | undefined> {
    return (await this.findByReferences([reference])).get(reference);
  }

  async findByReferences(references: readonly string[]): Promise<Map<string, PaymentRecord>> {
    if (references.length === 0) return new Map();
    const rows = await runPrepared<PaymentDbRow>(
      this.em,
      `${SELECT_PAYMENT} where reference = any($1::varchar[]) union all ${SELECT_TRANSFER} and reference = any($1::varchar[]) order by created_at desc`,
      [sqlArray([...new Set(references)])],
    );
    // Newest first, so the first made is set last and kept.
    return new Map(rows.map((row) => [row.reference, recordOf(row)]));
  }

  async findByMemberKey(memberId: string, idempotencyKey: string): Promise<PaymentRecord | undefined> {
    return (await this.findByMemberKeys([{ memberId, idempotencyKey }])).get(memberKey(memberId, idempotencyKey));
  }

  async findByMemberKeys(keys: readonly MemberIdempotencyKey[]): Promise<Map<string, PaymentRecord>> {
    const valid = keys.filter((k) => UUID_PATTERN.test(k.memberId));
    if (valid.length === 0) return new Map();
    const rows = await runPrepared<PaymentDbRow>(
      this.em,
      `${SELECT_PAYMENT} where (member_id, idempotency_key) in (select * from unnest($1::uuid[], $2::varchar[]))`,
      [sqlArray(valid.map((k) => k.memberId)), sqlArray(valid.map((k) => k.idempotencyKey))],
    );
    return new Map(rows.map((row) => [memberKey(row.member_id, row.idempotency_key!), recordOf(row)]));
  }

  /**
   * Up to `limit` payments the provider never answered for, created before `instant`, the least
   * recently polled first; marked polled at `now`, so the next call asks the others.
   */
  async listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<PaymentRecord[]> {
    const rows = await this.em.execute<PaymentDbRow[]>(
      `update payments set last_polled_at = ? where id in (
         select id from payments where status = 'pending' and created_at < ?
         order by last_polled_at nulls first, created_at, id limit ? for update skip locked)
       returning ${PAYMENT_COLUMNS}`,
      [now, instant, limit],
    );
    return rows.map(recordOf).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  isMemberKeyTaken(error: unknown): boolean {
    return violatesUnique(error, MEMBER_KEY_CONSTRAINT);
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
    attempt: row.attempt,
  };
}
