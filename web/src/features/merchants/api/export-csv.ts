import { apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from './download-qr.ts';

export type ExportKind = 'transactions' | 'settlements';

/**
 * GET /api/merchants/{id}/{kind}/export?from=YYYY-MM-DD&to=YYYY-MM-DD → text/csv for that period
 * (owner only). Fetched with the bearer token (a plain link would not carry it), then saved.
 */
export async function downloadMerchantCsv(merchantId: string, kind: ExportKind, from: string, to: string, fileName: string): Promise<void> {
  const query = new URLSearchParams({ from, to });
  const response = await apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/${kind}/export?${query.toString()}`, { headers: { Accept: 'text/csv' } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  saveFile(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
