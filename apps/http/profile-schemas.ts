/**
 * Request and response schemas of the profile API (/api/profile): the validation at the edge and
 * the source of the OpenAPI document.
 */
import { z } from 'zod';
import { LanguageSchema, personName, ProfileResponse } from './auth-schemas.ts';

export const PHONE_NUMBER_MESSAGE = 'Please enter a valid Rwandan mobile number (e.g. +250788123456).';
export const ADDRESS_MAX = 255;
export const PROFESSION_MAX = 100;

/**
 * The fields a member edits. Each is optional: only those sent change. The phone's Rwandan rule is
 * core's (core/identity/phone-number.ts), answered as `phone_number_invalid`.
 */
export const UpdateProfileRequest = z
  .object({
    firstName: personName('First name').optional(),
    lastName: personName('Last name').optional(),
    phoneNumber: z
      .string({ error: PHONE_NUMBER_MESSAGE })
      .trim()
      .min(1, { error: PHONE_NUMBER_MESSAGE })
      .max(32, { error: PHONE_NUMBER_MESSAGE })
      .optional()
      .meta({ example: '+250788123456', description: 'A Rwandan mobile number in any usual form; stored as E.164' }),
    address: z
      .string({ error: 'Address must be text' })
      .trim()
      .max(ADDRESS_MAX, { error: `Address must be at most ${ADDRESS_MAX} characters` })
      .nullable()
      .optional()
      .meta({ example: 'KG 11 Ave, Kigali', description: 'null or blank clears it' }),
    profession: z
      .string({ error: 'Profession must be text' })
      .trim()
      .max(PROFESSION_MAX, { error: `Profession must be at most ${PROFESSION_MAX} characters` })
      .nullable()
      .optional()
      .meta({ example: 'Tailor', description: 'Shown on the dashboard’s profile header; null or blank clears it' }),
  })
  // The route refuses any other field (field_read_only, or validation_failed naming it): the document says so.
  .meta({ id: 'UpdateProfileRequest', override: { additionalProperties: false } });

/**
 * Fields of the account a PATCH may not change, each with why: sending one answers 400
 * `field_read_only` rather than being ignored, so that no client believes it changed.
 */
export const READ_ONLY_PROFILE_FIELDS: Readonly<Record<string, string>> = {
  email: 'Your e-mail address cannot be changed here: it is how you sign in.',
  dateOfBirth: 'Your date of birth cannot be changed here: it comes from your verified national ID.',
  id: 'The account id cannot be changed.',
  language: 'Change your language with the language menu.',
  profilePhotoUrl: 'Change your photo with PUT /api/profile-photo.',
  emailVerified: 'Your e-mail is verified by following a link sent to it.',
  nidaVerified: 'Your national ID is verified on the Verification tab of the dashboard.',
  kycVerified: 'Your face is verified on the Verification tab of the dashboard.',
  isDemo: 'This cannot be changed.',
  createdAt: 'This cannot be changed.',
  updatedAt: 'This cannot be changed.',
};

export const ProfileDetailsResponse = ProfileResponse.extend({
  profession: z.string().nullable(),
  email: z.string().meta({ description: 'Read-only here' }),
  profilePhotoUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  nidaVerified: z.boolean(),
  kycVerified: z.boolean(),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'ProfileDetails', description: 'dateOfBirth and email are read-only; the other profile fields are edited with PATCH' });

/**
 * The language the member's account speaks outside the page (SMS, e-mails, USSD menus, the
 * assistant): the web's language menu sends it whenever a signed-in member picks a language.
 */
export const ChangeLanguageRequest = z
  .object({ language: LanguageSchema.meta({ example: 'rw', description: 'en, fr, rw (Kinyarwanda) or sw (Swahili)' }) })
  .strict()
  .meta({ id: 'ChangeLanguageRequest' });

export const LanguageResponse = z.object({ language: LanguageSchema }).meta({ id: 'LanguageResponse' });
