/**
 * What a business states when registering (spec part 2 §3 "Merchant registration"), beside the
 * statuses of core/merchants/merchant.ts.
 *
 * Guarantees
 * - The merchant code is unique and never changes: it names the QR, the pay page
 *   (/pay/{merchantCode}), the USSD payment and the settlement references.
 * - The category is one of the eight of the specification; the district one of the 30.
 * - The compliance details (spec part 2 §1: "a valid TIN, trade license and RDB number") are each
 *   optional; a TIN given is TIN_LENGTH characters (spec part 2 §5), a trade licence or RDB number
 *   at most REGISTRATION_NUMBER_MAX. The owner may add or correct them while KYB is pending
 *   (core/merchants/update-merchant-compliance.ts), never after the admin decided on them.
 */
import type { Merchant } from './merchant.ts';
import type { MerchantReasonCode } from './merchant-reason.ts';

export const MERCHANT_CATEGORIES = ['retail', 'restaurant', 'service', 'grocery', 'pharmacy', 'electronics', 'fashion', 'other'] as const;
export type MerchantCategory = (typeof MERCHANT_CATEGORIES)[number];

/** ISO 18245 merchant category codes for the QR's tag 52, by category. */
export const CATEGORY_MCC: Readonly<Record<MerchantCategory, string>> = {
  retail: '5399',
  restaurant: '5812',
  service: '7299',
  grocery: '5411',
  pharmacy: '5912',
  electronics: '5732',
  fashion: '5651',
  other: '5999',
};

/** Spec part 2 §5, §9: "TIN 9-20". */
export const TIN_LENGTH = { min: 9, max: 20 } as const;
export const REGISTRATION_NUMBER_MAX = 100;

/** What the 'Rwanda BNR Compliance' card shows and the admin checks before verifying KYB. */
export interface ComplianceDetails {
  readonly tin: string | null;
  readonly tradeLicenseNumber: string | null;
  readonly rdbRegistrationNumber: string | null;
}

export const COMPLIANCE_FIELDS = ['tin', 'tradeLicenseNumber', 'rdbRegistrationNumber'] as const satisfies readonly (keyof ComplianceDetails)[];

export interface MerchantProfile {
  readonly merchantCategory: MerchantCategory;
  readonly tin: string | null;
  readonly tradeLicenseNumber: string | null;
  readonly rdbRegistrationNumber: string | null;
  readonly businessAddress: string;
  readonly district: string;
  readonly phoneNumber: string;
  readonly email: string;
  readonly createdAt: Date;
  /** When the owner last generated the QR (none before). */
  readonly qrGeneratedAt: Date | null;
  /** Why the business is rejected or suspended (merchant-reason.ts); null in any other status. */
  readonly statusReasonCode: MerchantReasonCode | null;
  /** With `other` only: the free words an admin stored before reasons had codes, shown to admins only. */
  readonly statusReasonNote: string | null;
}

export type RegisteredMerchant = Merchant & MerchantProfile;
