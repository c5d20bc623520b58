import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, throwServerError } from '../../../lib/api-client.ts';
import type { MerchantRegistrationBody } from '../merchant-form.ts';
import { myMerchantQueryOptions } from './get-my-merchant.ts';

/** POST /api/merchants/register; a failure raises the server's `error` text (empty when none). */
export async function registerMerchant(body: MerchantRegistrationBody): Promise<void> {
  const response = await apiFetch('/api/merchants/register', { method: 'POST', body });
  if (!response.ok) await throwServerError(response);
}

/**
 * On success the merchant record is refetched (spec part 2 §7). Not awaited: the screen's own
 * success step (toast, navigation) must run while the form is still mounted, before the refetched
 * record turns the page into 'Already Registered'.
 */
export function useRegisterMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerMerchant,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myMerchantQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/merchants/user/merchants'] });
    },
  });
}
