/**
 * Record an admin action that is no use case of its own: the schema migrated (`db_migrated`), a
 * job run by hand (`job_run`). The CLI calls it once the action is done.
 *
 * Guarantees
 * - One row, in its own unit of work, under the admin's actor (`admin:<name>`).
 * - A decision taken by a use case is recorded by that use case, in the unit of work of the
 *   decision (core/audit/ports.ts); this use case records only what has no such unit of work.
 */
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AuditEntry, AuditTrail } from './ports.ts';

export interface RecordAdminActionDeps {
  audit: AuditTrail;
  uow: UnitOfWork;
}

export class RecordAdminAction {
  constructor(private readonly deps: RecordAdminActionDeps) {}

  async execute(entry: AuditEntry & { action: 'db_migrated' | 'job_run' }): Promise<void> {
    await this.deps.uow.run(() => this.deps.audit.record(entry));
  }
}
