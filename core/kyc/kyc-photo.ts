/**
 * Which stored images a KYC comparison accepts: the member's own private photos.
 *
 * Guarantees
 * - An address is accepted only when `MemberImages.ownedImage` finds it among the member's own
 *   objects (another member's path answers `object_not_found`, exactly like an unknown one) and it
 *   is private: photos of a face are sensitive data, never public objects.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { MemberImages, StoredObject } from '../uploads/ports.ts';

export type KycPhotoError = 'object_not_found' | 'upload_too_large' | 'unsupported_media_type' | 'photo_not_private';

export async function ownPrivatePhoto(images: MemberImages, memberId: string, address: string): Promise<Result<StoredObject, KycPhotoError>> {
  const found = await images.ownedImage(memberId, address);
  if (!found.ok) return err(found.error);
  if (found.value.visibility !== 'private') return err('photo_not_private');
  return ok(found.value);
}
