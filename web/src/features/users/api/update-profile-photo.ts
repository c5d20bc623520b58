import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { updateStoredSession } from '../../../lib/session.ts';
import { savedPhotoSchema, uploadPhoto } from '../../../lib/uploads.ts';
import { profileQueryOptions } from './get-profile.ts';
import { userQueryOptions } from './get-user.ts';

/**
 * The profile photo (spec part 1 §4 upload flow): a public object, since fellow group members see
 * the avatar too; uploaded, then saved with PUT /api/profile-photo {photoURL} → {objectPath, photoURL}.
 * Answers the stored address.
 */
export async function updateProfilePhoto(file: File): Promise<string> {
  const uploaded = await uploadPhoto(file, 'public');
  const response = await apiFetch('/api/profile-photo', { method: 'PUT', body: { photoURL: uploaded.objectPath } });
  if (!response.ok) return throwServerError(response);
  return (await readJson(response, savedPhotoSchema)) ?? uploaded.objectPath;
}

/** On success the avatar changes everywhere: the cached user and profile are refetched, the stored session updated. */
export function useUpdateProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfilePhoto,
    onSuccess: async (profilePhotoUrl) => {
      updateStoredSession({ profilePhotoUrl });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/auth/profile-completion'] }),
      ]);
    },
  });
}
