/**
 * StartMultipartUpload: the upload library starts sending a file in parts (companion
 * `POST s3/multipart`).
 *
 * Guarantees
 * - The key is chosen here, `objects/<visibility>/<id>` with a new id, and the upload is recorded
 *   as the member's before its id is answered: only they can sign, list, complete or abort it.
 * - It counts against the same hourly allowance as single upload addresses (upload-policy.ts).
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { incomingKeyOf, objectKeyOf } from './object-path.ts';
import type { FileStorage, ObjectVisibility, StoredObjects } from './ports.ts';
import { expiryOf, HOUR_MS, type UploadPolicy } from './upload-policy.ts';

export interface StartMultipartUploadDeps {
  objects: StoredObjects;
  storage: FileStorage;
  policy: UploadPolicy;
  clock: Clock;
  ids: IdGenerator;
}

export class StartMultipartUpload {
  constructor(private readonly deps: StartMultipartUploadDeps) {}

  async execute(input: { ownerId: string; visibility: ObjectVisibility }): Promise<Result<{ key: string; uploadId: string }, 'too_many_uploads'>> {
    const { objects, storage, policy, clock, ids } = this.deps;
    const now = clock.now();
    if ((await objects.countCreatedSince(input.ownerId, new Date(now.getTime() - HOUR_MS))) >= policy.addressesPerHour) return err('too_many_uploads');
    const id = ids.newId();
    const uploadId = await storage.startMultipart(incomingKeyOf(id));
    await objects.add({ id, ownerId: input.ownerId, visibility: input.visibility, status: 'pending', contentType: null, size: null, uploadId, createdAt: now, expiresAt: expiryOf(policy, now), storedAt: null });
    return ok({ key: objectKeyOf(input.visibility, id), uploadId });
  }
}
