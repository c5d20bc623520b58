import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, throwServerError } from '../../../lib/api-client.ts';
import { merchantQrQueryOptions } from './get-merchant-qr.ts';

/** POST /api/merchants/{id}/generate-qr with an empty JSON body; a failure carries the server's `error`. */
export async function generateQr(merchantId: string): Promise<void> {
  const response = await apiFetch(`/api/merchants/${encodeURIComponent(merchantId)}/generate-qr`, { method: 'POST', body: {} });
  if (!response.ok) await throwServerError(response);
}

/** On success the QR is refetched (spec part 2 §7). */
export function useGenerateQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateQr,
    onSuccess: (_answer, merchantId) => queryClient.invalidateQueries({ queryKey: merchantQrQueryOptions(merchantId).queryKey }),
  });
}
