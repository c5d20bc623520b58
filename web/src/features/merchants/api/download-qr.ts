import { downloadFile, saveFile } from '../../../lib/download-file.ts';

/**
 * Saves the merchant's QR PNG under `fileName`. A data: address is saved as it is; an address on
 * this server is fetched with the member's token first (a bare link would not carry it).
 */
export async function downloadQr(qrCodeUrl: string, fileName: string): Promise<void> {
  if (qrCodeUrl.startsWith('data:')) return saveFile(qrCodeUrl, fileName);
  return downloadFile(qrCodeUrl, fileName, 'image/png');
}
