/**
 * SaveNationalIdPhoto: the member's own photo of their ID card (PUT /api/nida/id-photo
 * {idPhotoURL} → {objectPath, idPhotoURL}).
 *
 * Guarantees
 * - The address must name one of the member's own stored images, checked by content
 *   (MemberImages.ownedImage): `object_not_found` for an unknown address or someone else's,
 *   `upload_too_large`, `unsupported_media_type`. Nothing is written then.
 * - With a verified number, the photo is kept on it (`id_photo_path`; the last one saved wins).
 *   Before the verification nothing is written: the member sends the answered path with the
 *   identity form (its `idPhotoURL`), which keeps it with the number it verifies.
 */
import type { Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberImages } from '../uploads/ports.ts';
import type { NationalIdRepository } from './ports.ts';

export interface SaveNationalIdPhotoDeps {
  images: MemberImages;
  nationalIds: NationalIdRepository;
  uow: UnitOfWork;
}

export interface SavedNationalIdPhoto {
  /** `/objects/private/<id>` */
  objectPath: string;
  /** Whether it was kept on a verified number (false: send it with the identity form). */
  attached: boolean;
}

export type SaveNationalIdPhotoError = 'object_not_found' | 'upload_too_large' | 'unsupported_media_type';

export class SaveNationalIdPhoto {
  constructor(private readonly deps: SaveNationalIdPhotoDeps) {}

  async execute(input: { memberId: string; idPhotoURL: string }): Promise<Result<SavedNationalIdPhoto, SaveNationalIdPhotoError>> {
    const { images, nationalIds, uow } = this.deps;
    const image = await images.ownedImage(input.memberId, input.idPhotoURL);
    if (!image.ok) return image;
    const objectPath = image.value.path;
    return uow.run(async () => {
      const current = await nationalIds.currentOf(input.memberId);
      if (current) await nationalIds.setIdPhoto(current.id, objectPath);
      return { ok: true as const, value: { objectPath, attached: current !== undefined } };
    });
  }
}
