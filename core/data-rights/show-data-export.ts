/**
 * ShowDataExport: the member's own export, its status and, while ready, its files.
 *
 * Guarantees
 * - Only the member who asked reads it: another member's id answers `export_not_found`, as an
 *   unknown one does.
 * - Past its 7 days it answers `export_expired`, also before the purge job has run; a file is
 *   answered only while the export is ready (`export_not_ready` before).
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { DataExport, DataExports, ExportFiles, ExportFormat } from './ports.ts';

export type ShowDataExportError = 'export_not_found' | 'export_expired';
export type ReadExportFileError = ShowDataExportError | 'export_not_ready';

export interface ShowDataExportDeps {
  exports: DataExports;
  files: ExportFiles;
  clock: Clock;
}

export class ShowDataExport {
  constructor(private readonly deps: ShowDataExportDeps) {}

  async execute(input: { memberId: string; exportId: string }): Promise<Result<DataExport, ShowDataExportError>> {
    const item = await this.deps.exports.find(input.exportId, input.memberId);
    if (!item) return err('export_not_found');
    if (item.status === 'expired' || (item.expiresAt !== null && item.expiresAt <= this.deps.clock.now())) return err('export_expired');
    return ok(item);
  }

  async file(input: { memberId: string; exportId: string; format: ExportFormat }): Promise<Result<Uint8Array, ReadExportFileError>> {
    const shown = await this.execute(input);
    if (!shown.ok) return shown;
    if (shown.value.status !== 'ready') return err('export_not_ready');
    const bytes = await this.deps.files.get(input.exportId, input.format);
    return bytes ? ok(bytes) : err('export_expired');
  }
}
