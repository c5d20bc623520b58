/**
 * Africa's Talking's USSD callbacks (PROVIDERS.md §1a): `POST /ussd/africastalking/<secret>` answers
 * one step of a session; `POST /ussd/africastalking/<secret>/events` takes the end-of-session
 * notification (the plain paths without a configured secret: the embedded default).
 *
 * Guarantees
 * - Only the gateway gets past gateway-guard.ts: a missing or wrong secret answers 404 and a source
 *   outside the allow list 403, before the body is read (no 200 END: no work is done for them).
 * - Both read form bodies only, with @koa/bodyparser on these routes alone (mounted before the
 *   app's JSON parser, which would otherwise claim the body).
 * - Past the gateway check, the session route always answers 200 `text/plain` starting `CON ` or
 *   `END `: a body it cannot read (wrong type, too large, missing sessionId or phoneNumber, a
 *   number that is no phone number) and any fault answer the polite END; nothing reaches the
 *   app's JSON error handler.
 * - The notification is logged and answered 200. What the member typed (`input`) and what we
 *   answered are never logged: they hold PINs.
 */
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { faultScreen } from '../../ussd/menu.ts';
import type { Screen } from '../../ussd/screen.ts';
import type { Config } from '../config.ts';
import { gatewayGuard } from '../http/gateway-guard.ts';
import { USSD_EVENTS_PATH, USSD_PATH, USSD_SECRET_EVENTS_PATH, USSD_SECRET_PATH } from './paths.ts';
import type { UssdChannel } from './ussd-channel.ts';

/** A whole session's text is far below this; a 10 kB text is still read and answered. */
const FORM_LIMIT = '64kb';
const FORM_LIMIT_CHARACTERS = 64 * 1024;

const SESSION_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/** One step of a session as AT posts it (the OpenAPI document describes the route with it too). */
export const UssdStep = z.object({
  sessionId: z.string().regex(SESSION_ID),
  phoneNumber: z.string().min(1).max(32),
  // Bounded by the form limit already; the menu refuses a text over MAX_TEXT_LENGTH with its own END.
  text: z.string().max(FORM_LIMIT_CHARACTERS).default(''),
  serviceCode: z.string().max(64).optional(),
  networkCode: z.string().max(16).optional(),
});

/** AT's end-of-session notification; every field optional, since it is only logged. */
export const SessionEnded = z.object({
  sessionId: z.string().max(200).optional(),
  status: z.string().max(32).optional(),
  networkCode: z.string().max(16).optional(),
  serviceCode: z.string().max(64).optional(),
  durationInMillis: z.coerce.number().optional(),
  hopsCount: z.coerce.number().optional(),
  cost: z.string().max(64).optional(),
  errorMessage: z.string().max(500).optional(),
  date: z.string().max(64).optional(),
});

export interface UssdRoutesSettings {
  gatewayCallbacks: Config['gatewayCallbacks'];
  logger: Logger;
}

/** The routes answer each step with the channel (which calls the use cases). */
export function ussdRoutes(channel: Pick<UssdChannel, 'answer'>, settings: UssdRoutesSettings): Router {
  const router = new Router();
  const { logger } = settings;
  const gateway = gatewayGuard(settings.gatewayCallbacks, logger);
  const parseForm = bodyParser({ enableTypes: ['form'], formLimit: FORM_LIMIT, encoding: 'utf-8' });

  async function readForm(ctx: Context): Promise<unknown> {
    try {
      await parseForm(ctx, async () => {});
      return ctx.request.body;
    } catch (error) {
      // The route's pattern, not the path: the path holds the gateway's secret.
      logger.warn({ err: error, route: ctx.state.logPath }, 'unreadable ussd callback body');
      return undefined;
    }
  }

  const answerStep = async (ctx: Context) => {
    const step = UssdStep.safeParse(await readForm(ctx));
    if (!step.success) {
      logger.warn({ fields: step.error.issues.map((issue) => issue.path.join('.')) }, 'ussd request without a usable sessionId or phoneNumber');
      return answer(ctx, faultScreen('en'));
    }
    const { sessionId, phoneNumber, text } = step.data;
    answer(ctx, await channel.answer({ sessionId, phoneNumber, text }));
  };

  const sessionEnded = async (ctx: Context) => {
    const event = SessionEnded.safeParse(await readForm(ctx));
    if (event.success) logger.info({ event: event.data }, 'ussd session ended');
    else logger.warn({ fields: event.error.issues.map((issue) => issue.path.join('.')) }, 'unreadable ussd session notification');
    ctx.status = 200;
    ctx.type = 'text/plain';
    ctx.body = 'OK';
  };

  // The plain events path before `:secret`, which would take `events` for a secret.
  router.post(USSD_EVENTS_PATH, gateway(USSD_EVENTS_PATH), sessionEnded);
  router.post(USSD_PATH, gateway(USSD_PATH), answerStep);
  router.post(USSD_SECRET_PATH, gateway('/ussd/africastalking/{secret}'), answerStep);
  router.post(USSD_SECRET_EVENTS_PATH, gateway('/ussd/africastalking/{secret}/events'), sessionEnded);
  return router;
}

function answer(ctx: Context, screen: Screen): void {
  ctx.status = 200;
  ctx.type = 'text/plain';
  ctx.body = `${screen.kind} ${screen.text}`;
}
