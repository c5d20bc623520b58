/**
 * ReceiveUploadPart: one part of a multipart upload arrives at this server's own part address
 * (local storage; with S3 the parts go to the bucket).
 *
 * Guarantees
 * - The address is checked as for a whole upload (receive-upload.ts), for this very object,
 *   upload and part number.
 * - The parts of one upload never add up to more than PHOTO_MAX_BYTES (`upload_too_large`,
 *   the part not kept): the whole is a photo, and the disk is not an open store.
 * - The content is checked when the upload is completed, not part by part.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { incomingKeyOf } from './object-path.ts';
import { PHOTO_MAX_BYTES } from './ports.ts';
import { checkAddress, type AddressRefusal, type BodyReader, type ReceiveUploadDeps } from './receive-upload.ts';

export interface ReceiveUploadPartInput {
  objectId: string;
  uploadId: string;
  partNumber: number;
  expiresAt: Date;
  signature: string;
  body: BodyReader;
}

export type ReceiveUploadPartError = AddressRefusal | 'upload_not_found' | 'upload_too_large';

export class ReceiveUploadPart {
  constructor(private readonly deps: ReceiveUploadDeps) {}

  async execute(input: ReceiveUploadPartInput): Promise<Result<{ etag: string }, ReceiveUploadPartError>> {
    const { objectId, uploadId, partNumber } = input;
    const refused = checkAddress(this.deps, { objectId, multipart: { uploadId, partNumber } }, input.expiresAt, input.signature);
    if (refused) return err(refused);
    const record = await this.deps.objects.find(objectId);
    if (!record || record.uploadId !== uploadId || record.status !== 'pending') return err('upload_not_found');
    const key = incomingKeyOf(objectId);
    const parts = await this.deps.storage.listParts(key, uploadId);
    if (!parts) return err('upload_not_found');
    const others = parts.filter((p) => p.partNumber !== partNumber).reduce((sum, p) => sum + p.size, 0);
    const bytes = await input.body(PHOTO_MAX_BYTES - others);
    if (bytes === 'too_large') return err('upload_too_large');
    const etag = await this.deps.storage.putPart(key, uploadId, partNumber, bytes);
    return etag === null ? err('upload_not_found') : ok({ etag });
  }
}
