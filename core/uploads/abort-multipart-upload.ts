/**
 * AbortMultipartUpload: the member cancels an upload in parts (companion
 * `DELETE s3/multipart/{uploadId}`), or the library does after a failure.
 *
 * Guarantees
 * - Only the owner's pending upload is aborted (multipart-upload.ts).
 * - Nothing of it is left: its parts, any joined bytes and its record are deleted.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { findOwnUpload, type OwnUploadInput } from './multipart-upload.ts';
import { incomingKeyOf } from './object-path.ts';
import type { FileStorage, StoredObjects } from './ports.ts';

export class AbortMultipartUpload {
  constructor(private readonly deps: { objects: StoredObjects; storage: FileStorage }) {}

  async execute(input: OwnUploadInput): Promise<Result<void, 'upload_not_found'>> {
    const record = await findOwnUpload(this.deps.objects, input);
    if (!record) return err('upload_not_found');
    const key = incomingKeyOf(record.id);
    await this.deps.storage.abortMultipart(key, input.uploadId);
    await this.deps.storage.delete(key);
    await this.deps.objects.delete(record.id);
    return ok(undefined);
  }
}
