/**
 * ReceiveUpload: the bytes of a photo arrive at this server's own upload address (local storage).
 *
 * Guarantees
 * - Nothing is read before the address is proven: its signature must be this server's for this
 *   object and expiry (`upload_signature_invalid` otherwise, so an altered expiry is refused
 *   too), and it must not have expired (`upload_url_expired`).
 * - The body is read up to PHOTO_MAX_BYTES and no further (`upload_too_large`), then checked by
 *   its content and re-encoded (settle-upload.ts); anything refused leaves nothing stored.
 * - A stored object is never overwritten: the same bytes again answer the stored object (a
 *   client retrying after a lost answer: re-encoding the same bytes gives the same image),
 *   different bytes `object_already_received`.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { checkImage, storeChecked, storedObjectOf, type SettleUploadDeps } from './settle-upload.ts';
import { objectKeyOf } from './object-path.ts';
import { PHOTO_MAX_BYTES, type ImageRefusal, type ObjectRecord, type StoredObject, type UploadSignatures } from './ports.ts';

export interface ReceiveUploadDeps extends SettleUploadDeps {
  signatures: UploadSignatures;
}

/** Reads the request body, stopping past `limitBytes`. */
export type BodyReader = (limitBytes: number) => Promise<Uint8Array | 'too_large'>;

export interface ReceiveUploadInput {
  objectId: string;
  expiresAt: Date;
  signature: string;
  body: BodyReader;
}

export type AddressRefusal = 'upload_signature_invalid' | 'upload_url_expired';
export type ReceiveUploadError = AddressRefusal | 'object_not_found' | ImageRefusal | 'object_already_received';

/** The address checks every upload to this server shares (whole objects and parts). */
export function checkAddress(deps: ReceiveUploadDeps, target: Parameters<UploadSignatures['verify']>[0], expiresAt: Date, signature: string): AddressRefusal | null {
  if (!deps.signatures.verify(target, expiresAt, signature)) return 'upload_signature_invalid';
  return deps.clock.now().getTime() > expiresAt.getTime() ? 'upload_url_expired' : null;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export class ReceiveUpload {
  constructor(private readonly deps: ReceiveUploadDeps) {}

  async execute(input: ReceiveUploadInput): Promise<Result<StoredObject, ReceiveUploadError>> {
    const refused = checkAddress(this.deps, { objectId: input.objectId }, input.expiresAt, input.signature);
    if (refused) return err(refused);
    const record = await this.deps.objects.find(input.objectId);
    // A multipart object takes parts, never a whole body.
    if (!record || record.uploadId !== null) return err('object_not_found');
    const bytes = await input.body(PHOTO_MAX_BYTES);
    if (bytes === 'too_large') return err('upload_too_large');
    const image = await checkImage(this.deps.reencoder, bytes);
    if (!image.ok) return image;
    const stored = await storeChecked(this.deps, record.id, image.value);
    if (stored.ok || stored.error === 'object_not_found') return stored;
    return this.again(stored.record, image.value.bytes);
  }

  /** The object was stored already: the same image is a retry, another a second upload. */
  private async again(record: ObjectRecord, bytes: Uint8Array): Promise<Result<StoredObject, ReceiveUploadError>> {
    const kept = await this.deps.storage.get(objectKeyOf(record.visibility, record.id));
    return kept && sameBytes(kept, bytes) ? ok(storedObjectOf(record)) : err('object_already_received');
  }
}
