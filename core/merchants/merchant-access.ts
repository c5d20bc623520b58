/**
 * Who may see a merchant: its owner only (DOMAIN "Roles and access").
 *
 * Guarantees
 * - Another member's merchant answers `merchant_not_found`, exactly like an unknown id, so that
 *   nobody learns which ids exist.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantRegistry } from './ports.ts';

export async function ownedMerchant(
  registry: Pick<MerchantRegistry, 'findRegistered'>,
  input: { merchantId: string; userId: string },
): Promise<Result<RegisteredMerchant, 'merchant_not_found'>> {
  const merchant = await registry.findRegistered(input.merchantId);
  return merchant && merchant.ownerId === input.userId ? ok(merchant) : err('merchant_not_found');
}

