/**
 * The files of data exports (core/data-rights) in the object storage of uploads (local disk or
 * S3), under `exports/<format>/<id>`: keys the object routes never serve (they serve only
 * `objects/...`), read only through the export's owner-checked download route.
 */
import { EXPORT_FORMATS, exportKeyOf, type ExportFiles, type ExportFormat } from '../../core/data-rights/ports.ts';
import type { FileStorage } from '../../core/uploads/ports.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = { json: 'application/json', pdf: 'application/pdf' };

export class StoredExportFiles implements ExportFiles {
  constructor(private readonly storage: FileStorage) {}

  put(exportId: string, format: ExportFormat, bytes: Uint8Array): Promise<void> {
    return this.storage.put(exportKeyOf(exportId, format), bytes, CONTENT_TYPES[format]);
  }

  get(exportId: string, format: ExportFormat): Promise<Uint8Array | null> {
    return this.storage.get(exportKeyOf(exportId, format));
  }

  async delete(exportId: string): Promise<void> {
    for (const format of EXPORT_FORMATS) await this.storage.delete(exportKeyOf(exportId, format));
  }
}
