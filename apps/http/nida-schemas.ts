/**
 * Request and response schemas of the national ID API (/api/nida/…): the validation at the edge
 * and the source of the OpenAPI document. The identity form's fields are the specification's
 * (part 1 §3): idNumber, phoneNumber, firstName, lastName, dateOfBirth (optional), idPhotoURL
 * (optional). The rules of the number itself are core's (core/identity/national-id.ts), answered
 * with their own codes.
 */
import { z } from 'zod';
import { parseDate } from '../../core/shared/calendar.ts';

/** Blank and null count as not given, as a form sends an empty optional field. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), schema.optional());

const required = (message: string, max: number, tooLong: string) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });

export const VerifyNidaRequest = z
  .object({
    idNumber: required('Please enter your national ID number', 40, 'A national ID number has 16 digits').meta({
      example: '1200180000003003',
      description: '16 digits, starting with 1, 2 or 3; spaces and hyphens are ignored',
    }),
    phoneNumber: required('Please enter your phone number', 32, 'Please enter a valid Rwandan mobile number (e.g. +250788123456).').meta({
      example: '+250788123456',
      description: 'A Rwandan mobile number, +250 7x…',
    }),
    firstName: required('First name is required', 100, 'A first name is at most 100 characters').meta({ example: 'Eric' }),
    lastName: required('Last name is required', 100, 'A last name is at most 100 characters').meta({ example: 'Nsengimana' }),
    dateOfBirth: optional(
      z
        .string({ error: 'Please enter the date of birth as YYYY-MM-DD' })
        .trim()
        .refine((text) => parseDate(text) !== undefined, { error: 'Please enter the date of birth as YYYY-MM-DD' })
        .transform((text) => parseDate(text)!),
    ).meta({ example: '2001-11-30', description: 'YYYY-MM-DD, as printed on the card', override: { pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}\\s*$' } }),
    idPhotoURL: optional(z.string({ error: 'idPhotoURL must be the address of your uploaded photo' }).trim().max(2048, { error: 'idPhotoURL is too long' })).meta({
      description: 'The uploadURL or objectPath of the member’s own photo of the card (POST /api/objects/upload/private)',
    }),
  })
  .meta({ id: 'VerifyNidaRequest' });

export const NidaStatusResponse = z
  .object({
    verified: z.boolean(),
    firstName: z.string().nullable().meta({ description: 'As the register writes it' }),
    lastName: z.string().nullable(),
    idNumber: z.string().nullable().meta({ description: 'In full: the route answers the signed-in owner only' }),
    phoneNumber: z.string().nullable().meta({ description: 'E.164' }),
    verifiedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'NidaStatus' });

export const VerifyNidaResponse = NidaStatusResponse.extend({ message: z.string().meta({ example: 'NIDA verification successful' }) }).meta({ id: 'VerifyNidaResponse' });

export const NidaIdPhotoRequest = z
  .object({
    idPhotoURL: z
      .string({ error: 'idPhotoURL is required' })
      .trim()
      .min(1, { error: 'idPhotoURL is required' })
      .max(2048, { error: 'idPhotoURL is too long' })
      .meta({ description: 'The uploadURL or objectPath of the member’s own uploaded photo' }),
  })
  .meta({ id: 'NidaIdPhotoRequest' });

export const NidaIdPhotoResponse = z
  .object({
    objectPath: z.string().meta({ example: '/objects/private/4c1f…' }),
    idPhotoURL: z.string().meta({ example: '/api/objects/private/4c1f…', description: 'Where the owner reads it (with their session)' }),
  })
  .meta({ id: 'NidaIdPhoto' });
