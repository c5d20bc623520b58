/** The USSD-access paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { authed, error, ERROR_CODES, errorBody, json } from './openapi-parts.ts';
import { SetUpUssdAccessRequest, UssdAccessCodeSentResponse, UssdAccessResponse } from './ussd-access-schemas.ts';

const WrongCode = z
  .object({ error: z.string(), code: z.literal('ussd_access_code_incorrect'), attemptsLeft: z.number().int().min(0).meta({ description: '0: the code is used up, ask for a new one' }) })
  .meta({ id: 'UssdAccessCodeIncorrect' });

export const ussdAccessPaths: ZodOpenApiPathsObject = {
  '/api/ussd-access': {
    get: authed('Whether the phone number of the signed-in member’s account opens it by USSD, and what is missing if not', {
      '200': { description: 'USSD access of the member’s own account', ...json(UssdAccessResponse) },
    }),
    put: authed(
      'Set up USSD access: the code sent by SMS to the account’s phone number and the 5-digit PIN to dial with. Links that number to this account ' +
        '(replacing the account’s USSD number and PIN if it had one). A code is tried at most 5 times and lasts 10 minutes.',
      {
        '200': { description: 'Set up: dialling from the number now asks for this PIN and opens this account', ...json(UssdAccessResponse) },
        '400': {
          description: 'ussd_access_code_incorrect (with `attemptsLeft`); validation_failed; pin_format; pin_weak',
          [ERROR_CODES]: ['ussd_access_code_incorrect', 'validation_failed', 'pin_format', 'pin_weak'],
          content: { 'application/json': { schema: z.union([WrongCode, errorBody(['validation_failed', 'pin_format', 'pin_weak'])]) } },
        },
        '409': error('phone_taken: the number already opens another account by USSD'),
        '410': error('ussd_access_code_expired: no code outstanding, expired, tried 5 times, or sent to a number the account no longer has'),
      },
      { requestBody: json(SetUpUssdAccessRequest) },
    ),
  },
  '/api/ussd-access/code': {
    post: authed(
      'Send a 6-digit code by SMS to the phone number of the signed-in member’s own account (never to a number in the request), replacing any code sent before. ' +
        'At most 3 codes an hour per account and per number.',
      {
        '202': { description: 'The code is on its way', ...json(UssdAccessCodeSentResponse) },
        '400': error('ussd_access_needs_phone: the profile has no phone number; phone_number_not_rwandan: USSD serves Rwandan mobile numbers only'),
        '409': error('phone_taken: the number already opens another account by USSD'),
        '429': error('rate_limited (Retry-After)'),
      },
    ),
  },
};
