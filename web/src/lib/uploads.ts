/**
 * The single-file photo upload (spec part 1 §4 upload flow, §5 and §9 limits): ask the server for
 * an upload address, PUT the file there, then hand the resulting object path to the route that
 * saves it (the profile photo, the ID photo, the selfie).
 *
 * Guarantees:
 * - A photo is checked here before anything is sent: one image file of at most 5,242,880 bytes
 *   (the server checks again, by content). `photoProblem` names what is wrong.
 * - The file goes to the upload address without the member's session (api-client's
 *   uploadToSignedUrl); only the request for the address carries the bearer token. The address
 *   is a path of the server the page came from (local storage) or the bucket's URL (S3).
 * - A failed upload says what went wrong when it is known (`uploadFailureText`): too large, not an
 *   image, the address expired, too many uploads, the photo gone, the network; in the member's
 *   language, never the server's English or a status code.
 */
import * as z from 'zod/mini';
import { ApiError, apiFetch, readJson, throwServerError, uploadToSignedUrl } from './api-client.ts';
import type { Translator } from './i18n.ts';
import { failureText } from './server-text.ts';

/** Spec part 1 §9: a photo is at most 5 MB (5,242,880 bytes). */
export const PHOTO_MAX_BYTES = 5_242_880;
/** The file picker's filter: images only. */
export const PHOTO_ACCEPT = 'image/*';

export type PhotoProblem = 'empty' | 'not_an_image' | 'too_large';

export function photoProblem(file: { type: string; size: number }): PhotoProblem | null {
  if (file.size === 0) return 'empty';
  if (!file.type.startsWith('image/')) return 'not_an_image';
  if (file.size > PHOTO_MAX_BYTES) return 'too_large';
  return null;
}

export const uploadAddressSchema = z.object({ uploadURL: z.string().check(z.minLength(1)), objectPath: z.string().check(z.minLength(1)) });
export type UploadedObject = z.infer<typeof uploadAddressSchema>;

/** POST /api/objects/upload/{visibility} → {uploadURL, objectPath}; then PUT the file to uploadURL. */
export async function uploadPhoto(file: Blob, visibility: 'private' | 'public'): Promise<UploadedObject> {
  const response = await apiFetch(`/api/objects/upload/${visibility}`, { method: 'POST' });
  if (!response.ok) return throwServerError(response);
  const address = await readJson(response, uploadAddressSchema);
  await uploadToSignedUrl(address.uploadURL, file);
  return address;
}

/** What went wrong with an upload, when it is known. */
export type UploadFailure = 'too_large' | 'not_an_image' | 'expired' | 'too_many' | 'not_found' | 'network';

/** The server's codes (this server's upload address, the address request, the saving routes). */
const FAILURE_OF_CODE: Readonly<Record<string, UploadFailure>> = {
  upload_too_large: 'too_large',
  unsupported_media_type: 'not_an_image',
  upload_url_expired: 'expired',
  upload_signature_invalid: 'expired',
  too_many_uploads: 'too_many',
  object_not_found: 'not_found',
};

/** The bucket's answers (S3 speaks XML, with no code of ours): by status only. */
const FAILURE_OF_STATUS: Readonly<Record<number, UploadFailure>> = { 403: 'expired', 413: 'too_large', 415: 'not_an_image', 429: 'too_many' };

export function uploadFailureOf(error: unknown): UploadFailure | null {
  // fetch rejects with a TypeError when nothing came back: no network, or an address the browser refused.
  if (error instanceof TypeError) return 'network';
  if (!(error instanceof ApiError)) return null;
  if (error.code !== undefined) return FAILURE_OF_CODE[error.code] ?? null;
  return FAILURE_OF_STATUS[error.status] ?? null;
}

/** A toast's description for a failed upload: what went wrong when known, else the screen's own words. */
export function uploadFailureText(i18n: Translator, error: unknown, fallback: string): string {
  const failure = uploadFailureOf(error);
  return failure === null ? failureText(i18n, error, fallback) : i18n.t(`uploads.failure.${failure}`);
}

/** The answer of a route that saves an uploaded photo: its object path, under whichever name the route gives it. */
export const savedPhotoSchema = z.pipe(
  z.catchall(z.object({ objectPath: z.optional(z.string()) }), z.unknown()),
  z.transform((answer: { objectPath?: string }) => answer.objectPath),
);
