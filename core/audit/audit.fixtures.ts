/** A recording audit trail for core tests. */
import type { AuditEntry, AuditTrail } from './ports.ts';

export class RecordingAuditTrail implements AuditTrail {
  readonly entries: AuditEntry[] = [];
  async record(entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
  }
}
