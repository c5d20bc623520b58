/**
 * The merchant's payment QR as the owner reads it (GET /api/merchants/{id}/qr, …/qr/download).
 *
 * Guarantees
 * - Only the owner reads it (core/merchants/merchant-access.ts).
 * - Before the owner generated it, reading answers no image (null).
 */
import { ok, type Result } from '../shared/result.ts';
import { ownedMerchant } from './merchant-access.ts';
import { payloadOf, QR_SIZE_PX, type MerchantQr, type MerchantQrDeps } from './merchant-qr.ts';

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
