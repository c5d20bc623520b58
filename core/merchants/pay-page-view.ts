/**
 * What the public learns of a business by its code (the pay page /pay/{merchantCode}, its
 * receipts, USSD "Pay a merchant"): one reading, core/merchants/merchant.ts `publicStanding`.
 *
 * Guarantees
 * - An unknown code or a rejected business reads as no business at all; a business awaiting KYB
 *   as that and nothing else (no name, district or number: a stranger harvests nothing from a
 *   code typed at random); a verified business by its code, name and district only.
 * - A payer's number is shown masked (`maskPhone`).
 */
import { publicStanding } from './merchant.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantRegistry } from './ports.ts';

/** A verified business as the public sees it (pay page, receipt, USSD prompts): code, name and district only. */
export interface PublicMerchant {
  merchantCode: string;
  businessName: string;
  district: string;
  standing: 'accepting' | 'suspended';
  acceptingPayments: boolean;
}

/** A business awaiting KYB: its code and that it does not accept payments yet, nothing more. */
export interface MerchantAwaitingVerification {
  merchantCode: string;
  standing: 'awaiting_verification';
  acceptingPayments: false;
}

/** What the pay page (and USSD "Pay a merchant") shows for a code that names a business. */
export type PayPageMerchant = PublicMerchant | MerchantAwaitingVerification;

export const publicView = (m: RegisteredMerchant, standing: PublicMerchant['standing']): PublicMerchant => ({
  merchantCode: m.merchantCode,
  businessName: m.businessName,
  district: m.district,
  standing,
  acceptingPayments: standing === 'accepting',
});

/** The one reading of a code for the public; undefined: as if no business had it. */
export function payPageView(merchant: RegisteredMerchant | undefined): PayPageMerchant | undefined {
  const standing = merchant && publicStanding(merchant);
  if (!merchant || standing === undefined) return undefined;
  if (standing === 'awaiting_verification') return { merchantCode: merchant.merchantCode, standing, acceptingPayments: false };
  return publicView(merchant, standing);
}

export const byCode = (registry: Pick<MerchantRegistry, 'findByCode'>, code: string) => registry.findByCode(code.trim().toUpperCase());

export const maskPhone = (msisdn: string) => (msisdn.length > 7 ? `${msisdn.slice(0, 6)}${'*'.repeat(msisdn.length - 9)}${msisdn.slice(-3)}` : '***');
