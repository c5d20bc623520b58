/** The uploads and companion paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { authed, error, idParam, json, op } from './openapi-parts.ts';
import {
  CompanionBatchQuery,
  CompanionBatchResponse,
  CompanionCompleteRequest,
  CompanionCompleteResponse,
  CompanionCreateRequest,
  CompanionCreateResponse,
  CompanionKeyQuery,
  CompanionParamsResponse,
  CompanionPartsResponse,
  CompanionSignedPartResponse,
  ProfilePhotoRequest,
  ProfilePhotoResponse,
  ReceivedUploadResponse,
  UploadAddressResponse,
  UploadId,
} from './upload-schemas.ts';

/** The photo checks' refusals, each under its status. */
const imageRefusals = {
  '413': error('upload_too_large: over 5 MB'),
  '415': error('unsupported_media_type: only JPEG, PNG or WebP that decode whole, checked by content'),
};

const image = (description: string) => ({ description, content: { 'image/jpeg': { schema: { type: 'string' as const, format: 'binary' } }, 'image/png': { schema: { type: 'string' as const, format: 'binary' } }, 'image/webp': { schema: { type: 'string' as const, format: 'binary' } } } });

/** The raw bytes a client PUTs to an upload address: any Content-Type, the content decides. */
const rawBody = { required: true, content: { 'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } } } };

const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }, required = true) => ({ in: 'query' as const, name, required, description, schema });
const signedQuery = [query('expires', 'Unix seconds, as given in the address', { type: 'string', pattern: '^\\d{1,12}$' }), query('signature', 'As given in the address', { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' })];
/** The upload id in the path and the key in the query, from the schemas the companion routes parse them with. */
const multipartParams = { path: z.object({ uploadId: UploadId }), query: CompanionKeyQuery };
const partNumber = { in: 'path' as const, name: 'partNumber', required: true, schema: { type: 'integer' as const, minimum: 1, maximum: 10_000 } };
const notYours = { '404': error('upload_not_found (also for another member’s upload)') };
const addressRefusals = {
  '403': error('upload_signature_invalid (missing, altered or forged address), upload_url_expired ("Request has expired": ask for a new address)'),
};

const uploadAddress = (visibility: 'private' | 'public') =>
  authed(
    visibility === 'private'
      ? 'An address to upload one private photo to (ID photo, selfie): served to its owner only'
      : 'An address to upload one public photo to (the profile photo): served to anyone',
    {
      '200': { description: 'PUT the raw file to uploadURL (no Authorization header) before expiresAt; then send uploadURL or objectPath to the saving route', ...json(UploadAddressResponse) },
      '429': error('too_many_uploads (UPLOADS_PER_HOUR addresses per member per hour)'),
    },
  );

export const uploadPaths: ZodOpenApiPathsObject = {
  '/api/objects/upload/private': { post: uploadAddress('private') },
  '/api/objects/upload/public': { post: uploadAddress('public') },
  '/api/objects/uploads/{id}': {
    put: op(
      'The upload address of local storage: the raw photo, with no Authorization header (the signed address is the credential); with S3 the address is the bucket’s own',
      {
        '200': { description: 'Stored (the same bytes sent again answer the same)', ...json(ReceivedUploadResponse) },
        ...addressRefusals,
        '404': error('object_not_found (the address names no upload any more)'),
        '409': error('object_already_received (another photo was uploaded to this address)'),
        ...imageRefusals,
      },
      { parameters: [idParam(), ...signedQuery], requestBody: rawBody },
    ),
  },
  '/api/objects/uploads/{id}/parts/{partNumber}': {
    put: op(
      'One part of a multipart upload, at an address signed by s3/multipart/{uploadId}/{partNumber} (local storage); answers the part’s ETag header',
      {
        '200': { description: 'Kept; the ETag header names the part', ...json(z.object({ partNumber: z.number().int(), etag: z.string() })) },
        ...addressRefusals,
        '404': error('upload_not_found'),
        '413': error('upload_too_large (the parts would exceed 5,242,880 bytes)'),
      },
      { parameters: [idParam(), partNumber, query('uploadId', 'As given in the address', { type: 'string', maxLength: 1024 }), ...signedQuery], requestBody: rawBody },
    ),
  },
  '/api/objects/private/{id}': {
    get: authed(
      'A private object, to its owner only (Cache-Control: private, no-store)',
      { '200': image('The image, with the type its content showed'), '404': error('object_not_found (also for another member’s object: existence is not revealed)') },
      { parameters: [idParam()] },
    ),
  },
  '/api/objects/public/{id}': {
    get: op('A public object (a profile photo), to anyone', { '200': image('The image, with the type its content showed'), '404': error('object_not_found') }, { parameters: [idParam()] }),
  },
  '/api/profile-photo': {
    put: authed(
      'Make one of the member’s uploaded public photos their profile photo; the profile keeps its served URL',
      {
        '200': { description: 'Saved', ...json(ProfilePhotoResponse) },
        '400': error('validation_failed, profile_photo_not_public (upload it with POST /api/objects/upload/public)'),
        '404': error('object_not_found (unknown, not uploaded yet, or another member’s)'),
        ...imageRefusals,
      },
      { requestBody: json(ProfilePhotoRequest) },
    ),
  },

  // The upload library's companion (companionUrl: /api/companion), PROVIDERS.md §8.
  '/api/companion/s3/params': {
    get: authed(
      'Parameters of a single upload: a signed PUT address (metadata[visibility]=public for a public object)',
      { '200': { description: 'PUT the file to url', ...json(CompanionParamsResponse) }, '400': error('validation_failed'), '429': error('too_many_uploads') },
      { parameters: [query('filename', 'Informative only: the key is chosen by the server', { type: 'string', maxLength: 1024 }, false), query('type', 'Informative only: the content decides', { type: 'string', maxLength: 255 }, false), query('metadata[visibility]', 'public or private (default)', { type: 'string', enum: ['private', 'public'] }, false)] },
    ),
  },
  '/api/companion/s3/multipart': {
    post: authed(
      'Start a multipart upload under a server-chosen key',
      { '200': { description: 'Started', ...json(CompanionCreateResponse) }, '400': error('validation_failed (type must be a string)'), '429': error('too_many_uploads') },
      { requestBody: json(CompanionCreateRequest) },
    ),
  },
  '/api/companion/s3/multipart/{uploadId}': {
    get: authed('Every part received so far (all pages)', { '200': { description: 'Parts', ...json(CompanionPartsResponse) }, '400': error('validation_failed'), ...notYours }, { requestParams: multipartParams }),
    delete: authed('Abort: no part, no object and no record is left', { '200': { description: 'Aborted', ...json(z.object({})) }, '400': error('validation_failed'), ...notYours }, { requestParams: multipartParams }),
  },
  '/api/companion/s3/multipart/{uploadId}/batch': {
    get: authed(
      'Signed addresses for several parts',
      { '200': { description: 'One address per part number', ...json(CompanionBatchResponse) }, '400': error('validation_failed'), ...notYours },
      { requestParams: { path: multipartParams.path, query: CompanionBatchQuery } },
    ),
  },
  '/api/companion/s3/multipart/{uploadId}/{partNumber}': {
    get: authed('A signed address for one part', { '200': { description: 'Address', ...json(CompanionSignedPartResponse) }, '400': error('validation_failed'), ...notYours }, { parameters: [partNumber], requestParams: multipartParams }),
  },
  '/api/companion/s3/multipart/{uploadId}/complete': {
    post: authed(
      'Join the parts; the object is checked by content like any upload',
      {
        '200': { description: 'Stored; location is its served URL', ...json(CompanionCompleteResponse) },
        '400': error('validation_failed, invalid_part'),
        ...notYours,
        ...imageRefusals,
      },
      { requestParams: multipartParams, requestBody: json(CompanionCompleteRequest) },
    ),
  },
  '/api/companion/s3/sts': {
    get: authed('Temporary credentials: not offered (uploads use signed addresses only)', { '404': error('sts_not_offered') }),
  },
};
