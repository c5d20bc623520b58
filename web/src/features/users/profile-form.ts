/**
 * The profile page's edit form (spec part 2, Profile page): what Save sends and what it refuses
 * before sending.
 *
 * Guarantees:
 * - Save applies the non-empty edited fields over the old values (spec): a field left blank keeps
 *   its saved value. Only the fields whose value then differs are sent (PATCH /api/profile).
 * - The client holds the server's rules (apps/http/profile-schemas.ts, core/identity/phone-number.ts)
 *   so a mistake is shown on its field at once: names of letters, spaces, apostrophes, hyphens and
 *   periods, at most 100 characters; a Rwandan mobile number (+250 7[2389]…) when the phone
 *   changes; an address of at most 255 characters; a profession of at most 100. The server
 *   remains the judge.
 */
import { isRwandanMobile } from '../../lib/phone-number.ts';

export const EDITABLE_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'address', 'profession'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type ProfileFields = Record<EditableField, string>;
export type ProfileChanges = Partial<ProfileFields>;
export type FieldProblem = 'invalid_name' | 'name_too_long' | 'invalid_phone' | 'address_too_long' | 'profession_too_long';
export type ProfileFieldErrors = Partial<Record<EditableField, FieldProblem>>;

const NAME = /^\p{L}[\p{L}\p{M}' .-]*$/u;
const NAME_MAX = 100;
const ADDRESS_MAX = 255;
const PROFESSION_MAX = 100;

export function fieldsOf(profile: { firstName: string; lastName: string; phoneNumber: string | null; address: string | null; profession?: string | null | undefined }): ProfileFields {
  return { firstName: profile.firstName, lastName: profile.lastName, phoneNumber: profile.phoneNumber ?? '', address: profile.address ?? '', profession: profile.profession ?? '' };
}

/** Spec part 2: "Save applies the non-empty edited fields over the old values". */
export function applyEdits(saved: ProfileFields, edited: ProfileFields): ProfileFields {
  const next = { ...saved };
  for (const field of EDITABLE_FIELDS) {
    const value = edited[field].trim();
    if (value !== '') next[field] = value;
  }
  return next;
}

/** The fields of `next` that differ from what is saved: the body of PATCH /api/profile. */
export function profileChanges(saved: ProfileFields, next: ProfileFields): ProfileChanges {
  const changes: ProfileChanges = {};
  for (const field of EDITABLE_FIELDS) if (next[field] !== saved[field]) changes[field] = next[field];
  return changes;
}

/** What is wrong with the changed fields, each on its own field; empty when Save may send them. */
export function profileErrors(changes: ProfileChanges): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const name = changes[field];
    if (name === undefined) continue;
    if (name.length > NAME_MAX) errors[field] = 'name_too_long';
    else if (!NAME.test(name)) errors[field] = 'invalid_name';
  }
  if (changes.phoneNumber !== undefined && !isRwandanMobile(changes.phoneNumber)) errors.phoneNumber = 'invalid_phone';
  if (changes.address !== undefined && changes.address.length > ADDRESS_MAX) errors.address = 'address_too_long';
  if (changes.profession !== undefined && changes.profession.length > PROFESSION_MAX) errors.profession = 'profession_too_long';
  return errors;
}
