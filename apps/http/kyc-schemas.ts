/**
 * Request and response schemas of the facial KYC API (spec part 1 §3, §7): the validation at the
 * edge and the source of the OpenAPI document. Garbage stops here, before any photo is read or
 * the face model runs.
 */
import { z } from 'zod';
import { LANGUAGES } from '../../core/accounts/user.ts';
import { BIOMETRIC_CONSENT } from '../../core/kyc/biometric-consent.ts';

const address = (field: string) =>
  z
    .string({ error: `${field} must be the address of your uploaded photo` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(2048, { error: `${field} is too long` })
    .meta({ example: '/objects/private/4c1f9f6e-2b1d-4c1a-9f9e-7d1c2b3a4f5e', description: 'The uploadURL, the objectPath or the served URL of your own private photo' });

export const KycIdPhotoRequest = z.object({ idPhotoURL: address('idPhotoURL') }).meta({ id: 'KycIdPhotoRequest' });
export const KycSelfieRequest = z.object({ selfieURL: address('selfieURL') }).meta({ id: 'KycSelfieRequest' });

export const BiometricConsentRequest = z
  .object({
    version: z
      .string({ error: 'version must be the version of the consent text you accept' })
      .max(32, { error: 'version is too long' })
      .optional()
      .meta({ example: BIOMETRIC_CONSENT.version, description: 'The version of the consent text shown (GET /api/kyc/status `consent.version`); absent: the text in force' }),
    language: z
      .enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` })
      .optional()
      .meta({ example: 'rw', description: 'The language the text was shown in (`consent.texts`), kept with the consent on the audit trail' }),
  })
  .meta({ id: 'BiometricConsentRequest' });

/** A field a client may leave out or send as null. */
const optional = <S extends z.ZodType>(schema: S) => schema.nullish().transform((v) => v ?? undefined);

export const VerifyFacialRequest = z
  .object({
    idPhotoURL: optional(address('idPhotoURL')).meta({ description: 'Default: the registry’s ID photo, else the ID photo saved with PUT /api/kyc/id-photo' }),
    selfieURL: optional(address('selfieURL')).meta({ description: 'Default: the selfie saved with PUT /api/kyc/selfie' }),
    verificationType: z
      .string({ error: 'verificationType must be a word such as profile_update' })
      .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'verificationType must be a word such as profile_update (lower-case letters, digits, _)' })
      .default('profile_update')
      .meta({ example: 'profile_update' }),
    referenceId: optional(
      z
        .string({ error: 'referenceId must be text' })
        .regex(/^[A-Za-z0-9._:-]{1,100}$/, { error: 'referenceId must be 1 to 100 letters, digits, . _ : -' }),
    ).meta({ example: 'profile-2026-11', description: 'Your own reference for what this verification is for, kept with the decision' }),
  })
  .meta({ id: 'VerifyFacialRequest' });

export const KycStatusResponse = z
  .object({
    verified: z.boolean(),
    matchConfidence: z.number().nullable().meta({ description: 'Percent, one decimal, of the comparison that verified the member' }),
    verifiedAt: z.string().nullable(),
    consentGiven: z.boolean().meta({ description: 'Whether the member’s consent to the comparison of their face is in force for the current text' }),
    consent: z.object({
      version: z.string(),
      text: z.string().meta({ description: 'The text in English' }),
      texts: z.record(z.enum(LANGUAGES), z.string()).meta({ description: 'The same text in each language of the product; one version names them all' }),
      givenAt: z.string().nullable(),
    }),
    idPhotoURL: z.string().nullable().meta({ description: 'The saved ID photo, served to its owner' }),
    selfieURL: z.string().nullable(),
    registryIdPhoto: z.boolean().meta({ description: 'The national-ID registry gave an ID photo: it is the one compared' }),
  })
  .meta({ id: 'KycStatusResponse' });

export const KycIdPhotoResponse = z.object({ objectPath: z.string(), idPhotoURL: z.string() }).meta({ id: 'KycIdPhotoResponse' });
export const KycSelfieResponse = z.object({ objectPath: z.string(), selfieURL: z.string() }).meta({ id: 'KycSelfieResponse' });

export const BiometricConsentResponse = z
  .object({ consentGiven: z.boolean(), version: z.string(), givenAt: z.string().nullable() })
  .meta({ id: 'BiometricConsentResponse' });

export const VerifyFacialResponse = z
  .object({
    verified: z.boolean(),
    matchConfidence: z.number().meta({ description: 'Percent, one decimal; verified at 80 or more' }),
    message: z.string(),
    verifiedAt: z.string().nullable(),
    decisionId: z.uuid(),
    idPhotoSource: z.enum(['registry', 'kyc_upload', 'nida_upload']),
    thresholdPercent: z.number(),
    model: z.object({ name: z.string(), version: z.string() }),
  })
  .meta({ id: 'VerifyFacialResponse' });
