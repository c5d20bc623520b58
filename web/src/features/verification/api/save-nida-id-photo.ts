import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { savedPhotoSchema, uploadPhoto } from '../../../lib/uploads.ts';

/**
 * The member's own ID photo on their verified national ID: uploaded as a private object, then
 * PUT /api/nida/id-photo {idPhotoURL} → {objectPath, idPhotoURL}. Answers the stored path.
 */
export async function saveNidaIdPhoto(file: File): Promise<string> {
  const uploaded = await uploadPhoto(file, 'private');
  const response = await apiFetch('/api/nida/id-photo', { method: 'PUT', body: { idPhotoURL: uploaded.objectPath } });
  if (!response.ok) return throwServerError(response);
  return (await readJson(response, savedPhotoSchema)) ?? uploaded.objectPath;
}

export function useSaveNidaIdPhoto() {
  return useMutation({ mutationFn: saveNidaIdPhoto });
}
