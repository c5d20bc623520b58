import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { savedPhotoSchema, uploadPhoto } from '../../../lib/uploads.ts';

export type KycPhotoKind = 'idPhoto' | 'selfie';

/** The route that saves each photo, and the name of the address it takes. */
const ROUTES: Record<KycPhotoKind, { path: string; field: string }> = {
  idPhoto: { path: '/api/kyc/id-photo', field: 'idPhotoURL' },
  selfie: { path: '/api/kyc/selfie', field: 'selfieURL' },
};

/**
 * A KYC photo (spec part 1 §4 upload flow): uploaded as a private object (biometric data: only its
 * owner and the server read it), then PUT /api/kyc/id-photo {idPhotoURL} or PUT /api/kyc/selfie
 * {selfieURL} → {objectPath, …}. Answers the stored path.
 */
export async function saveKycPhoto({ kind, file }: { kind: KycPhotoKind; file: File }): Promise<string> {
  const uploaded = await uploadPhoto(file, 'private');
  const { path, field } = ROUTES[kind];
  const response = await apiFetch(path, { method: 'PUT', body: { [field]: uploaded.objectPath } });
  if (!response.ok) return throwServerError(response);
  return (await readJson(response, savedPhotoSchema)) ?? uploaded.objectPath;
}

export function useSaveKycPhoto() {
  return useMutation({ mutationFn: saveKycPhoto });
}
