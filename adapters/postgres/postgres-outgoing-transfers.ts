/**
 * PostgresOutgoingTransfers: every attempt of every outgoing transfer (core/transfers'
 * OutgoingTransfers port) in the table `outgoing_transfers` (Migration20261123100000), in the
 * caller's transaction (the EntityManager resolves to the unit of work's fork).
 *
 * Guarantees
 * - `findByReference` locks the attempt's row (FOR UPDATE) inside a transaction, so it is settled
 *   or retried once.
 * - `listPendingOlderThan` answers the attempts awaiting the provider (requested, sent) created
 *   before the given instant, the least recently polled first (never polled first of all), and
 *   marks them polled now: every one is asked about in turn, however many are stuck. A disputed
 *   attempt is never polled.
 * - `save` writes the status, times and the provider's details; the booking itself never changes.
 * - Amounts round-trip exactly as integer centimes.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountId } from '../../core/ledger/accounts.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import type { OutgoingTransfers } from '../../core/transfers/ports.ts';
import type { OutgoingTransfer, TransferPurpose, TransferStatus } from '../../core/transfers/transfer.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import { sqlArray } from './sql-array.ts';

interface TransferDbRow {
  id: string;
  purpose: TransferPurpose;
  subject_id: string;
  debited_account: string;
  transfer_reference: string;
  attempt: number;
  reference: string;
  member_id: string;
  provider: MobileMoneyProvider;
  msisdn: string;
  amount_centimes: string;
  description: string;
  ledger_entry_id: string;
  status: TransferStatus;
  retry_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
  provider_transaction_id: string | null;
  reason: string | null;
}

const COLUMNS = `id, purpose, subject_id, debited_account, transfer_reference, attempt, reference, member_id, provider, msisdn, amount_centimes::text as amount_centimes,
  description, ledger_entry_id, status, retry_at, created_at, completed_at, provider_transaction_id, reason`;

const date = (value: Date | null) => (value === null ? undefined : new Date(value));

function transferOf(row: TransferDbRow): OutgoingTransfer {
  return {
    id: row.id,
    purpose: row.purpose,
    subjectId: row.subject_id,
    debitedAccount: row.debited_account as AccountId,
    transferReference: row.transfer_reference,
    attempt: row.attempt,
    reference: row.reference,
    memberId: row.member_id,
    provider: row.provider,
    msisdn: row.msisdn,
    amount: Money.ofCentimes(Number(row.amount_centimes)),
    description: row.description,
    ledgerEntryId: row.ledger_entry_id,
    status: row.status,
    createdAt: new Date(row.created_at),
    completedAt: date(row.completed_at),
    retryAt: date(row.retry_at),
    providerTransactionId: row.provider_transaction_id ?? undefined,
    reason: row.reason ?? undefined,
  };
}

export class PostgresOutgoingTransfers implements OutgoingTransfers {
  constructor(private readonly em: EntityManager) {}

  async add(t: OutgoingTransfer): Promise<void> {
    await this.em.execute(
      `insert into outgoing_transfers (id, purpose, subject_id, debited_account, transfer_reference, attempt, reference, member_id, provider, msisdn, amount_centimes,
         description, ledger_entry_id, status, retry_at, created_at, completed_at, provider_transaction_id, reason)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        t.id,
        t.purpose,
        t.subjectId,
        t.debitedAccount,
        t.transferReference,
        t.attempt,
        t.reference,
        t.memberId,
        t.provider,
        t.msisdn,
        String(t.amount.centimes),
        t.description,
        t.ledgerEntryId,
        t.status,
        t.retryAt ?? null,
        t.createdAt,
        t.completedAt ?? null,
        t.providerTransactionId ?? null,
        t.reason ?? null,
      ],
    );
  }

  async findByReference(reference: string): Promise<OutgoingTransfer | undefined> {
    const lock = this.em.isInTransaction() ? 'for update' : '';
    return this.one(`select ${COLUMNS} from outgoing_transfers where reference = ? order by created_at limit 1 ${lock}`, [reference]);
  }

  async findById(id: string): Promise<OutgoingTransfer | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return this.one(`select ${COLUMNS} from outgoing_transfers where id = ?`, [id]);
  }

  /** The attempts carrying these references, by reference (one query for a batch of reports). */
  async findByReferences(references: readonly string[]): Promise<Map<string, OutgoingTransfer>> {
    if (references.length === 0) return new Map();
    const rows = await this.em.execute<TransferDbRow[]>(`select ${COLUMNS} from outgoing_transfers where reference = any(?::varchar[]) order by created_at desc`, [
      sqlArray([...new Set(references)]),
    ]);
    return new Map(rows.map((row) => [row.reference, transferOf(row)]));
  }

  async latestAttempt(transferReference: string): Promise<OutgoingTransfer | undefined> {
    return this.one(`select ${COLUMNS} from outgoing_transfers where transfer_reference = ? order by attempt desc limit 1`, [transferReference]);
  }

  async save(t: OutgoingTransfer): Promise<void> {
    await this.em.execute(
      `update outgoing_transfers set status = ?, completed_at = ?, retry_at = ?, provider_transaction_id = ?, reason = ? where id = ?`,
      [t.status, t.completedAt ?? null, t.retryAt ?? null, t.providerTransactionId ?? null, t.reason ?? null, t.id],
    );
  }

  async listRetriesDue(now: Date, limit: number): Promise<OutgoingTransfer[]> {
    const rows = await this.em.execute<TransferDbRow[]>(
      `select ${COLUMNS} from outgoing_transfers where retry_at <= ? and status = 'failed' order by retry_at, id limit ?`,
      [now, limit],
    );
    return rows.map(transferOf);
  }

  async listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<OutgoingTransfer[]> {
    const rows = await this.em.execute<TransferDbRow[]>(
      `update outgoing_transfers set last_polled_at = ? where id in (
         select id from outgoing_transfers where status in ('requested', 'sent') and created_at < ?
         order by last_polled_at nulls first, created_at, id limit ? for update skip locked)
       returning ${COLUMNS}`,
      [now, instant, limit],
    );
    return rows.map(transferOf).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async list(filter: { statuses?: readonly TransferStatus[]; limit: number }): Promise<OutgoingTransfer[]> {
    const statuses = filter.statuses ? sqlArray([...filter.statuses]) : null;
    const rows = await this.em.execute<TransferDbRow[]>(
      `select ${COLUMNS} from outgoing_transfers where (?::varchar[] is null or status = any(?::varchar[])) order by created_at desc, reference limit ?`,
      [statuses, statuses, filter.limit],
    );
    return rows.map(transferOf);
  }

  private async one(sql: string, params: unknown[]): Promise<OutgoingTransfer | undefined> {
    const rows = await this.em.execute<TransferDbRow[]>(sql, params);
    return rows[0] && transferOf(rows[0]);
  }
}
