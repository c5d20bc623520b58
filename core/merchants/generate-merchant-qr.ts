/**
 * The owner generates the merchant's payment QR (POST /api/merchants/{id}/generate-qr).
 *
 * Guarantees
 * - Only the owner generates it (core/merchants/merchant-access.ts); it can be generated before
 *   the merchant is active (DOMAIN); payments are taken only once it is.
 * - The image is core/merchants/merchant-qr.ts's; when it was generated is stored.
 */
import { ok, type Result } from '../shared/result.ts';
import { ownedMerchant } from './merchant-access.ts';
import { payloadOf, QR_SIZE_PX, type MerchantQr, type MerchantQrDeps } from './merchant-qr.ts';

export class GenerateMerchantQr {
  constructor(private readonly deps: MerchantQrDeps) {}

  async execute(input: { merchantId: string; userId: string }): Promise<Result<MerchantQr, 'merchant_not_found'>> {
    const { registry, renderer, settings, uow, clock } = this.deps;
    const owned = await ownedMerchant(registry, input);
    if (!owned.ok) return owned;
    const payload = payloadOf(settings, owned.value);
    const png = await renderer.png(payload, QR_SIZE_PX);
    const at = clock.now();
    await uow.run(() => registry.markQrGenerated(owned.value.id, at));
    return ok({ merchant: { ...owned.value, qrGeneratedAt: at }, payload, png });
  }
}
