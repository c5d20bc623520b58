/**
 * The merchant registration form of /merchant/register (spec part 2 §3, §5, §7).
 *
 * Guarantees:
 * - Each broken rule is named by the key of its spec message under `merchantRegister.validation`.
 * - The category is one of the eight; the district one of the 30.
 * - TIN, trade licence and RDB number are optional and sent as null when empty; a TIN given is
 *   9 to 20 characters (the same rule when the owner corrects them on the dashboard, `checkTin`).
 * - The agent code is optional; when given it must look like a code (3–20 of A–Z, 0–9, '-', '_')
 *   and is resolved to the agent's id before sending (onboardedByAgentId), never sent itself.
 */
import { isRwandanMobile, normaliseRwandanMobile } from '../../lib/phone-number.ts';
import { checkCode, isDistrict, isEmail, isMerchantCategory, orNull, PHONE_DEFAULT, type CodeError } from '../../lib/registration-rules.ts';


export const TIN_MIN = 9;
export const TIN_MAX = 20;

export interface MerchantForm {
  merchantCode: string;
  businessName: string;
  merchantCategory: string;
  tin: string;
  tradeLicenseNumber: string;
  rdbRegistrationNumber: string;
  businessAddress: string;
  district: string;
  phoneNumber: string;
  email: string;
  agentCode: string;
}

export const EMPTY_MERCHANT_FORM: MerchantForm = {
  merchantCode: '',
  businessName: '',
  merchantCategory: '',
  tin: '',
  tradeLicenseNumber: '',
  rdbRegistrationNumber: '',
  businessAddress: '',
  district: '',
  phoneNumber: PHONE_DEFAULT,
  email: '',
  agentCode: '',
};

export type MerchantFormError = CodeError | 'businessName' | 'merchantCategory' | 'tinMin' | 'tinMax' | 'businessAddress' | 'district' | 'phoneNumber' | 'email' | 'agentCode';
export type MerchantFormErrors = Partial<Record<keyof MerchantForm, MerchantFormError>>;

/** A trade licence or RDB number is at most this long (the inputs stop there; the server says so too). */
export const REGISTRATION_NUMBER_MAX = 100;

/** The rule a TIN breaks (empty is fine: the details are optional), or null. */
export function checkTin(text: string): 'tinMin' | 'tinMax' | null {
  const tin = text.trim();
  if (tin !== '' && tin.length < TIN_MIN) return 'tinMin';
  if (tin.length > TIN_MAX) return 'tinMax';
  return null;
}

/** The BNR compliance details as the dashboard's card edits them (the same fields and rules as registration). */
export type ComplianceForm = Pick<MerchantForm, 'tin' | 'tradeLicenseNumber' | 'rdbRegistrationNumber'>;

/** The details as PUT /api/merchants/{id}/compliance wants them: trimmed, null when empty. */
export function complianceBody(form: ComplianceForm): { tin: string | null; tradeLicenseNumber: string | null; rdbRegistrationNumber: string | null } {
  return { tin: orNull(form.tin), tradeLicenseNumber: orNull(form.tradeLicenseNumber), rdbRegistrationNumber: orNull(form.rdbRegistrationNumber) };
}

export function validateMerchantForm(form: MerchantForm): MerchantFormErrors {
  const errors: MerchantFormErrors = {};
  const code = checkCode(form.merchantCode);
  if (code !== null) errors.merchantCode = code;
  if (form.businessName.trim().length < 2) errors.businessName = 'businessName';
  if (!isMerchantCategory(form.merchantCategory)) errors.merchantCategory = 'merchantCategory';
  const tin = checkTin(form.tin);
  if (tin !== null) errors.tin = tin;
  if (form.businessAddress.trim().length < 5) errors.businessAddress = 'businessAddress';
  if (!isDistrict(form.district)) errors.district = 'district';
  if (!isRwandanMobile(form.phoneNumber)) errors.phoneNumber = 'phoneNumber';
  if (!isEmail(form.email)) errors.email = 'email';
  if (form.agentCode.trim() !== '' && checkCode(form.agentCode.trim()) !== null) errors.agentCode = 'agentCode';
  return errors;
}

export interface MerchantRegistrationBody {
  merchantCode: string;
  businessName: string;
  merchantCategory: string;
  tin: string | null;
  tradeLicenseNumber: string | null;
  rdbRegistrationNumber: string | null;
  businessAddress: string;
  district: string;
  phoneNumber: string;
  email: string;
  onboardedByAgentId: string | null;
}

export function merchantRegistrationBody(form: MerchantForm, onboardedByAgentId: string | null): MerchantRegistrationBody {
  return {
    merchantCode: form.merchantCode,
    businessName: form.businessName.trim(),
    merchantCategory: form.merchantCategory,
    ...complianceBody(form),
    businessAddress: form.businessAddress.trim(),
    district: form.district,
    // Checked above: the number as the server stores it (E.164).
    phoneNumber: normaliseRwandanMobile(form.phoneNumber) ?? form.phoneNumber,
    email: form.email.trim(),
    onboardedByAgentId,
  };
}

/** 'grocery_store' → 'grocery store' (spec: underscores shown as spaces). */
export function spaced(value: string | null | undefined): string {
  return (value ?? '').replaceAll('_', ' ');
}
