/**
 * RecordAdminReads: every read of members' personal data by an admin through the CLI (`users
 * list`, `loans review`, `outbox list`, `outbox show`, `statements send`) is on the audit trail, one
 * `member_data_read` row per member shown, so that the member finds it in their export (Law
 * 058/2021: the member knows who processed their data).
 *
 * Guarantees
 * - One row per distinct member, actor the admin (`admin:<name>`), subject `member:<id>`, details
 *   the command; all in one unit of work, written before the data is shown.
 * - Members shown by an address (an e-mail or a phone number: an outbox message's recipient) are
 *   found by `MemberRecords.holdersOf`, in one query; an address nobody holds records nothing.
 * - Each run records again: a command run twice is two reads.
 */
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberRecords } from './ports.ts';

export class RecordAdminReads {
  constructor(private readonly deps: { audit: AuditTrail; records: Pick<MemberRecords, 'holdersOf'>; uow: UnitOfWork }) {}

  execute(input: { actor: AuditActor; command: string; memberIds?: readonly string[]; addresses?: readonly string[] }): Promise<{ recorded: number }> {
    const { audit, records, uow } = this.deps;
    const ids = input.memberIds ?? [];
    const addresses = [...new Set(input.addresses ?? [])];
    if (ids.length === 0 && addresses.length === 0) return Promise.resolve({ recorded: 0 });
    return uow.run(async () => {
      const members = [...new Set([...ids, ...(addresses.length ? await records.holdersOf(addresses) : [])])];
      for (const id of members) await audit.record({ action: 'member_data_read', actor: input.actor, subject: `member:${id}`, details: { command: input.command } });
      return { recorded: members.length };
    });
  }
}
