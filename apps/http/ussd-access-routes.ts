/**
 * USSD access from the web Security page (/api/ussd-access): the signed-in member links the phone
 * number of their own account to it, by a code sent to that number by SMS (core/accounts/ussd-access.ts).
 *
 * Guarantees
 * - No route takes an account id or a phone number: each acts on the signed-in member and the
 *   number of their own profile, so nobody can send a code to, or link, anyone else's number.
 * - Answers carry `Cache-Control: no-store`. A wrong code answers 400 `ussd_access_code_incorrect`
 *   with `attemptsLeft`; the code itself never appears in an answer or a log.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { RequestUssdAccessCode } from '../../core/accounts/request-ussd-access-code.ts';
import type { SetUpUssdAccess } from '../../core/accounts/set-up-ussd-access.ts';
import type { ShowUssdAccess } from '../../core/accounts/show-ussd-access.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { SetUpUssdAccessRequest } from './ussd-access-schemas.ts';
import { parseBody } from './validation.ts';

export interface UssdAccessRouteUseCases {
  show: ShowUssdAccess;
  requestCode: RequestUssdAccessCode;
  setUp: SetUpUssdAccess;
}

export function ussdAccessRoutes(useCases: UssdAccessRouteUseCases, auth: Authentication): Router {
  const router = new Router({ prefix: '/api/ussd-access' });
  const member = (ctx: Context) => (ctx.state.auth as AuthState).user.id;
  router.use(auth.required, async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'no-store');
  });

  router.get('/', async (ctx) => {
    const shown = await useCases.show.execute({ userId: member(ctx) });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = { ...shown.value, codeExpiresAt: shown.value.codeExpiresAt?.toISOString() ?? null };
  });

  router.post('/code', async (ctx) => {
    const sent = await useCases.requestCode.execute({ userId: member(ctx) });
    if (!sent.ok) return sendFailure(ctx, sent);
    ctx.status = 202;
    ctx.body = { phoneNumber: sent.value.phoneNumber, expiresAt: sent.value.expiresAt.toISOString() };
  });

  router.put('/', async (ctx) => {
    const input = parseBody(ctx, SetUpUssdAccessRequest);
    if (!input) return;
    const done = await useCases.setUp.execute({ userId: member(ctx), code: input.code, pin: input.pin });
    if (done.ok) {
      ctx.body = { status: 'set_up', phoneNumber: done.value.phoneNumber, codeExpiresAt: null };
      return;
    }
    if (done.error === 'ussd_access_code_incorrect') {
      sendError(ctx, 'ussd_access_code_incorrect');
      ctx.body = { ...(ctx.body as object), attemptsLeft: done.attemptsLeft };
      return;
    }
    sendFailure(ctx, done);
  });

  return router;
}
