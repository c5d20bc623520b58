/**
 * QrcodePngRenderer: draws a QR payload as a square PNG with the `qrcode` package (pure
 * JavaScript, no native build; the most used QR encoder on npm).
 *
 * Guarantees
 * - The PNG is exactly `size` × `size` pixels (the specification's 300×300), black on white, with
 *   the standard 4-module quiet zone inside that size, error correction level M.
 */
import QRCode from 'qrcode';
import type { QrImageRenderer } from '../../core/merchants/merchant-qr.ts';

export class QrcodePngRenderer implements QrImageRenderer {
  async png(payload: string, size: number): Promise<Uint8Array> {
    const buffer = await QRCode.toBuffer(payload, { type: 'png', width: size, margin: 4, errorCorrectionLevel: 'M' });
    return new Uint8Array(buffer);
  }
}
