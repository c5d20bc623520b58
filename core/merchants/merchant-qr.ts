/**
 * The merchant's payment QR: what GenerateMerchantQr (core/merchants/generate-merchant-qr.ts) and
 * ShowMerchantQr (core/merchants/show-merchant-qr.ts) draw.
 *
 * Guarantees
 * - The image is a 300×300 PNG of the EMVCo payload (core/merchants/emv-qr-payload.ts), made again
 *   from the merchant's record each time, so it always names the current code, name and district.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { merchantQrPayload, type EmvQrSettings } from './emv-qr-payload.ts';
import { CATEGORY_MCC, type RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantRegistry } from './ports.ts';

export const QR_SIZE_PX = 300;

/** Draws a payload as a square PNG of `size` pixels. */
export interface QrImageRenderer {
  png(payload: string, size: number): Promise<Uint8Array>;
}

export interface MerchantQr {
  merchant: RegisteredMerchant;
  payload: string;
  png: Uint8Array;
}

export interface MerchantQrDeps {
  registry: MerchantRegistry;
  renderer: QrImageRenderer;
  settings: EmvQrSettings;
  uow: UnitOfWork;
  clock: Clock;
}

export function payloadOf(settings: EmvQrSettings, merchant: RegisteredMerchant): string {
  return merchantQrPayload(settings, { merchantCode: merchant.merchantCode, name: merchant.businessName, city: merchant.district, mcc: CATEGORY_MCC[merchant.merchantCategory] });
}

