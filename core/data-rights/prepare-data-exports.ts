/**
 * PrepareDataExports (job `data-exports`): turns each pending export into its two files, the
 * member's data as JSON and as a readable PDF, and tells the member they are ready.
 *
 * Guarantees
 * - Each export is prepared once: claimed under a row lock (a second runner skips it), its files
 *   written, then marked ready with `expiresAt` = ready + 7 days and the notification written, in
 *   one unit of work. A failure leaves it pending for the next run (files are overwritten).
 * - The files hold what `MemberRecords.gather` answers at preparation time, the audit entries about
 *   the member (admin reads included) among them.
 * - A member erased before their export was prepared gets none: the export is dropped as expired.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import { EXPORT_KEPT_DAYS, type DataExports, type ExportDocument, type ExportFiles, type MemberRecords } from './ports.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many exports per run; the next run takes the rest. */
const BATCH = 10;

export interface PrepareDataExportsDeps {
  exports: DataExports;
  records: MemberRecords;
  document: ExportDocument;
  files: ExportFiles;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
}

export class PrepareDataExports {
  constructor(private readonly deps: PrepareDataExportsDeps) {}

  execute(): Promise<{ prepared: number; dropped: number }> {
    const { exports, records, document, files, notifier, uow, clock } = this.deps;
    return uow.run(async () => {
      let prepared = 0;
      let dropped = 0;
      for (const item of await exports.claimPending(BATCH)) {
        const now = clock.now();
        const data = await records.gather(item.memberId);
        if (!data) {
          await exports.save({ ...item, status: 'expired' });
          dropped++;
          continue;
        }
        const json = new TextEncoder().encode(`${JSON.stringify({ exportId: item.id, generatedAt: now.toISOString(), memberId: data.memberId, ...data.sections }, null, 2)}\n`);
        await files.put(item.id, 'json', json);
        await files.put(item.id, 'pdf', await document.pdf(data, now));
        await exports.save({ ...item, status: 'ready', readyAt: now, expiresAt: new Date(now.getTime() + EXPORT_KEPT_DAYS * DAY_MS) });
        await notifier.notify({ userId: item.memberId, type: 'other', template: 'data_export_ready', params: { days: String(EXPORT_KEPT_DAYS) } });
        prepared++;
      }
      return { prepared, dropped };
    });
  }
}
