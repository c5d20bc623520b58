/**
 * Admin decisions on a merchant (CLI): verify or reject KYB, suspend, reinstate.
 *
 * Guarantees
 * - In the caller's unit of work (ReviewMerchant: core/merchants/review-merchant.ts), which
 *   commits the decision with its audit row.
 * - The move follows core/merchants/merchant.ts; anything else is `merchant_transition_not_allowed`.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { transitionMerchant, type Merchant, type MerchantEvent } from './merchant.ts';
import type { MerchantRepository } from './ports.ts';

export async function decideMerchant(
  deps: { merchants: MerchantRepository },
  input: { merchantId: string; event: MerchantEvent },
): Promise<Result<Merchant, 'merchant_not_found' | 'merchant_transition_not_allowed'>> {
  const merchant = await deps.merchants.findById(input.merchantId);
  if (!merchant) return err('merchant_not_found');
  const next = transitionMerchant(merchant, input.event);
  if (!next.ok) return next;
  await deps.merchants.save(next.value);
  return ok(next.value);
}
