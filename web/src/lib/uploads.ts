/**
 * The single-file photo upload (spec part 1 §4 upload flow, §5 and §9 limits): ask the server for
 * an upload address, PUT the file there, then hand the resulting object path to the route that
 * saves it (the profile photo, the ID photo, the selfie).
 *
 * Guarantees:
 * - A photo is checked here before anything is sent: one image file of at most 5,242,880 bytes
 *   (the server checks again, by content). `photoProblem` names what is wrong.
 * - The file goes to the upload address without the member's session (api-client's
 *   uploadToSignedUrl); only the request for the address carries the bearer token.
 */
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError, uploadToSignedUrl } from './api-client.ts';

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

/** The answer of a route that saves an uploaded photo: its object path, under whichever name the route gives it. */
export const savedPhotoSchema = z.pipe(
  z.catchall(z.object({ objectPath: z.optional(z.string()) }), z.unknown()),
  z.transform((answer: { objectPath?: string }) => answer.objectPath),
);
