/**
 * CompleteMultipartUpload: the upload library has sent every part and asks to join them
 * (companion `POST s3/multipart/{uploadId}/complete`).
 *
 * Guarantees
 * - Only the owner's pending upload is completed (multipart-upload.ts).
 * - Parts adding up to more than PHOTO_MAX_BYTES are refused before anything is joined
 *   (`upload_too_large`; the upload stays, for the client to abort).
 * - The joined object is checked by content like any upload (settle-upload.ts): refused bytes
 *   are deleted; accepted ones become the member's stored object.
 */
import { err, type Result } from '../shared/result.ts';
import { findOwnUpload, type OwnUploadInput } from './multipart-upload.ts';
import { incomingKeyOf } from './object-path.ts';
import { PHOTO_MAX_BYTES, type ImageRefusal, type PartReceipt, type StoredObject } from './ports.ts';
import { settleUpload, type SettleUploadDeps } from './settle-upload.ts';

export type CompleteMultipartUploadError = 'upload_not_found' | 'invalid_part' | ImageRefusal;

export class CompleteMultipartUpload {
  constructor(private readonly deps: SettleUploadDeps) {}

  async execute(input: OwnUploadInput & { parts: readonly PartReceipt[] }): Promise<Result<StoredObject, CompleteMultipartUploadError>> {
    const record = await findOwnUpload(this.deps.objects, input);
    if (!record) return err('upload_not_found');
    const key = incomingKeyOf(record.id);
    const received = await this.deps.storage.listParts(key, input.uploadId);
    if (!received) return err('upload_not_found');
    const sizes = new Map(received.map((p) => [p.partNumber, p.size]));
    const named = input.parts.map((p) => sizes.get(p.partNumber));
    if (named.some((size) => size === undefined)) return err('invalid_part');
    if (named.reduce((sum: number, size) => sum + (size ?? 0), 0) > PHOTO_MAX_BYTES) return err('upload_too_large');
    const completed = await this.deps.storage.completeMultipart(key, input.uploadId, input.parts);
    if (completed !== 'completed') return err(completed);
    const settled = await settleUpload(this.deps, record);
    // Completed but nothing to read: the storage lost it, which is not the member's doing.
    if (!settled.ok && settled.error === 'object_not_found') throw new Error(`multipart upload ${input.uploadId} completed but ${key} is missing`);
    return settled as Result<StoredObject, CompleteMultipartUploadError>;
  }
}
