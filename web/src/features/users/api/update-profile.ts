import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { updateStoredSession } from '../../../lib/session.ts';
import type { ProfileChanges } from '../profile-form.ts';
import { profileQueryOptions, profileSchema, type Profile } from './get-profile.ts';
import { userQueryOptions } from './get-user.ts';

/**
 * PATCH /api/profile with the fields that changed → the profile as stored. Failures carry the
 * server's error text, code and field (a phone number refused, another account's number).
 */
export async function updateProfile(changes: ProfileChanges): Promise<Profile> {
  const response = await apiFetch('/api/profile', { method: 'PATCH', body: changes });
  if (!response.ok) return throwServerError(response);
  return readJson(response, profileSchema);
}

/**
 * The saved profile replaces the cached one; the cached user (the header's name and avatar, the
 * dashboard's profile header) and the stored session are brought up to date with it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      const { firstName, lastName, phoneNumber, address, dateOfBirth } = profile;
      updateStoredSession({ firstName, lastName, phoneNumber, address }, { firstName, lastName, phoneNumber, address, dateOfBirth });
      await queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/profile-completion'] });
    },
  });
}
