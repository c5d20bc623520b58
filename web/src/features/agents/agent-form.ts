/**
 * The agent registration form of /agent/register (spec part 2 §3, §5, §7).
 *
 * Guarantees:
 * - Each broken rule is named by the key of its spec message under `agentRegister.validation`;
 *   a valid form has no errors.
 * - Business name (at least 2 characters once trimmed) and registration number are required of
 *   business agents only, and only they send them.
 * - sector is sent as null when empty; service territories are sent as a list of trimmed names;
 *   acceptTerms is never sent.
 */
import { isRwandanMobile, normaliseRwandanMobile } from '../../lib/phone-number.ts';
import { checkCode, isDistrict, isEmail, orNull, PHONE_DEFAULT, splitList, type CodeError } from '../../lib/registration-rules.ts';

export type AgentType = 'individual' | 'business';

export interface AgentForm {
  agentCode: string;
  agentType: AgentType;
  businessName: string;
  businessRegistrationNumber: string;
  physicalAddress: string;
  district: string;
  sector: string;
  phoneNumber: string;
  email: string;
  serviceTerritories: string;
  acceptTerms: boolean;
}

export const EMPTY_AGENT_FORM: AgentForm = {
  agentCode: '',
  agentType: 'individual',
  businessName: '',
  businessRegistrationNumber: '',
  physicalAddress: '',
  district: '',
  sector: '',
  phoneNumber: PHONE_DEFAULT,
  email: '',
  serviceTerritories: '',
  acceptTerms: false,
};

export type AgentFormError =
  | CodeError
  | 'businessName'
  | 'businessRegistrationNumber'
  | 'physicalAddress'
  | 'district'
  | 'phoneNumber'
  | 'email'
  | 'serviceTerritories'
  | 'acceptTerms';

export type AgentFormErrors = Partial<Record<keyof AgentForm, AgentFormError>>;

export function validateAgentForm(form: AgentForm): AgentFormErrors {
  const errors: AgentFormErrors = {};
  const code = checkCode(form.agentCode);
  if (code !== null) errors.agentCode = code;
  if (form.agentType === 'business') {
    if (form.businessName.trim().length < 2) errors.businessName = 'businessName';
    if (form.businessRegistrationNumber.trim().length < 1) errors.businessRegistrationNumber = 'businessRegistrationNumber';
  }
  if (form.physicalAddress.trim().length < 5) errors.physicalAddress = 'physicalAddress';
  if (!isDistrict(form.district)) errors.district = 'district';
  if (!isRwandanMobile(form.phoneNumber)) errors.phoneNumber = 'phoneNumber';
  if (!isEmail(form.email)) errors.email = 'email';
  if (splitList(form.serviceTerritories).length === 0) errors.serviceTerritories = 'serviceTerritories';
  if (!form.acceptTerms) errors.acceptTerms = 'acceptTerms';
  return errors;
}

export interface AgentRegistrationBody {
  agentCode: string;
  agentType: AgentType;
  businessName?: string;
  businessRegistrationNumber?: string;
  physicalAddress: string;
  district: string;
  sector: string | null;
  phoneNumber: string;
  email: string;
  serviceTerritories: string[];
}

export function agentRegistrationBody(form: AgentForm): AgentRegistrationBody {
  const body: AgentRegistrationBody = {
    agentCode: form.agentCode,
    agentType: form.agentType,
    physicalAddress: form.physicalAddress.trim(),
    district: form.district,
    sector: orNull(form.sector),
    // Checked above: the number as the server stores it (E.164).
    phoneNumber: normaliseRwandanMobile(form.phoneNumber) ?? form.phoneNumber,
    email: form.email.trim(),
    serviceTerritories: splitList(form.serviceTerritories),
  };
  if (form.agentType === 'business') {
    body.businessName = form.businessName.trim();
    body.businessRegistrationNumber = form.businessRegistrationNumber.trim();
  }
  return body;
}
