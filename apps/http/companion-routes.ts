/**
 * The upload library's companion routes (spec part 1 §7; PROVIDERS.md §8, the semantics of Uppy
 * companion's s3 controller), on this server under `/api/companion`: the client is configured
 * with `companionUrl: '/api/companion'` and calls `s3/…` below it.
 *
 *   GET    /api/companion/s3/params?filename=&type=&metadata[visibility]=     → {method:'PUT', url, fields, headers, expires}
 *   POST   /api/companion/s3/multipart {filename, type, metadata}              → {key, uploadId, bucket}
 *   GET    /api/companion/s3/multipart/{uploadId}?key=                         → [{PartNumber, ETag, Size}]  (every page)
 *   GET    /api/companion/s3/multipart/{uploadId}/batch?key=&partNumbers=1,2   → {presignedUrls: {"1": url}}
 *   GET    /api/companion/s3/multipart/{uploadId}/{partNumber}?key=            → {url, expires}
 *   POST   /api/companion/s3/multipart/{uploadId}/complete?key= {parts}        → {location, key, bucket}
 *   DELETE /api/companion/s3/multipart/{uploadId}?key=                         → {}
 *   GET    /api/companion/s3/sts                                               → 404 sts_not_offered
 *
 * Guarantees
 * - Every route needs a signed-in member (bearer token or the session cookie, which the library's
 *   plain fetch sends on the same origin).
 * - Keys are chosen by the server (`objects/<visibility>/<id>`); an upload is only ever signed,
 *   listed, completed or aborted for the member who started it: anyone else, and an unknown
 *   upload, get 404 `upload_not_found`. The `key` a client sends back is checked when given.
 * - Errors are `{error, code}` (the library reads `error`): 400 for a malformed request, as the
 *   companion answers, and the API's own statuses for the rest (404, 413, 415, 429).
 * - Temporary credentials (`s3/sts`) are not offered (404 `sts_not_offered`, a 4xx so that the
 *   library does not retry it): uploads go through signed addresses only, so no member ever
 *   holds a credential of the bucket.
 * - With local storage the same routes work: the part addresses are this server's own
 *   (PUT /api/objects/uploads/{id}/parts/{n}), answering each part's ETag header like S3.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import qs from 'qs';
import { z } from 'zod';
import type { AbortMultipartUpload } from '../../core/uploads/abort-multipart-upload.ts';
import type { CompleteMultipartUpload } from '../../core/uploads/complete-multipart-upload.ts';
import type { ListUploadParts } from '../../core/uploads/list-upload-parts.ts';
import { objectKeyOf, parseObjectAddress, servedUrlOf } from '../../core/uploads/object-path.ts';
import type { ObjectVisibility } from '../../core/uploads/ports.ts';
import type { RequestUploadAddress } from '../../core/uploads/request-upload-address.ts';
import type { SignUploadParts } from '../../core/uploads/sign-upload-parts.ts';
import type { StartMultipartUpload } from '../../core/uploads/start-multipart-upload.ts';
import type { AuthState, Authentication } from './auth-routes.ts';
import { IMAGE_ONLY, sendError, sendFailure } from './errors.ts';
import {
  CompanionBatchQuery,
  CompanionCompleteRequest,
  CompanionCreateRequest,
  CompanionKeyQuery,
  CompanionParamsQuery,
  PartNumber,
  UploadId,
} from './upload-schemas.ts';
import { parseBody } from './validation.ts';

export interface CompanionUseCases {
  requestUploadAddress: Pick<RequestUploadAddress, 'execute'>;
  startMultipartUpload: Pick<StartMultipartUpload, 'execute'>;
  listUploadParts: Pick<ListUploadParts, 'execute'>;
  signUploadParts: Pick<SignUploadParts, 'execute'>;
  completeMultipartUpload: Pick<CompleteMultipartUpload, 'execute'>;
  abortMultipartUpload: Pick<AbortMultipartUpload, 'execute'>;
}

export interface CompanionSettings {
  /** The bucket named in answers (the S3 bucket, or `local`). */
  bucket: string;
  /** How long a signed address lives, answered as `expires`. */
  addressLifetimeSeconds: number;
}

const memberOf = (ctx: Context) => (ctx.state.auth as AuthState).user.id;

const visibilityOf = (metadata: Record<string, unknown> | undefined): ObjectVisibility => (metadata?.visibility === 'public' ? 'public' : 'private');

/** A malformed request, answered as the companion does: 400 with the reason in `error`. */
function invalid(ctx: Context, error: z.ZodError): void {
  sendError(ctx, 'validation_failed', { message: error.issues[0]?.message ?? 'The request is not valid.' });
}

/** The query with `metadata[k]=v` read as an object (Koa's own query does not nest). */
function nestedQuery(ctx: Context): unknown {
  return qs.parse(ctx.querystring, { depth: 1, arrayLimit: 0, parameterLimit: 100, allowPrototypes: false });
}

export function companionRoutes(useCases: CompanionUseCases, auth: Authentication, settings: CompanionSettings): Router {
  const router = new Router({ prefix: '/api/companion/s3' });
  router.use(auth.required as Middleware);

  /** The upload id of the path and the key of the query, or null when answered 400. */
  function uploadOf(ctx: Context): { ownerId: string; uploadId: string; key?: string } | null {
    const uploadId = UploadId.safeParse(ctx.params.uploadId);
    const query = CompanionKeyQuery.safeParse(ctx.query);
    if (!uploadId.success) return invalid(ctx, uploadId.error), null;
    if (!query.success) return invalid(ctx, query.error), null;
    return { ownerId: memberOf(ctx), uploadId: uploadId.data, ...(query.data.key === undefined ? {} : { key: query.data.key }) };
  }

  router.get('/params', async (ctx) => {
    const query = CompanionParamsQuery.safeParse(nestedQuery(ctx));
    if (!query.success) return invalid(ctx, query.error);
    const given = await useCases.requestUploadAddress.execute({ ownerId: memberOf(ctx), visibility: visibilityOf(query.data.metadata) });
    if (!given.ok) return sendFailure(ctx, given);
    ctx.body = { method: 'PUT', url: given.value.uploadURL, fields: {}, headers: {}, expires: settings.addressLifetimeSeconds };
  });

  router.post('/multipart', async (ctx) => {
    const input = parseBody(ctx, CompanionCreateRequest);
    if (!input) return;
    const started = await useCases.startMultipartUpload.execute({ ownerId: memberOf(ctx), visibility: visibilityOf(input.metadata) });
    if (!started.ok) return sendFailure(ctx, started);
    ctx.body = { key: started.value.key, uploadId: started.value.uploadId, bucket: settings.bucket };
  });

  router.get('/multipart/:uploadId', async (ctx) => {
    const upload = uploadOf(ctx);
    if (!upload) return;
    const parts = await useCases.listUploadParts.execute(upload);
    if (!parts.ok) return sendFailure(ctx, parts);
    ctx.body = parts.value.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: p.size }));
  });

  router.get('/multipart/:uploadId/batch', async (ctx) => {
    const upload = uploadOf(ctx);
    const query = CompanionBatchQuery.safeParse({ key: ctx.query.key, partNumbers: ctx.query.partNumbers });
    if (!upload) return;
    if (!query.success) return invalid(ctx, query.error);
    const signed = await useCases.signUploadParts.execute({ ...upload, partNumbers: [...new Set(query.data.partNumbers)] });
    if (!signed.ok) return sendFailure(ctx, signed);
    ctx.body = { presignedUrls: Object.fromEntries([...signed.value.addresses].map(([n, url]) => [String(n), url])) };
  });

  router.get('/multipart/:uploadId/:partNumber', async (ctx) => {
    const upload = uploadOf(ctx);
    const partNumber = PartNumber.safeParse(ctx.params.partNumber);
    if (!upload) return;
    if (!partNumber.success) return invalid(ctx, new z.ZodError([{ code: 'custom', path: ['partNumber'], message: 's3: the part number must be an integer between 1 and 10000.', input: ctx.params.partNumber }]));
    const signed = await useCases.signUploadParts.execute({ ...upload, partNumbers: [partNumber.data] });
    if (!signed.ok) return sendFailure(ctx, signed);
    ctx.body = { url: signed.value.addresses.get(partNumber.data), expires: settings.addressLifetimeSeconds };
  });

  router.post('/multipart/:uploadId/complete', async (ctx) => {
    const upload = uploadOf(ctx);
    if (!upload) return;
    const input = parseBody(ctx, CompanionCompleteRequest);
    if (!input) return;
    const parts = input.parts.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag }));
    const completed = await useCases.completeMultipartUpload.execute({ ...upload, parts });
    if (!completed.ok) return sendFailure(ctx, completed, { imageOnly: IMAGE_ONLY });
    const { id, visibility } = parseObjectAddress(completed.value.path)!;
    // A path of this server, like the upload addresses: it works on whatever address the page was opened at.
    ctx.body = { location: servedUrlOf(completed.value.path), key: objectKeyOf(visibility!, id), bucket: settings.bucket };
  });

  router.delete('/multipart/:uploadId', async (ctx) => {
    const upload = uploadOf(ctx);
    if (!upload) return;
    const aborted = await useCases.abortMultipartUpload.execute(upload);
    if (!aborted.ok) return sendFailure(ctx, aborted);
    ctx.body = {};
  });

  router.get('/sts', (ctx) => sendError(ctx, 'sts_not_offered'));

  return router;
}
