/**
 * The merchant's payment QR (GET /api/merchants/{id}/qr, POST …/generate-qr).
 *
 * Guarantees
 * - Only the owner generates or reads it (core/merchants/merchant-access.ts). It can be generated
 *   before the merchant is active (DOMAIN); payments are taken only once it is.
 * - The image is a 300×300 PNG of the EMVCo payload (core/merchants/emv-qr-payload.ts), made again
 *   from the merchant's record each time, so it always names the current code, name and district.
 * - Before the owner generated it, reading answers no image (`qrCodeUrl` null).
 */
import type { Clock } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { merchantQrPayload, type EmvQrSettings } from './emv-qr-payload.ts';
import { ownedMerchant } from './merchant-access.ts';
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
  unitOfWork: UnitOfWork;
  clock: Clock;
}

export function payloadOf(settings: EmvQrSettings, merchant: RegisteredMerchant): string {
  return merchantQrPayload(settings, { merchantCode: merchant.merchantCode, name: merchant.businessName, city: merchant.district, mcc: CATEGORY_MCC[merchant.merchantCategory] });
}

export class GenerateMerchantQr {
  constructor(private readonly deps: MerchantQrDeps) {}

  async execute(input: { merchantId: string; userId: string }): Promise<Result<MerchantQr, 'merchant_not_found'>> {
    const { registry, renderer, settings, unitOfWork, clock } = this.deps;
    const owned = await ownedMerchant(registry, input);
    if (!owned.ok) return owned;
    const payload = payloadOf(settings, owned.value);
    const png = await renderer.png(payload, QR_SIZE_PX);
    const at = clock.now();
    await unitOfWork.run(() => registry.markQrGenerated(owned.value.id, at));
    return ok({ merchant: { ...owned.value, qrGeneratedAt: at }, payload, png });
  }
}

export class ShowMerchantQr {
  constructor(private readonly deps: Pick<MerchantQrDeps, 'registry' | 'renderer' | 'settings'>) {}

  async execute(input: { merchantId: string; userId: string }): Promise<Result<MerchantQr | null, 'merchant_not_found'>> {
    const owned = await ownedMerchant(this.deps.registry, input);
    if (!owned.ok) return owned;
    if (!owned.value.qrGeneratedAt) return ok(null);
    const payload = payloadOf(this.deps.settings, owned.value);
    return ok({ merchant: owned.value, payload, png: await this.deps.renderer.png(payload, QR_SIZE_PX) });
  }
}
