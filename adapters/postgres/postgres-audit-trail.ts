/**
 * The audit trail in PostgreSQL (`audit_log`), chained by sha256 (core/audit/audit-chain.ts).
 *
 * Guarantees
 * - `record` joins the caller's transaction (the unit of work's), or opens its own when there is
 *   none: the audit row commits with the decision it records, or not at all.
 * - Appends are serialised by a transaction-scoped advisory lock taken before the last row is
 *   read, so each row links to the row committed just before it and the chain stays linear under
 *   any concurrency (the lock is held to the commit; a rolled-back append leaves no gap, since
 *   `seq` is the last one + 1, not a sequence). `seq` is the primary key: a stale read could only
 *   fail, never fork the chain.
 * - Reads for `audit list` and `audit verify`; nothing here updates or deletes (the table's
 *   trigger would refuse it).
 */
import { TransactionPropagation, type EntityManager } from '@mikro-orm/postgresql';
import { chainRow, type AuditDetails, type ChainedAuditRow } from '../../core/audit/audit-chain.ts';
import type { AuditEntry, AuditListFilter, AuditLog, AuditTrail } from '../../core/audit/ports.ts';
import type { Clock } from '../../core/shared/clock.ts';
import { sha256Hex } from '../crypto/node-secret-tokens.ts';
import { readFromReplica } from './read-replicas.ts';

/** The two-key advisory lock space ('AUDI', 1): apart from the jobs' one-key locks. */
const APPEND_LOCK = [0x41554449, 1] as const;

interface AuditDbRow {
  seq: string;
  occurred_at: Date;
  action: string;
  actor: string;
  subject: string;
  details: AuditDetails;
  prev_hash: string;
  hash: string;
}

function toRow(row: AuditDbRow): ChainedAuditRow {
  return {
    seq: Number(row.seq),
    occurredAt: new Date(row.occurred_at),
    action: row.action,
    actor: row.actor,
    subject: row.subject,
    details: row.details,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

export class PostgresAuditTrail implements AuditTrail, AuditLog {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.em.transactional(
      async (em) => {
        await em.execute('select pg_advisory_xact_lock(?, ?)', [...APPEND_LOCK]);
        const [last] = await em.execute<{ seq: string; hash: string }[]>('select seq, hash from audit_log order by seq desc limit 1');
        const row = chainRow(last && { seq: Number(last.seq), hash: last.hash }, entry, this.clock.now(), sha256Hex);
        await em.execute('insert into audit_log (seq, occurred_at, action, actor, subject, details, prev_hash, hash) values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)', [
          row.seq,
          row.occurredAt,
          row.action,
          row.actor,
          row.subject,
          JSON.stringify(row.details),
          row.prevHash,
          row.hash,
        ]);
      },
      { propagation: TransactionPropagation.REQUIRED },
    );
  }

  async rowsAfter(seq: number, limit: number): Promise<ChainedAuditRow[]> {
    const rows = await this.em.execute<AuditDbRow[]>('select * from audit_log where seq > ? order by seq limit ?', [seq, limit]);
    return rows.map(toRow);
  }

  /** Newest first. */
  async list(filter: AuditListFilter): Promise<ChainedAuditRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.action !== undefined) {
      where.push('action = ?');
      params.push(filter.action);
    }
    if (filter.subject !== undefined) {
      where.push('subject = ?');
      params.push(filter.subject);
    }
    // Replica-safe: the admin's listing (read-replicas.ts).
    const rows = await readFromReplica<AuditDbRow>(this.em, `select * from audit_log ${where.length ? `where ${where.join(' and ')}` : ''} order by seq desc limit ?`, [...params, filter.limit]);
    return rows.map(toRow);
  }
}
