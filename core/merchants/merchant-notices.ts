/**
 * Merchant notices: what the owner of a business is told about the admin's decisions on it, as
 * in-app notifications that the Notifier also sends by SMS and e-mail in the owner's language
 * (template + parameters, rendered by apps/notifications).
 *
 * Guarantees
 * - Every decision (KYB verified, KYB rejected with its reason, suspended, reinstated) gives
 *   exactly one notice to the merchant's owner, naming the business.
 * - A rejection carries the admin's reason; a suspension carries it when one was given ('' else).
 *
 * Templates: merchant_verified {businessName, merchantCode}, merchant_rejected {businessName,
 * reason}, merchant_suspended {businessName, reason}, merchant_reinstated {businessName}.
 */
import type { MemberNotification } from '../tontines/ports.ts';
import type { Merchant, MerchantEvent } from './merchant.ts';

const TEMPLATES: Readonly<Record<MerchantEvent, string>> = {
  verify_kyb: 'merchant_verified',
  reject_kyb: 'merchant_rejected',
  suspend: 'merchant_suspended',
  reinstate: 'merchant_reinstated',
};

export function merchantDecisionNotice(merchant: Merchant, event: MerchantEvent, reason: string | undefined): MemberNotification {
  return {
    userId: merchant.ownerId,
    type: 'other',
    template: TEMPLATES[event],
    params: { businessName: merchant.businessName, merchantCode: merchant.merchantCode, reason: reason?.trim() ?? '' },
  };
}
