/**
 * PostgresPaymentRepository: every mobile-money payment (collections of contributions, savings
 * withdrawals, payouts) as the member and the polling job see it (core's PaymentRepository,
 * core/payments/ports.ts). Contributions write their
 * attempts through the contribution repository; payouts and withdrawals are stored here, one row
 * per attempt to send them (core's TransferAttemptRepository, see core/tontines/savings-transfers.ts).
 *
 * Guarantees
 * - `listPendingOlderThan` answers the payments still pending that were created before the given
 *   instant, the least recently polled first (never polled first of all), and marks them polled
 *   now: every pending payment is asked about in turn, however many are stuck.
 * - `findAttempt` locks the attempt's row in the caller's transaction; a transfer's status moves
 *   pending → successful | failed once (the use case checks it under that lock).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Money } from '../../core/money/money.ts';
import { invariant } from '../../core/shared/result.ts';
import {
  memberKey,
  type MemberIdempotencyKey,
  type MobileMoneyProvider,
  type MobileMoneyStatusReport,
  type PaymentKind,
  type PaymentRecord,
  type PaymentRepository,
  type PaymentStatus,
} from '../../core/payments/ports.ts';
import type { TransferAttempt, TransferAttemptRepository } from '../../core/tontines/ports.ts';
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
  transfer_reference: string | null;
  ledger_entry_id: string | null;
  description: string | null;
  retry_at: Date | null;
}

const SELECT_PAYMENT = `select id, kind, provider, reference, member_id, idempotency_key, contribution_id, tontine_id,
  amount_centimes::text as amount_centimes, phone_number, status, reason, provider_transaction_id, created_at, completed_at,
  attempt, transfer_reference, ledger_entry_id, description, retry_at from payments`;

export class PostgresPaymentRepository implements PaymentRepository, TransferAttemptRepository {
  constructor(
    private readonly em: EntityManager,
    /** Makes the row ids of new transfer attempts. */
    private readonly newId: () => string,
  ) {}

  async findById(id: string): Promise<PaymentRecord | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return this.one(`${SELECT_PAYMENT} where id = ?`, [id]);
  }

  async findByReference(reference: string): Promise<PaymentRecord | undefined> {
    return (await this.findByReferences([reference])).get(reference);
  }

  async findByReferences(references: readonly string[]): Promise<Map<string, PaymentRecord>> {
    if (references.length === 0) return new Map();
    const rows = await runPrepared<PaymentDbRow>(this.em, `${SELECT_PAYMENT} where reference = any($1::varchar[]) order by created_at desc`, [sqlArray([...new Set(references)])]);
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
       returning ${SELECT_PAYMENT.slice('select '.length, SELECT_PAYMENT.lastIndexOf(' from payments'))}`,
      [now, instant, limit],
    );
    return rows.map(recordOf).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async add(attempt: TransferAttempt): Promise<void> {
    await this.em.execute(
      `insert into payments (id, kind, provider, reference, member_id, idempotency_key, contribution_id, tontine_id, amount_centimes, phone_number, status, created_at,
         attempt, transfer_reference, ledger_entry_id, description)
       values (?, ?, ?, ?, ?, null, null, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
      [
        this.newId(),
        attempt.kind,
        attempt.provider,
        attempt.reference,
        attempt.memberId,
        attempt.tontineId,
        String(attempt.amount.centimes),
        attempt.msisdn,
        attempt.createdAt,
        attempt.attempt,
        attempt.transferReference,
        attempt.ledgerEntryId,
        attempt.description,
      ],
    );
  }

  async findAttempt(reference: string): Promise<TransferAttempt | undefined> {
    const lock = this.em.isInTransaction() ? 'for update' : '';
    const rows = await this.em.execute<PaymentDbRow[]>(`${SELECT_PAYMENT} where reference = ? and kind in ('payout', 'withdrawal') ${lock}`, [reference]);
    return rows[0] && attemptOf(rows[0]);
  }

  async saveAttempt(attempt: TransferAttempt): Promise<void> {
    await this.em.execute(
      `update payments set status = ?, completed_at = ?, retry_at = ? where reference = ? and kind in ('payout', 'withdrawal')`,
      [attempt.status, attempt.completedAt ?? null, attempt.retryAt ?? null, attempt.reference],
    );
  }

  async listRetriesDue(now: Date, limit: number): Promise<TransferAttempt[]> {
    const rows = await this.em.execute<PaymentDbRow[]>(`${SELECT_PAYMENT} where retry_at <= ? and status = 'failed' order by retry_at, id limit ?`, [now, limit]);
    return rows.map(attemptOf);
  }

  async recordProviderDetails(report: Pick<MobileMoneyStatusReport, 'reference' | 'providerTransactionId' | 'reason'>): Promise<void> {
    await this.em.execute(
      `update payments set provider_transaction_id = coalesce(provider_transaction_id, ?), reason = coalesce(reason, ?) where reference = ?`,
      [report.providerTransactionId ?? null, report.reason ?? null, report.reference],
    );
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

function attemptOf(row: PaymentDbRow): TransferAttempt {
  invariant(row.kind !== 'contribution' && row.transfer_reference !== null && row.ledger_entry_id !== null, `payment ${row.id} is not a transfer attempt`);
  return {
    kind: row.kind,
    transferReference: row.transfer_reference,
    attempt: row.attempt,
    reference: row.reference,
    tontineId: row.tontine_id,
    memberId: row.member_id,
    provider: row.provider,
    msisdn: row.phone_number,
    amount: Money.ofCentimes(Number(row.amount_centimes)),
    description: row.description ?? '',
    ledgerEntryId: row.ledger_entry_id,
    status: row.status,
    createdAt: new Date(row.created_at),
    completedAt: row.completed_at === null ? undefined : new Date(row.completed_at),
    retryAt: row.retry_at === null ? undefined : new Date(row.retry_at),
  };
}
