import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, apiRequest, readJson, throwServerError } from '../../../lib/api-client.ts';

export const CONSENT_KINDS = ['credit_scoring', 'biometrics', 'marketing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

const consentSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  status: z.enum(['given', 'withdrawn', 'not_given']),
  textVersion: z.nullable(z.string()),
  givenAt: z.nullable(z.string()),
  withdrawnAt: z.nullable(z.string()),
});
export type Consent = z.infer<typeof consentSchema>;

const consentsQuery = () =>
  queryOptions({
    queryKey: ['/api/me/consents'],
    queryFn: async () => readJson(await apiRequest('/api/me/consents'), z.object({ consents: z.array(consentSchema) })).then((body) => body.consents),
  });

/** GET /api/me/consents: credit scoring, biometrics and marketing, in that order. */
export function useConsents() {
  return useQuery(consentsQuery());
}

/** DELETE /api/me/consents/{kind}: withdrawn at once; the list is read again. */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: ConsentKind) => {
      const response = await apiFetch(`/api/me/consents/${kind}`, { method: 'DELETE' });
      if (!response.ok) return throwServerError(response);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentsQuery().queryKey }),
  });
}
