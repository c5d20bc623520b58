/**
 * SignUploadParts: the upload library asks where to PUT some parts (companion
 * `GET s3/multipart/{uploadId}/{partNumber}` and `…/batch?partNumbers=`).
 *
 * Guarantees
 * - Addresses are given only for the owner's pending upload, one per part number asked, each
 *   valid for that part of that upload alone and expiring after the policy's lifetime.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { Clock } from '../shared/clock.ts';
import { findOwnUpload, type OwnUploadInput } from './multipart-upload.ts';
import type { StoredObjects, UploadAddresses } from './ports.ts';
import { expiryOf, type UploadPolicy } from './upload-policy.ts';

export interface SignUploadPartsDeps {
  objects: StoredObjects;
  addresses: UploadAddresses;
  policy: UploadPolicy;
  clock: Clock;
}

export interface SignedParts {
  /** Part number → its upload address. */
  addresses: Map<number, string>;
  expiresAt: Date;
}

export class SignUploadParts {
  constructor(private readonly deps: SignUploadPartsDeps) {}

  async execute(input: OwnUploadInput & { partNumbers: readonly number[] }): Promise<Result<SignedParts, 'upload_not_found'>> {
    const record = await findOwnUpload(this.deps.objects, input);
    if (!record) return err('upload_not_found');
    const expiresAt = expiryOf(this.deps.policy, this.deps.clock.now());
    const addresses = new Map<number, string>();
    for (const partNumber of input.partNumbers) {
      addresses.set(partNumber, await this.deps.addresses.addressOf({ objectId: record.id, multipart: { uploadId: input.uploadId, partNumber } }, expiresAt));
    }
    return ok({ addresses, expiresAt });
  }
}
