import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const googleStatusSchema = z.object({ enabled: z.boolean() });

/** GET /api/auth/google-status; spec part 1 §7: a failed call means single sign-on is off. */
export async function getGoogleStatus(): Promise<boolean> {
  try {
    const status = await readJson(await apiRequest('/api/auth/google-status'), googleStatusSchema);
    return status.enabled;
  } catch {
    return false;
  }
}

export const googleStatusQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/google-status'], queryFn: getGoogleStatus });

export function useGoogleStatus() {
  return useQuery(googleStatusQueryOptions());
}

/** Single sign-on is a full-page navigation: the server redirects to the identity provider. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
