/**
 * The uploads API: upload addresses, the uploads themselves (local storage), the objects served,
 * and the profile photo.
 *
 *   POST /api/objects/upload/private|public   (member)     → { uploadURL, objectPath, expiresAt }
 *   PUT  /api/objects/uploads/{id}?expires&signature       the raw file, no Authorization header
 *   PUT  /api/objects/uploads/{id}/parts/{n}?uploadId&expires&signature   one part (companion)
 *   GET  /api/objects/private/{id}             (the owner)  the image
 *   GET  /api/objects/public/{id}              (anyone)     the image
 *   PUT  /api/profile-photo {photoURL}         (member)     → { objectPath, photoURL }
 *
 * Guarantees
 * - The upload routes read the raw request body themselves, so they are mounted before the JSON
 *   body parser (`uploadReceivingRoutes`); they stop reading at the limit and never buffer more.
 * - An upload route's only credential is its address: a missing or malformed expiry or signature
 *   is answered like a forged one (403 `upload_signature_invalid`), never a 400 that would tell
 *   which part is wrong.
 * - An object is served with the type its content showed, `X-Content-Type-Options: nosniff`, and
 *   `Cache-Control: private, no-store` when private; a public object never changes under its id,
 *   so it may be cached for a day. What is not served is one 404 `object_not_found`.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { ReadMemberObject } from '../../core/uploads/read-member-object.ts';
import type { ReceiveUploadPart } from '../../core/uploads/receive-upload-part.ts';
import type { ReceiveUpload } from '../../core/uploads/receive-upload.ts';
import type { RequestUploadAddress } from '../../core/uploads/request-upload-address.ts';
import type { SetProfilePhoto } from '../../core/uploads/set-profile-photo.ts';
import { isObjectId } from '../../core/uploads/object-path.ts';
import type { ObjectVisibility } from '../../core/uploads/ports.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { IMAGE_ONLY, sendError, sendFailure } from './errors.ts';
import { refuseControlCharacters } from './input-guard.ts';
import { readBodyWithin } from './request-body.ts';
import { PartNumber, ProfilePhotoRequest, SignedAddressQuery, SignedPartQuery } from './upload-schemas.ts';
import { parseBody } from './validation.ts';

export interface UploadReceivingUseCases {
  receiveUpload: Pick<ReceiveUpload, 'execute'>;
  receiveUploadPart: Pick<ReceiveUploadPart, 'execute'>;
}

export interface ObjectRouteUseCases {
  requestUploadAddress: Pick<RequestUploadAddress, 'execute'>;
  readMemberObject: Pick<ReadMemberObject, 'execute'>;
  setProfilePhoto: Pick<SetProfilePhoto, 'execute'>;
}

const memberOf = (ctx: Context) => (ctx.state.auth as AuthState).user.id;
const bodyReader = (ctx: Context) => async (limit: number) => {
  const body = await readBodyWithin(ctx.req, limit);
  return body === 'too_large' ? body : new Uint8Array(body.buffer, body.byteOffset, body.length);
};

/** Where this server's own upload addresses point (local storage), as a path of this server. */
export const UPLOAD_ROUTE = '/api/objects/uploads';

/** PUT targets of this server's own upload addresses: mount BEFORE the JSON body parser. */
export function uploadReceivingRoutes(useCases: UploadReceivingUseCases): Router {
  const router = new Router({ prefix: UPLOAD_ROUTE });
  router.use(refuseControlCharacters());

  router.put('/:id', async (ctx) => {
    const query = SignedAddressQuery.safeParse(ctx.query);
    if (!isObjectId(ctx.params.id ?? '') || !query.success) return sendError(ctx, 'upload_signature_invalid');
    const received = await useCases.receiveUpload.execute({ objectId: ctx.params.id!.toLowerCase(), expiresAt: query.data.expires, signature: query.data.signature, body: bodyReader(ctx) });
    if (!received.ok) return sendFailure(ctx, received, { imageOnly: IMAGE_ONLY });
    ctx.body = { objectPath: received.value.path, contentType: received.value.contentType, size: received.value.size };
  });

  router.put('/:id/parts/:partNumber', async (ctx) => {
    const query = SignedPartQuery.safeParse(ctx.query);
    const partNumber = PartNumber.safeParse(ctx.params.partNumber);
    if (!isObjectId(ctx.params.id ?? '') || !query.success || !partNumber.success) return sendError(ctx, 'upload_signature_invalid');
    const { uploadId, expires, signature } = query.data;
    const received = await useCases.receiveUploadPart.execute({ objectId: ctx.params.id!.toLowerCase(), uploadId, partNumber: partNumber.data, expiresAt: expires, signature, body: bodyReader(ctx) });
    if (!received.ok) return sendFailure(ctx, received, { imageOnly: IMAGE_ONLY });
    // The upload library reads each part's ETag from this header, as from S3.
    ctx.set('ETag', received.value.etag);
    ctx.body = { partNumber: partNumber.data, etag: received.value.etag };
  });

  return router;
}

export function objectRoutes(useCases: ObjectRouteUseCases, auth: Authentication): Router {
  const router = new Router({ prefix: '/api' });

  for (const visibility of ['private', 'public'] as const) {
    router.post(`/objects/upload/${visibility}`, auth.required as Middleware, async (ctx) => {
      const given = await useCases.requestUploadAddress.execute({ ownerId: memberOf(ctx), visibility });
      if (!given.ok) return sendFailure(ctx, given);
      ctx.body = { uploadURL: given.value.uploadURL, objectPath: given.value.objectPath, expiresAt: given.value.expiresAt.toISOString() };
    });
  }

  router.get('/objects/private/:id', auth.required as Middleware, (ctx) => serve(ctx, 'private', memberOf(ctx)));
  router.get('/objects/public/:id', (ctx) => serve(ctx, 'public', null));

  async function serve(ctx: Context, visibility: ObjectVisibility, readerId: string | null): Promise<void> {
    const id = ctx.params.id ?? '';
    const read = isObjectId(id) ? await useCases.readMemberObject.execute({ visibility, id: id.toLowerCase(), readerId }) : null;
    if (!read?.ok) return sendError(ctx, 'object_not_found');
    ctx.type = read.value.object.contentType;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', visibility === 'private' ? 'private, no-store' : 'public, max-age=86400');
    ctx.set('Content-Disposition', 'inline');
    ctx.body = Buffer.from(read.value.bytes);
  }

  router.put('/profile-photo', auth.required as Middleware, async (ctx) => {
    const input = parseBody(ctx, ProfilePhotoRequest);
    if (!input) return;
    const set = await useCases.setProfilePhoto.execute({ memberId: memberOf(ctx), photoURL: input.photoURL });
    if (!set.ok) return sendFailure(ctx, set, { imageOnly: IMAGE_ONLY });
    ctx.body = set.value;
  });

  return router;
}
