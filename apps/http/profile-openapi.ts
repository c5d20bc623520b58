/** The profile paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ChangeLanguageRequest, LanguageResponse, ProfileDetailsResponse, UpdateProfileRequest } from './profile-schemas.ts';
import { authed, error, json } from './openapi-parts.ts';

const details = { description: 'The member’s profile', ...json(ProfileDetailsResponse) };

export const profilePaths: ZodOpenApiPathsObject = {
  '/api/profile': {
    get: authed('The signed-in member’s own profile (there is no way to read another member’s)', { '200': details }),
    patch: authed(
      'Edit the signed-in member’s own first name, last name, phone number and address. Only the fields sent change. ' +
        'A new phone number must be a Rwandan mobile number and not the USSD number of another account; a new number ends the member’s USSD access ' +
        '(set it up again for the new number: /api/ussd-access), and the member is e-mailed about the change. Every change is audited (field names, no values).',
      {
        '200': details,
        '400': error('validation_failed; phone_number_invalid; name_required; field_read_only (email, dateOfBirth and the other account fields cannot be changed here: each one sent is named in `fields`)'),
        '409': error('phone_taken: the number is another account’s USSD number'),
      },
      { requestBody: json(UpdateProfileRequest) },
    ),
  },
  '/api/profile/language': {
    put: authed(
      'Set the language the signed-in member’s account is written to in: SMS, e-mails, USSD menus and the assistant. ' +
        'The web’s language menu sends it whenever a signed-in member picks a language; nothing else changes.',
      {
        '200': { description: 'The language now stored', ...json(LanguageResponse) },
        '400': error('validation_failed: the language is not one of en, fr, rw, sw (or another field was sent)'),
      },
      { requestBody: json(ChangeLanguageRequest) },
    ),
  },
};
