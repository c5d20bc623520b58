/**
 * ListUploadParts: the upload library asks which parts arrived, to resume (companion
 * `GET s3/multipart/{uploadId}`).
 *
 * Guarantees
 * - Only the owner's pending upload is listed (multipart-upload.ts), every part of it (all pages
 *   of the storage's answer), in part-number order.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { findOwnUpload, type OwnUploadInput } from './multipart-upload.ts';
import { incomingKeyOf } from './object-path.ts';
import type { FileStorage, StoredObjects, UploadedPart } from './ports.ts';

export class ListUploadParts {
  constructor(private readonly deps: { objects: StoredObjects; storage: FileStorage }) {}

  async execute(input: OwnUploadInput): Promise<Result<UploadedPart[], 'upload_not_found'>> {
    const record = await findOwnUpload(this.deps.objects, input);
    const parts = record ? await this.deps.storage.listParts(incomingKeyOf(record.id), input.uploadId) : null;
    return parts ? ok(parts) : err('upload_not_found');
  }
}
