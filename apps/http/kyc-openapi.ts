/** The facial KYC paths of the OpenAPI document (apps/http/openapi.ts spreads them in); every one needs a member. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  BiometricConsentRequest,
  BiometricConsentResponse,
  KycIdPhotoRequest,
  KycIdPhotoResponse,
  KycSelfieRequest,
  KycSelfieResponse,
  KycStatusResponse,
  VerifyFacialRequest,
  VerifyFacialResponse,
} from './kyc-schemas.ts';
import { authed, error, json } from './openapi-parts.ts';

const photoRefusals = {
  '400': error('validation_failed, photo_not_private'),
  '404': error('object_not_found (also for another member’s photo)'),
  '413': error('upload_too_large'),
  '415': error('unsupported_media_type'),
};

export const kycPaths: ZodOpenApiPathsObject = {
  '/api/kyc/status': {
    get: authed('The member’s facial KYC: verified, matchConfidence (percent), verifiedAt; the consent in force and its text; the saved photos', {
      '200': { description: 'Status', ...json(KycStatusResponse) },
    }),
  },
  '/api/kyc/id-photo': {
    put: authed(
      'Save the member’s uploaded ID photo (a private object of theirs) on their KYC record',
      { '200': { description: 'Saved', ...json(KycIdPhotoResponse) }, ...photoRefusals },
      { requestBody: json(KycIdPhotoRequest) },
    ),
  },
  '/api/kyc/selfie': {
    put: authed(
      'Save the member’s uploaded selfie (a private object of theirs) on their KYC record',
      { '200': { description: 'Saved', ...json(KycSelfieResponse) }, ...photoRefusals },
      { requestBody: json(KycSelfieRequest) },
    ),
  },
  '/api/kyc/consent': {
    post: authed(
      'Consent to the comparison of the member’s face (biometric data, Law 058/2021), recorded with the version of the text; needed before the first comparison',
      {
        '200': { description: 'Recorded (or already in force)', ...json(BiometricConsentResponse) },
        '400': error('validation_failed'),
        '409': error('consent_version_outdated'),
      },
      { requestBody: json(BiometricConsentRequest) },
    ),
    delete: authed('Withdraw the consent: no comparison runs until the member consents again; a verification already made stays', {
      '200': { description: 'Withdrawn (or none was in force)', ...json(BiometricConsentResponse) },
    }),
  },
  '/api/kyc/verify-facial': {
    post: authed(
      'Compare the selfie with the ID photo (the registry’s when there is one) with the face model; verified at 80 % or more. A comparison under 80 % is 200 with verified false. At most 5 comparisons an hour.',
      {
        '200': { description: 'Compared: verified or not, with the percent and a message', ...json(VerifyFacialResponse) },
        '400': error('validation_failed, photos_required, photo_not_private'),
        '403': error('biometric_consent_required'),
        '404': error('object_not_found (also for another member’s photo)'),
        '413': error('upload_too_large'),
        '415': error('unsupported_media_type'),
        '422': error(
          'id_photo_no_face_found, selfie_no_face_found, id_photo_several_faces_found, selfie_several_faces_found, id_photo_face_too_small, selfie_face_too_small, id_photo_unreadable_image, selfie_unreadable_image',
        ),
        '429': error('rate_limited (Retry-After)'),
        '503': error('face_matcher_unavailable'),
      },
      { requestBody: json(VerifyFacialRequest) },
    ),
  },
};
