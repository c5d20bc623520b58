/**
 * SaveKycPhoto: the member saves the ID photo or the selfie they uploaded on their KYC record
 * (PUT /api/kyc/id-photo, PUT /api/kyc/selfie).
 *
 * Guarantees
 * - Only the member's own private image is saved (core/kyc/kyc-photo.ts); a refused address
 *   changes nothing.
 * - Saving a photo changes no verification: the member is verified (or not) by comparisons only.
 */
import type { Clock } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberImages } from '../uploads/ports.ts';
import { ownPrivatePhoto, type KycPhotoError } from './kyc-photo.ts';
import type { FacePhoto, KycRecords } from './ports.ts';

export interface SaveKycPhotoDeps {
  images: MemberImages;
  records: KycRecords;
  uow: UnitOfWork;
  clock: Clock;
}

export interface SaveKycPhotoInput {
  memberId: string;
  photo: FacePhoto;
  /** What the client sends: the upload address, the object path or the served object URL. */
  address: string;
}

export type SaveKycPhotoError = KycPhotoError;

export class SaveKycPhoto {
  constructor(private readonly deps: SaveKycPhotoDeps) {}

  async execute(input: SaveKycPhotoInput): Promise<Result<{ objectPath: string }, SaveKycPhotoError>> {
    const { images, records, uow, clock } = this.deps;
    const image = await ownPrivatePhoto(images, input.memberId, input.address);
    if (!image.ok) return image;
    await uow.run(() => records.savePhoto(input.memberId, input.photo, image.value.path, clock.now()));
    return ok({ objectPath: image.value.path });
  }
}
