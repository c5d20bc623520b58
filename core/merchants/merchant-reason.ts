/**
 * Why an admin rejected a business's KYB or suspended it: a stable code, never a sentence (issue
 * 30: no human words in core; issue 31: an admin's English reached a Kinyarwanda merchant as it
 * was typed). Each channel words the code in the owner's language from its own catalogue:
 * apps/notifications (SMS, e-mail, in-app, the API's `statusReason`) and web/src/locales
 * (`merchantDashboard.statusReasons`).
 *
 * Guarantees
 * - Every code is listed in MERCHANT_REASON_CODES: the catalogues' types and tests are built from
 *   it, so a code without words in a language fails the build and the tests.
 * - An admin rejects KYB with one of KYB_REJECTION_CODES and suspends with one of
 *   SUSPENSION_CODES (things the owner can act on or understand); the admin's own words, if any,
 *   stay in the audit trail.
 * - `other` is never chosen by an admin: it stands for a reason stored as free words before
 *   reasons had codes (Migration20261128440000). The owner reads that the team will explain it;
 *   the old words stay with the merchant for admins only (`merchants list`).
 * - No code carries figures today: each is the same words for every business.
 */
export const KYB_REJECTION_CODES = [
  'documents_unreadable',
  'tin_mismatch',
  'trade_licence_missing',
  'trade_licence_expired',
  'business_not_found_at_rdb',
  'owner_identity_mismatch',
  'prohibited_activity',
] as const;
export type KybRejectionCode = (typeof KYB_REJECTION_CODES)[number];

export const SUSPENSION_CODES = ['suspected_fraud', 'complaints_under_review', 'compliance_documents_expired', 'requested_by_owner'] as const;
export type SuspensionCode = (typeof SUSPENSION_CODES)[number];

export const MERCHANT_REASON_CODES = [...KYB_REJECTION_CODES, ...SUSPENSION_CODES, 'other'] as const;
export type MerchantReasonCode = (typeof MERCHANT_REASON_CODES)[number];

export function isKybRejectionCode(code: string): code is KybRejectionCode {
  return (KYB_REJECTION_CODES as readonly string[]).includes(code);
}

export function isSuspensionCode(code: string): code is SuspensionCode {
  return (SUSPENSION_CODES as readonly string[]).includes(code);
}

export function isMerchantReasonCode(code: string): code is MerchantReasonCode {
  return (MERCHANT_REASON_CODES as readonly string[]).includes(code);
}
