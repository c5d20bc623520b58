/**
 * Request and response schemas of the uploads API and the upload library's companion routes: the
 * validation at the edge and the source of the OpenAPI document.
 */
import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../../core/uploads/ports.ts';

const objectPath = z.string().meta({ example: '/objects/private/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c', description: 'Served at /api + objectPath' });

/**
 * An upload address: relative to this server with local storage, so that it works on whatever
 * address the page was opened at (the browser resolves it against the page; another client against
 * the address it called); absolute with S3 (the bucket's presigned URL).
 */
const uploadAddress = z.string().meta({
  description: 'Local storage: a path of this server (resolve it against the address you called); S3: an absolute presigned URL of the bucket',
  example: '/api/objects/uploads/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c?expires=1795428900&signature=3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
});

export const UploadAddressResponse = z
  .object({
    uploadURL: uploadAddress.meta({ description: 'PUT the raw file here, without an Authorization header, before it expires. Local storage: a path of this server (resolve it against the address you called); S3: an absolute presigned URL of the bucket' }),
    objectPath,
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'UploadAddressResponse' });

/** The query of this server's own upload addresses (adapters/crypto/hmac-upload-addresses.ts). */
export const SignedAddressQuery = z.object({
  expires: z.string().regex(/^\d{1,12}$/).transform((s) => new Date(Number(s) * 1000)),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export const SignedPartQuery = SignedAddressQuery.extend({ uploadId: z.string().min(1).max(1024) });

export const ReceivedUploadResponse = z
  .object({ objectPath, contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']), size: z.number().int().max(PHOTO_MAX_BYTES) })
  .meta({ id: 'ReceivedUploadResponse' });

export const ProfilePhotoRequest = z
  .object({
    photoURL: z
      .string({ error: 'Please give the address of the uploaded photo' })
      .trim()
      .min(1, { error: 'Please give the address of the uploaded photo' })
      .max(4096)
      .meta({ description: 'The uploadURL of a public upload, its objectPath, or its served URL', example: '/objects/public/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c' }),
  })
  .meta({ id: 'ProfilePhotoRequest' });

export const ProfilePhotoResponse = z
  .object({ objectPath, photoURL: z.string().meta({ example: '/api/objects/public/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c', description: 'Saved on the profile' }) })
  .meta({ id: 'ProfilePhotoResponse' });

// The companion routes (PROVIDERS.md §8; Uppy companion's s3 controller).

export const PartNumber = z.coerce.number().int().min(1).max(10_000);
export const UploadId = z.string().min(1).max(1024).regex(/^[A-Za-z0-9._~+/=-]+$/);

/**
 * `metadata[visibility]=public` (or `visibility: 'public'` in a body) makes a public object, `private`
 * or none a private one; any other visibility is refused (validation_failed), as the document says,
 * rather than read as private. Other metadata (the upload library sends the file's) is let be.
 */
const metadata = z
  .looseObject({ visibility: z.enum(['private', 'public'], { error: 'metadata.visibility is public or private' }).optional() })
  .optional()
  .meta({ description: 'metadata.visibility = "public" for a public object (a profile photo), "private" (the default) otherwise' });

export const CompanionParamsQuery = z.object({ filename: z.string().max(1024).optional(), type: z.string().max(255).optional(), metadata });

export const CompanionCreateRequest = z
  .object({
    filename: z.string().max(1024).optional(),
    type: z.string({ error: 's3: content type must be a string' }).max(255),
    metadata,
  })
  .meta({ id: 'CompanionCreateRequest' });

export const CompanionKeyQuery = z.object({ key: z.string().max(1024).optional().meta({ description: 'The key answered by POST s3/multipart; checked when given' }) });

export const CompanionBatchQuery = CompanionKeyQuery.extend({
  partNumbers: z
    .string()
    .regex(/^(\d{1,5}(,\d{1,5}){0,999})?$/, { error: 's3: partNumbers must be a comma-separated list of part numbers' })
    .optional()
    .transform((list) => (list ? list.split(',').map(Number) : []))
    .pipe(z.array(z.number().int().min(1, { error: 's3: a part number is between 1 and 10000' }).max(10_000, { error: 's3: a part number is between 1 and 10000' })))
    .meta({ example: '1,2' }),
});

export const CompanionCompleteRequest = z
  .object({
    parts: z
      .array(z.object({ PartNumber: PartNumber.pipe(z.number()), ETag: z.string().min(1).max(256) }))
      .min(1, { error: 's3: parts must be a non-empty array' })
      .max(10_000),
  })
  .meta({ id: 'CompanionCompleteRequest' });

export const CompanionParamsResponse = z
  .object({ method: z.literal('PUT'), url: uploadAddress, fields: z.object({}), headers: z.record(z.string(), z.string()), expires: z.number().int() })
  .meta({ id: 'CompanionParamsResponse' });
export const CompanionCreateResponse = z.object({ key: z.string(), uploadId: z.string(), bucket: z.string() }).meta({ id: 'CompanionCreateResponse' });
export const CompanionPartsResponse = z.array(z.object({ PartNumber: z.number().int(), ETag: z.string(), Size: z.number().int() })).meta({ id: 'CompanionPartsResponse' });
export const CompanionSignedPartResponse = z.object({ url: uploadAddress, expires: z.number().int() }).meta({ id: 'CompanionSignedPartResponse' });
export const CompanionBatchResponse = z.object({ presignedUrls: z.record(z.string(), uploadAddress) }).meta({ id: 'CompanionBatchResponse' });
export const CompanionCompleteResponse = z
  .object({ location: z.string().meta({ description: 'The served URL of the stored object, a path of this server', example: '/api/objects/public/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c' }), key: z.string(), bucket: z.string() })
  .meta({ id: 'CompanionCompleteResponse' });
