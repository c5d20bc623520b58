/**
 * Request and response schemas of USSD access set up from the web (core/accounts/ussd-access.ts):
 * the validation at the edge and the source of the OpenAPI document.
 */
import { z } from 'zod';

export const UssdAccessResponse = z
  .object({
    status: z.enum(['set_up', 'not_set_up', 'no_phone', 'not_rwandan', 'other_account']).meta({
      description:
        '`set_up`: the account’s phone number opens it by USSD. `not_set_up`: it can, after a code sent by SMS to it. `no_phone` / `not_rwandan`: the profile has no number USSD serves. `other_account`: the number already opens another account by USSD (one opened by phone).',
    }),
    phoneNumber: z.string().nullable().meta({ description: 'The account’s phone number, E.164', example: '+250788123456' }),
    codeExpiresAt: z.string().nullable().meta({ format: 'date-time', description: 'When the code last sent expires; null when none is outstanding' }),
  })
  .meta({ id: 'UssdAccess' });

export const UssdAccessCodeSentResponse = z
  .object({
    phoneNumber: z.string().meta({ description: 'Where the code went: the account’s own number, E.164' }),
    expiresAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'UssdAccessCodeSent' });

/** Strict: a phone number (or anything else) sent along is refused, never silently ignored: the number is always the profile's. */
export const SetUpUssdAccessRequest = z
  .strictObject({
    code: z
      .string({ error: 'Please enter the 6-digit code from the SMS.' })
      .trim()
      .regex(/^\d{6}$/, { error: 'Please enter the 6-digit code from the SMS.' })
      .meta({ example: '482913' }),
    pin: z.string({ error: 'A PIN is exactly 5 digits.' }).max(5, { error: 'A PIN is exactly 5 digits.' }).meta({ example: '24681', description: '5 digits, not one digit repeated nor a run such as 12345' }),
  })
  .meta({ id: 'SetUpUssdAccessRequest' });
