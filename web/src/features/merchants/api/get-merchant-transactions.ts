import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { transactionsResponseSchema, type TransactionsResponse } from './merchant-schemas.ts';

/** GET /api/merchants/{id}/transactions → transactions and statistics (owner only). */
export async function getMerchantTransactions(merchantId: string): Promise<TransactionsResponse> {
  return readJson(await apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/transactions`), transactionsResponseSchema);
}

export const merchantTransactionsQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: ['/api/merchants', merchantId, 'transactions'], queryFn: () => getMerchantTransactions(merchantId) });

export function useMerchantTransactions(merchantId: string | null) {
  return useQuery({ ...merchantTransactionsQueryOptions(merchantId ?? ''), enabled: merchantId !== null });
}
