import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

const qrSchema = z.looseObject({ qrCodeUrl: z.nullish(z.string()) });

/** GET /api/merchants/{id}/qr → qrCodeUrl (a 300×300 PNG), or null before one is generated. */
export async function getMerchantQr(merchantId: string): Promise<string | null> {
  const answer = await readJson(await apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/qr`), qrSchema);
  return answer.qrCodeUrl ?? null;
}

export const merchantQrQueryOptions = (merchantId: string) => queryOptions({ queryKey: ['/api/merchants', merchantId, 'qr'], queryFn: () => getMerchantQr(merchantId) });

/** Enabled when a merchant is selected (spec part 2 §7). */
export function useMerchantQr(merchantId: string | null) {
  return useQuery({ ...merchantQrQueryOptions(merchantId ?? ''), enabled: merchantId !== null });
}
