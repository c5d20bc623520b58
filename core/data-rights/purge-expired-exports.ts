/**
 * PurgeExpiredExports (job `data-exports`): deletes the files of exports past their 7 days and
 * marks them expired; their address then answers 410 `export_expired`.
 *
 * Guarantees
 * - Files are deleted before the export is marked expired, in the unit of work that marks it: a
 *   failed deletion leaves the export ready, purged by the next run.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { DataExports, ExportFiles } from './ports.ts';

const BATCH = 100;

export interface PurgeExpiredExportsDeps {
  exports: DataExports;
  files: ExportFiles;
  uow: UnitOfWork;
  clock: Clock;
}

export class PurgeExpiredExports {
  constructor(private readonly deps: PurgeExpiredExportsDeps) {}

  execute(): Promise<{ purged: number }> {
    const { exports, files, uow, clock } = this.deps;
    return uow.run(async () => {
      const expired = await exports.claimExpired(clock.now(), BATCH);
      for (const item of expired) {
        await files.delete(item.id);
        await exports.save({ ...item, status: 'expired' });
      }
      return { purged: expired.length };
    });
  }
}
