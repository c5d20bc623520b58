/**
 * RecordAdminReads: every read of members' personal data by an admin through the CLI (`users
 * list`, `loans review`, `transfers list`) is on the audit trail, one `member_data_read` row per
 * member shown, so that the member finds it in their export (Law 058/2021: the member knows who
 * processed their data).
 *
 * Guarantees
 * - One row per distinct member, actor the admin (`admin:<name>`), subject `member:<id>`, details
 *   the command; all in one unit of work, written before the data is shown.
 */
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';

export class RecordAdminReads {
  constructor(private readonly deps: { audit: AuditTrail; uow: UnitOfWork }) {}

  execute(input: { actor: AuditActor; command: string; memberIds: readonly string[] }): Promise<{ recorded: number }> {
    const { audit, uow } = this.deps;
    const members = [...new Set(input.memberIds)];
    if (members.length === 0) return Promise.resolve({ recorded: 0 });
    return uow.run(async () => {
      for (const id of members) await audit.record({ action: 'member_data_read', actor: input.actor, subject: `member:${id}`, details: { command: input.command } });
      return { recorded: members.length };
    });
  }
}
