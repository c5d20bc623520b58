/**
 * Persistence mapping of the audit log (core/audit): one row per recorded decision, chained by
 * hash. The table is append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (see
 * Migration20261123060400). `seq` is given under the append lock, 1, 2, 3 … without gaps.
 */
import { defineEntity, p } from '@mikro-orm/core';

export class AuditLogRow {
  seq!: string;
  occurredAt!: Date;
  action!: string;
  actor!: string;
  subject!: string;
  details!: unknown;
  prevHash!: string;
  hash!: string;
}

export const AuditLogSchema = defineEntity({
  class: AuditLogRow,
  tableName: 'audit_log',
  indexes: [
    { name: 'audit_log_action_index', properties: ['action', 'seq'] },
    { name: 'audit_log_subject_index', properties: ['subject', 'seq'] },
  ],
  properties: {
    seq: p.bigint('string').primary().autoincrement(false),
    // Milliseconds, as the hash was computed over (a JavaScript Date's precision).
    occurredAt: p.datetime(3),
    action: p.text(),
    actor: p.text(),
    subject: p.text(),
    details: p.json(),
    prevHash: p.string().length(64),
    hash: p.string().length(64),
  },
});
