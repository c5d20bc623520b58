/** The national ID paths of the OpenAPI document (apps/http/openapi.ts spreads them in); every one needs a member. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { NidaIdPhotoRequest, NidaIdPhotoResponse, NidaStatusResponse, VerifyNidaRequest, VerifyNidaResponse } from './nida-schemas.ts';
import { authed, error, json } from './openapi-parts.ts';

export const nidaPaths: ZodOpenApiPathsObject = {
  '/api/nida/status': {
    get: authed('The signed-in member’s national ID card: verified, names, number (in full, to its owner only), phone, when', {
      '200': { description: 'Status', ...json(NidaStatusResponse) },
    }),
  },
  '/api/nida/verify-nida': {
    post: authed(
      'Verify the member’s national ID with the national register; a verified ID unlocks loans. The same number again answers the same (idempotent)',
      {
        '200': { description: 'Verified', ...json(VerifyNidaResponse) },
        '400': error('validation_failed, national_id_invalid_format, national_id_birth_year_in_future, national_id_birth_date_mismatch, phone_number_invalid'),
        '404': error('object_not_found (idPhotoURL is not one of the member’s uploads)'),
        '409': error('national_id_in_use (verified by another account), national_id_holder_changed (another person than the one already verified)'),
        '413': error('upload_too_large'),
        '415': error('unsupported_media_type'),
        '422': error('national_id_not_found, national_id_name_mismatch, national_id_holder_under_18'),
        '429': error('rate_limited (register look-ups per member per day)'),
        '503': error('national_id_registry_unavailable: nothing was recorded, try again later'),
      },
      { requestBody: json(VerifyNidaRequest) },
    ),
  },
  '/api/nida/id-photo': {
    put: authed(
      'The member’s own photo of their ID card: checked to be theirs and an image, kept on their verified ID (before verification: send the answered path with the form)',
      {
        '200': { description: 'Saved', ...json(NidaIdPhotoResponse) },
        '400': error('validation_failed'),
        '404': error('object_not_found'),
        '413': error('upload_too_large'),
        '415': error('unsupported_media_type'),
      },
      { requestBody: json(NidaIdPhotoRequest) },
    ),
  },
};
