/**
 * The national ID form of the Verification tab (spec part 1 §3, §5): idNumber (16 digits starting
 * with 1), phoneNumber (+250 prefix), firstName and lastName required; date of birth and ID photo
 * optional. The client checks the shape to show a mistake on its field at once; the ID's structure,
 * the registry's record and every other rule are the server's (DOMAIN.md, Identity).
 */
import { normaliseRwandanMobile } from '../../lib/phone-number.ts';

export interface NidaForm {
  idNumber: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD from a date input, or ''. */
  dateOfBirth: string;
}

export const EMPTY_NIDA_FORM: NidaForm = { idNumber: '', phoneNumber: '', firstName: '', lastName: '', dateOfBirth: '' };

export type NidaField = 'idNumber' | 'phoneNumber' | 'firstName' | 'lastName';
export type NidaFormErrors = Partial<Record<NidaField, 'required' | 'invalid'>>;

/** The digits of an ID number as people type it (in groups, with spaces or hyphens). */
export function idDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export function nidaFormErrors(form: NidaForm): NidaFormErrors {
  const errors: NidaFormErrors = {};
  const id = idDigits(form.idNumber);
  if (id === '') errors.idNumber = 'required';
  else if (!/^\d{16}$/.test(id)) errors.idNumber = 'invalid';
  if (form.phoneNumber.trim() === '') errors.phoneNumber = 'required';
  else if (normaliseRwandanMobile(form.phoneNumber) === null) errors.phoneNumber = 'invalid';
  if (form.firstName.trim() === '') errors.firstName = 'required';
  if (form.lastName.trim() === '') errors.lastName = 'required';
  return errors;
}

export interface VerifyNidaBody {
  idNumber: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  idPhotoURL?: string;
}

/** The body of POST /api/nida/verify-nida: the ID's digits, the phone in E.164, trimmed names, the optional fields only when given. */
export function verifyNidaBody(form: NidaForm, idPhotoURL: string | null): VerifyNidaBody {
  const body: VerifyNidaBody = {
    idNumber: idDigits(form.idNumber),
    phoneNumber: normaliseRwandanMobile(form.phoneNumber) ?? form.phoneNumber.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
  };
  if (form.dateOfBirth !== '') body.dateOfBirth = form.dateOfBirth;
  if (idPhotoURL !== null) body.idPhotoURL = idPhotoURL;
  return body;
}

/**
 * An ID number shown on the Verified card: its last four digits only (the card may be on a shared
 * screen). A number the server already masked is shown as it came.
 */
export function maskIdNumber(idNumber: string | null | undefined): string {
  if (!idNumber) return '—';
  const digits = idDigits(idNumber);
  if (!/^\d{16}$/.test(digits)) return idNumber;
  return `•••• •••• •••• ${digits.slice(-4)}`;
}
