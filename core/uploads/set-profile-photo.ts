/**
 * SetProfilePhoto: a member makes one of their uploaded photos their profile photo (avatar).
 *
 * Guarantees
 * - Only the member's own stored image is accepted (MemberImages.ownedImage: another member's
 *   or an unknown address answers `object_not_found`; a refused content 413/415's codes).
 * - The photo must be a public object (`profile_photo_not_public`): the avatar is shown to the
 *   other members of a group, in chat and member lists, as a plain <img>.
 * - The profile keeps the served URL (`/api/objects/public/<id>`), never the upload address.
 */
import type { AccountRepository } from '../accounts/ports.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { servedUrlOf } from './object-path.ts';
import type { ImageRefusal, MemberImages } from './ports.ts';

export interface SetProfilePhotoDeps {
  images: MemberImages;
  accounts: AccountRepository;
  clock: Clock;
}

export interface SetProfilePhotoInput {
  memberId: string;
  photoURL: string;
}

export type SetProfilePhotoError = 'object_not_found' | ImageRefusal | 'profile_photo_not_public';

export class SetProfilePhoto {
  constructor(private readonly deps: SetProfilePhotoDeps) {}

  async execute(input: SetProfilePhotoInput): Promise<Result<{ objectPath: string; photoURL: string }, SetProfilePhotoError>> {
    const image = await this.deps.images.ownedImage(input.memberId, input.photoURL);
    if (!image.ok) return image;
    if (image.value.visibility !== 'public') return err('profile_photo_not_public');
    const user = await this.deps.accounts.findById(input.memberId);
    if (!user) return err('object_not_found');
    const photoURL = servedUrlOf(image.value.path);
    // No rule guards the field beyond what was checked above: a plain assignment, saved.
    user.profilePhotoUrl = photoURL;
    user.updatedAt = this.deps.clock.now();
    await this.deps.accounts.save(user);
    return ok({ objectPath: image.value.path, photoURL });
  }
}
