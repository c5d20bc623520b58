/**
 * Ports of the uploads module: private and public objects (photos) a member uploads, kept by a
 * `FileStorage` (local disk by default, S3 when configured).
 *
 * Guarantees
 * - An object is named by its path `/objects/<visibility>/<id>`; the id is chosen by the server,
 *   never by the client. A member learns the path from the upload address they were given.
 * - A private object is read only by its owner (and by the server on the owner's behalf, for a
 *   face comparison); a public object by anyone.
 * - What is stored has been checked by its content: an image (JPEG, PNG or WebP) of at most
 *   `PHOTO_MAX_BYTES`. Anything else is refused and nothing is kept.
 */
export type ObjectVisibility = 'private' | 'public';

/** 5 MB, spec part 1 §9: a photo is at most 5,242,880 bytes. */
export const PHOTO_MAX_BYTES = 5_242_880;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface StoredObject {
  /** `/objects/<visibility>/<id>` */
  readonly path: string;
  readonly visibility: ObjectVisibility;
  readonly ownerId: string;
  readonly contentType: ImageType;
  readonly size: number;
  readonly createdAt: Date;
}

/**
 * What identity, KYC and the profile need from uploads: turn the address a member sends
 * (`uploadURL`, an object path, or a served object URL) into one of *their* stored images.
 */
export interface MemberImages {
  /**
   * The member's stored image at this address, checked by content if it was not checked yet.
   * `object_not_found` for an unknown address or one that belongs to someone else (the two are
   * not told apart, so nobody learns another member's paths).
   */
  ownedImage(
    ownerId: string,
    address: string,
  ): Promise<
    | { ok: true; value: StoredObject }
    | { ok: false; error: 'object_not_found' | 'upload_too_large' | 'unsupported_media_type' }
  >;
  /** The bytes of a stored object, for the server's own use (a face comparison). */
  read(path: string): Promise<Uint8Array>;
  /** Stores an image the server obtained itself (the registry's ID photo) as the member's private object. */
  storeForMember(ownerId: string, bytes: Uint8Array, visibility: ObjectVisibility): Promise<
    | { ok: true; value: StoredObject }
    | { ok: false; error: 'upload_too_large' | 'unsupported_media_type' }
  >;
}
