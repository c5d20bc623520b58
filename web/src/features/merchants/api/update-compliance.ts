import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, throwServerError } from '../../../lib/api-client.ts';
import { myMerchantQueryOptions } from './get-my-merchant.ts';

/** The three BNR compliance details as they should read; null clears one (registration sends them so). */
export interface ComplianceBody {
  tin: string | null;
  tradeLicenseNumber: string | null;
  rdbRegistrationNumber: string | null;
}

/**
 * PUT /api/merchants/{id}/compliance (this project's addition: the spec's notice asks for these
 * fields and no screen let the owner give them). Owner only, while KYB is pending; a refusal
 * carries the server's `error` and `code` (`kyb_already_decided`, `validation_failed`).
 */
export async function updateCompliance({ merchantId, body }: { merchantId: string; body: ComplianceBody }): Promise<void> {
  const response = await apiFetch(`/api/merchants/${encodeURIComponent(merchantId)}/compliance`, { method: 'PUT', body });
  if (!response.ok) await throwServerError(response);
}

/** On success (or a refusal: the business may have been decided meanwhile) the merchant is refetched. */
export function useUpdateCompliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompliance,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myMerchantQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/merchants/user/merchants'] });
    },
  });
}
