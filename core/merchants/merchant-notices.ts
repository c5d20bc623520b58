/**
 * Merchant notices: what the owner of a business is told about the admin's decisions on it, as
 * in-app notifications that the Notifier also sends by SMS and e-mail in the owner's language
 * (template + parameters, rendered by apps/notifications).
 *
 * Guarantees
 * - Every decision (KYB verified, KYB rejected, suspended, reinstated) gives exactly one notice to
 *   the merchant's owner, naming the business.
 * - A rejection or suspension carries its reason as a code (merchant-reason.ts), worded by the
 *   channels in the owner's language; never the admin's own words.
 *
 * Templates: merchant_verified {businessName, merchantCode}, merchant_rejected {businessName,
 * reasonCode}, merchant_suspended {businessName, reasonCode}, merchant_reinstated {businessName}.
 */
import type { MemberNotification } from '../tontines/ports.ts';
import type { Merchant, MerchantEvent } from './merchant.ts';
import type { MerchantReasonCode } from './merchant-reason.ts';

const TEMPLATES: Readonly<Record<MerchantEvent, string>> = {
  verify_kyb: 'merchant_verified',
  reject_kyb: 'merchant_rejected',
  suspend: 'merchant_suspended',
  reinstate: 'merchant_reinstated',
};

export function merchantDecisionNotice(merchant: Merchant, event: MerchantEvent, reasonCode: MerchantReasonCode | null): MemberNotification {
  return {
    userId: merchant.ownerId,
    type: 'other',
    template: TEMPLATES[event],
    params: { businessName: merchant.businessName, merchantCode: merchant.merchantCode, ...(reasonCode ? { reasonCode } : {}) },
  };
}
