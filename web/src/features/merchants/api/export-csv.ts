import { downloadFile } from '../../../lib/download-file.ts';

export type ExportKind = 'transactions' | 'settlements';

/**
 * GET /api/merchants/{id}/{kind}/export?from=YYYY-MM-DD&to=YYYY-MM-DD → text/csv for that period
 * (owner only), saved under `fileName`.
 */
export function downloadMerchantCsv(merchantId: string, kind: ExportKind, from: string, to: string, fileName: string): Promise<void> {
  const query = new URLSearchParams({ from, to });
  return downloadFile(`/api/merchants/${encodeURIComponent(merchantId)}/${kind}/export?${query.toString()}`, fileName, 'text/csv');
}
