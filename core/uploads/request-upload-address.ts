/**
 * RequestUploadAddress: a member asks where to upload one photo.
 *
 * Guarantees
 * - The object's id is chosen here (never by the client) and recorded as the member's, pending,
 *   before the address is given: only its owner can later claim or read it.
 * - The address expires after the policy's lifetime and lets its holder PUT one object, nothing
 *   else (UploadAddresses says how: signed by this server, or presigned by S3).
 * - At most `addressesPerHour` addresses per member in any hour: `too_many_uploads` beyond.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { objectPathOf } from './object-path.ts';
import type { ObjectVisibility, StoredObjects, UploadAddresses } from './ports.ts';
import { expiryOf, HOUR_MS, type UploadPolicy } from './upload-policy.ts';

export interface RequestUploadAddressDeps {
  objects: StoredObjects;
  addresses: UploadAddresses;
  policy: UploadPolicy;
  clock: Clock;
  ids: IdGenerator;
}

export interface RequestUploadAddressInput {
  ownerId: string;
  visibility: ObjectVisibility;
}

export interface UploadAddress {
  uploadURL: string;
  objectPath: string;
  expiresAt: Date;
}

export type RequestUploadAddressError = 'too_many_uploads';

export class RequestUploadAddress {
  constructor(private readonly deps: RequestUploadAddressDeps) {}

  async execute(input: RequestUploadAddressInput): Promise<Result<UploadAddress, RequestUploadAddressError>> {
    const { objects, addresses, clock, ids, policy } = this.deps;
    const now = clock.now();
    if ((await objects.countCreatedSince(input.ownerId, new Date(now.getTime() - HOUR_MS))) >= policy.addressesPerHour) return err('too_many_uploads');
    const id = ids.newId();
    const expiresAt = expiryOf(policy, now);
    await objects.add({ id, ownerId: input.ownerId, visibility: input.visibility, status: 'pending', contentType: null, size: null, uploadId: null, createdAt: now, expiresAt, storedAt: null });
    const uploadURL = await addresses.addressOf({ objectId: id }, expiresAt);
    return ok({ uploadURL, objectPath: objectPathOf(input.visibility, id), expiresAt });
  }
}
