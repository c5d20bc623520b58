/**
 * The national ID API (/api/nida/…, spec part 1 §7): the member's status, the verification with
 * the national register, and the member's photo of their card. Each route parses with zod, calls
 * one use case of core/identity and maps its result through the one error table.
 *
 * Guarantees
 * - Every route needs a signed-in member and acts on that member alone: no route takes a member
 *   id, so nobody can read or change another member's ID.
 * - The status answers the number in full, to its owner only, with `Cache-Control: no-store` so no
 *   cache along the way keeps it. The number is in no log line (the request log holds no body;
 *   apps/infrastructure.ts redacts `idNumber` wherever a log line would carry it).
 * - A registry that cannot be reached answers 503 `national_id_registry_unavailable` with
 *   Retry-After, and nothing was recorded.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { NationalIdView } from '../../core/identity/national-id-view.ts';
import type { SaveNationalIdPhoto } from '../../core/identity/save-national-id-photo.ts';
import type { ShowNationalIdStatus } from '../../core/identity/show-national-id-status.ts';
import type { VerifyNationalId } from '../../core/identity/verify-national-id.ts';
import type { AuthState } from './auth-routes.ts';
import { sendFailure } from './errors.ts';
import { NidaIdPhotoRequest, VerifyNidaRequest } from './nida-schemas.ts';
import { parseBody } from './validation.ts';

/** The web client's toast says the same (spec part 1 §8). */
export const NIDA_VERIFIED_MESSAGE = 'NIDA verification successful';

/** The use cases the national ID routes call. */
export interface NidaRouteUseCases {
  showNationalIdStatus: Pick<ShowNationalIdStatus, 'execute'>;
  verifyNationalId: Pick<VerifyNationalId, 'execute'>;
  saveNationalIdPhoto: Pick<SaveNationalIdPhoto, 'execute'>;
}

const present = (view: NationalIdView) => ({ ...view, verifiedAt: view.verifiedAt ? view.verifiedAt.toISOString() : null });

/** The served address of an object path (GET /api/objects/…, the owner's session). */
const servedUrl = (objectPath: string) => `/api${objectPath}`;

const ID_PHOTO_ONLY = 'The photo must be a JPEG, PNG or WebP image.';

export function nidaRoutes(useCases: NidaRouteUseCases, channel: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api/nida' });
  const memberOf = (ctx: Context) => (ctx.state.auth as AuthState).user.id;
  router.use(async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'no-store');
  });

  router.get('/status', channel.authenticated, async (ctx) => {
    ctx.body = present(await useCases.showNationalIdStatus.execute({ memberId: memberOf(ctx) }));
  });

  router.post('/verify-nida', channel.authenticated, async (ctx) => {
    const input = parseBody(ctx, VerifyNidaRequest);
    if (!input) return;
    const result = await useCases.verifyNationalId.execute({ memberId: memberOf(ctx), ...input });
    if (!result.ok) return sendFailure(ctx, result, { imageOnly: ID_PHOTO_ONLY });
    ctx.body = { message: NIDA_VERIFIED_MESSAGE, ...present(result.value) };
  });

  router.put('/id-photo', channel.authenticated, async (ctx) => {
    const input = parseBody(ctx, NidaIdPhotoRequest);
    if (!input) return;
    const result = await useCases.saveNationalIdPhoto.execute({ memberId: memberOf(ctx), idPhotoURL: input.idPhotoURL });
    if (!result.ok) return sendFailure(ctx, result, { imageOnly: ID_PHOTO_ONLY });
    ctx.body = { objectPath: result.value.objectPath, idPhotoURL: servedUrl(result.value.objectPath) };
  });

  return router;
}
