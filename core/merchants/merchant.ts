/**
 * Merchant: registration status and Know-Your-Business verification.
 *
 * Guarantees
 * - A merchant registers `pending` with KYB `pending`. Verifying KYB makes it `active` (KYB
 *   `verified`); rejecting KYB makes it `rejected`. An active merchant can be suspended and
 *   reinstated. Any other move is `merchant_transition_not_allowed`.
 * - Only an `active` merchant accepts payments.
 * - What a stranger learns of a merchant by its code (the pay page, USSD "Pay a merchant") follows
 *   one rule, `publicStanding`: an active or suspended business is shown (`accepting`,
 *   `suspended`); a business awaiting KYB is `awaiting_verification`, shown with nothing but that;
 *   a rejected one is not shown at all, like an unknown code.
 */
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';

export type MerchantStatus = 'pending' | 'active' | 'suspended' | 'rejected';
export type KybStatus = 'pending' | 'verified' | 'rejected';
export type MerchantEvent = 'verify_kyb' | 'reject_kyb' | 'suspend' | 'reinstate';

export interface Merchant {
  readonly id: string;
  readonly ownerId: string;
  readonly merchantCode: string;
  readonly businessName: string;
  readonly merchantStatus: MerchantStatus;
  readonly kybStatus: KybStatus;
  /** The agent who onboarded the merchant, if any: that agent earns commission while active. */
  readonly onboardedByAgentId?: string;
  /** Where settlements are paid. */
  readonly payoutWallet: { readonly provider: MobileMoneyProvider; readonly msisdn: string };
}

const TRANSITIONS: Readonly<Record<MerchantEvent, { from: MerchantStatus; kyb: KybStatus[]; to: MerchantStatus; toKyb?: KybStatus }>> = {
  verify_kyb: { from: 'pending', kyb: ['pending'], to: 'active', toKyb: 'verified' },
  reject_kyb: { from: 'pending', kyb: ['pending'], to: 'rejected', toKyb: 'rejected' },
  suspend: { from: 'active', kyb: ['verified'], to: 'suspended' },
  reinstate: { from: 'suspended', kyb: ['verified'], to: 'active' },
};

export function transitionMerchant(merchant: Merchant, event: MerchantEvent): Result<Merchant, 'merchant_transition_not_allowed'> {
  const rule = TRANSITIONS[event];
  if (merchant.merchantStatus !== rule.from || !rule.kyb.includes(merchant.kybStatus)) return err('merchant_transition_not_allowed');
  return ok({ ...merchant, merchantStatus: rule.to, kybStatus: rule.toKyb ?? merchant.kybStatus });
}

export const acceptsPayments = (merchant: Merchant): boolean => merchant.merchantStatus === 'active';

export type PublicStanding = 'accepting' | 'suspended' | 'awaiting_verification';

/** Undefined: not shown to the public (a rejected business, as an unknown code). */
export function publicStanding(merchant: Merchant): PublicStanding | undefined {
  switch (merchant.merchantStatus) {
    case 'active':
      return 'accepting';
    case 'suspended':
      return 'suspended';
    case 'pending':
      return 'awaiting_verification';
    case 'rejected':
      return undefined;
  }
}
