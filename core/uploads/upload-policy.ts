/**
 * The limits of uploading, in one place.
 *
 * Guarantees
 * - An upload address works for `addressLifetimeSeconds` after it was given, never longer.
 * - A member is given at most `addressesPerHour` upload addresses (single or multipart) in any
 *   hour: a photo flow needs a handful, and every address is a row and possibly bytes kept.
 */
export interface UploadPolicy {
  readonly addressLifetimeSeconds: number;
  readonly addressesPerHour: number;
}

/** 15 minutes: S3's own default for presigned URLs; long enough for a 5 MB photo on a slow link. */
export const DEFAULT_UPLOAD_POLICY: UploadPolicy = { addressLifetimeSeconds: 900, addressesPerHour: 60 };

export const HOUR_MS = 3_600_000;

export function expiryOf(policy: UploadPolicy, now: Date): Date {
  return new Date(now.getTime() + policy.addressLifetimeSeconds * 1000);
}
