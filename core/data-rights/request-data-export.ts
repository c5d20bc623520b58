/**
 * RequestDataExport: a member asks for everything Ikimina holds about them (Law 058/2021 Art. 18,
 * 20). The export is prepared in the background (PrepareDataExports, job `data-exports`) and
 * announced by a notification when its files are ready.
 *
 * Guarantees
 * - One export in preparation per member: asking again while one is pending answers that one (no
 *   second job, no second notification).
 * - The request is on the audit trail, in the unit of work that records it.
 */
import type { AuditTrail } from '../audit/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { DataExport, DataExports } from './ports.ts';

export interface RequestDataExportDeps {
  exports: DataExports;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export class RequestDataExport {
  constructor(private readonly deps: RequestDataExportDeps) {}

  execute(input: { memberId: string }): Promise<DataExport> {
    const { exports, audit, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const pending = await exports.pendingOf(input.memberId);
      if (pending) return pending;
      const item: DataExport = { id: ids.newId(), memberId: input.memberId, status: 'pending', requestedAt: clock.now(), readyAt: null, expiresAt: null };
      await exports.add(item);
      await audit.record({ action: 'data_export_requested', actor: `member:${input.memberId}`, subject: `member:${input.memberId}`, details: { exportId: item.id } });
      return item;
    });
  }
}
