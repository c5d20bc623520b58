/**
 * Turning received bytes into a stored object: the one place an image is accepted.
 *
 * Guarantees
 * - Only a JPEG, PNG or WebP of 1 to PHOTO_MAX_BYTES bytes that decodes whole is stored; its type
 *   is the one its content shows, whatever name or type the client gave.
 * - What is stored is the image re-encoded (ImageReencoder), never the bytes received: whatever
 *   rode along (HTML after the end marker or in a comment, EXIF with GPS) is not kept or served.
 * - Bytes refused here are not kept: the unchecked copy a client sent straight to the storage is
 *   deleted, and the object stays pending (nothing is recorded as stored).
 * - The checked bytes are written to the object's own key before the record says `stored`, and
 *   the record is changed under its row lock: a stored object always has its bytes, and two
 *   requests racing on one object cannot store two different contents.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { incomingKeyOf, objectKeyOf, objectPathOf } from './object-path.ts';
import { PHOTO_MAX_BYTES, type AcceptedImage, type FileStorage, type ImageRefusal, type ImageReencoder, type ObjectRecord, type StoredObject, type StoredObjects } from './ports.ts';

/** The image to keep for these received bytes (re-encoded), or why none is kept. */
export async function checkImage(reencoder: ImageReencoder, bytes: Uint8Array): Promise<Result<AcceptedImage, ImageRefusal>> {
  if (bytes.length > PHOTO_MAX_BYTES) return err('upload_too_large');
  if (bytes.length === 0) return err('unsupported_media_type');
  return reencoder.reencode(bytes);
}

/** The contract's view of a stored record. */
export function storedObjectOf(record: ObjectRecord): StoredObject {
  if (record.status !== 'stored' || !record.contentType || record.size === null) throw new Error(`object ${record.id} is not stored`);
  return {
    path: objectPathOf(record.visibility, record.id),
    visibility: record.visibility,
    ownerId: record.ownerId,
    contentType: record.contentType,
    size: record.size,
    createdAt: record.createdAt,
  };
}

export interface SettleUploadDeps {
  objects: StoredObjects;
  storage: FileStorage;
  reencoder: ImageReencoder;
  clock: Clock;
  uow: UnitOfWork;
}

/**
 * Stores an accepted image as the pending object `id`. Answers the stored object, or
 * `already_stored` with the record when another request stored it first (its bytes untouched).
 */
export async function storeChecked(
  deps: SettleUploadDeps,
  id: string,
  image: AcceptedImage,
): Promise<Result<StoredObject, 'object_not_found'> | { ok: false; error: 'already_stored'; record: ObjectRecord }> {
  const { contentType, bytes } = image;
  return deps.uow.run(async () => {
    const record = await deps.objects.lock(id);
    if (!record) return err('object_not_found');
    if (record.status === 'stored') return { ok: false as const, error: 'already_stored' as const, record };
    await deps.storage.put(objectKeyOf(record.visibility, id), bytes, contentType);
    const storedAt = deps.clock.now();
    await deps.objects.markStored(id, { contentType, size: bytes.length, storedAt });
    return ok(storedObjectOf({ ...record, status: 'stored', contentType, size: bytes.length, storedAt }));
  });
}

/** The image to keep for the bytes waiting under `key`, when they are an accepted image. */
async function checkIncoming(deps: SettleUploadDeps, key: string): Promise<Result<AcceptedImage, 'object_not_found' | ImageRefusal>> {
  const size = await deps.storage.size(key);
  if (size === null) return err('object_not_found');
  // The size is known before the bytes: an oversize object is never read.
  if (size > PHOTO_MAX_BYTES) return err('upload_too_large');
  const bytes = await deps.storage.get(key);
  if (!bytes) return err('object_not_found');
  return checkImage(deps.reencoder, bytes);
}

/**
 * Checks what a client sent straight to the storage (S3, or a completed multipart upload) for a
 * pending object and stores it; a stored object answers as it is. `object_not_found` when
 * nothing was sent yet.
 */
export async function settleUpload(deps: SettleUploadDeps, record: ObjectRecord): Promise<Result<StoredObject, 'object_not_found' | ImageRefusal>> {
  if (record.status === 'stored') return ok(storedObjectOf(record));
  const incoming = incomingKeyOf(record.id);
  const checked = await checkIncoming(deps, incoming);
  if (!checked.ok) {
    if (checked.error !== 'object_not_found') await deps.storage.delete(incoming);
    return checked;
  }
  const stored = await storeChecked(deps, record.id, checked.value);
  await deps.storage.delete(incoming);
  if (stored.ok) return stored;
  return stored.error === 'already_stored' ? ok(storedObjectOf(stored.record)) : err(stored.error);
}
