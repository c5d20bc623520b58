import { apiRequest } from '../../../lib/api-client.ts';

/** Saves a Blob or a data: address under a file name. */
export function saveFile(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves the merchant's QR PNG under `fileName`. A data: address is saved as it is; an address on
 * this server is fetched with the member's token first (a bare link would not carry it).
 */
export async function downloadQr(qrCodeUrl: string, fileName: string): Promise<void> {
  if (qrCodeUrl.startsWith('data:')) return saveFile(qrCodeUrl, fileName);
  const blob = await (await apiRequest(qrCodeUrl, { headers: { Accept: 'image/png' } })).blob();
  const url = URL.createObjectURL(blob);
  saveFile(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
