/**
 * Africa's Talking's SMS delivery-report callback: `POST /api/sms/delivery-reports/<secret>` (the
 * plain path without a configured secret: the embedded default), a form-encoded body (id, status,
 * phoneNumber, networkCode, failureReason), PROVIDERS.md §1b.
 *
 * Guarantees
 * - Only the gateway gets past gateway-guard.ts: a missing or wrong secret answers 404 and a source
 *   outside the allow list 403, before the body is read.
 * - Every field is read by DeliveryReportForm: bounded to its column, no control characters (a NUL
 *   byte, a 17-character networkCode … answer 400 `validation_failed`); a refused report changes
 *   nothing.
 * - A final status (Success, Failed, Rejected) is never overwritten, by a late or forged report of
 *   any status (RecordSmsDeliveryReport).
 * - A readable report is stored against the SMS whose provider message id it names and answered
 *   200 (`stored`, or `unchanged` when a final report is already there); a report for an id we
 *   never sent is answered 200 `ignored` and logged, since AT does not retry and nothing can
 *   be done with it.
 * - Only form bodies are read (415 otherwise), at most 16 kB (413); a report missing its id,
 *   status or phone number, a field longer than its column or a control character is a 400,
 *   never stored.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { RecordSmsDeliveryReport } from '../../core/notifications/record-sms-delivery-report.ts';
import type { SmsDeliveryReportParser } from '../../core/notifications/sms-sender.ts';
import type { Config } from '../config.ts';
import { sendError } from './errors.ts';
import { gatewayGuard } from './gateway-guard.ts';
import { refuseControlCharactersIn } from './input-guard.ts';
import { readBodyWithin } from './request-body.ts';
import { parseBody } from './validation.ts';

export const DELIVERY_REPORTS_PATH = '/api/sms/delivery-reports';
export const DELIVERY_REPORTS_SECRET_PATH = '/api/sms/delivery-reports/:secret';
const FORM_LIMIT_BYTES = 16 * 1024;

/** The JSON body parser of the app leaves form bodies unread; this reads one, bounded. */
async function readForm(ctx: Context): Promise<Record<string, string> | 'too_large'> {
  const body = await readBodyWithin(ctx.req, FORM_LIMIT_BYTES);
  return body === 'too_large' ? body : Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

/** Printable text only: a NUL or other control character never reaches the database. */
const text = (max: number) => z.string().max(max).regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
/** AT sends some fields empty (failureReason of a success): empty is absent. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** What AT posts (PROVIDERS.md §1b), bounded by the columns of sms_deliveries; other fields are ignored. */
export const DeliveryReportForm = z.object({
  id: text(255).min(1).meta({ description: 'The messageId AT gave when the SMS was sent' }),
  status: z
    .string()
    .regex(/^[A-Za-z]{1,64}$/, 'must be a status word')
    .meta({ description: 'Sent, Submitted, Buffered, Rejected, Success or Failed; the last three are final and never overwritten' }),
  phoneNumber: z.string().regex(/^\+?[0-9]{6,20}$/, 'must be a phone number'),
  networkCode: optional(z.string().regex(/^[0-9A-Za-z]{1,16}$/, 'must be at most 16 letters or digits')),
  failureReason: optional(text(255)).meta({ description: 'Only when Rejected or Failed' }),
  retryCount: optional(z.string().regex(/^[0-9]{1,9}$/, 'must be a count')),
});

export interface SmsRoutesSettings {
  gatewayCallbacks: Config['gatewayCallbacks'];
  logger: Logger;
}

export function smsRoutes(useCases: { recordSmsDeliveryReport: RecordSmsDeliveryReport }, parseDeliveryReport: SmsDeliveryReportParser, settings: SmsRoutesSettings): Router {
  const router = new Router();
  const { logger } = settings;
  const gateway = gatewayGuard(settings.gatewayCallbacks, logger);

  const deliveryReport = async (ctx: Context) => {
    if (!ctx.is('application/x-www-form-urlencoded')) {
      return sendError(ctx, 'unsupported_media_type', { message: 'Send the delivery report as application/x-www-form-urlencoded.' });
    }
    const fields = await readForm(ctx);
    if (fields === 'too_large') return sendError(ctx, 'payload_too_large');
    if (refuseControlCharactersIn(ctx, 'body', fields)) return;
    ctx.request.body = fields;
    const form = parseBody(ctx, DeliveryReportForm);
    if (form === null) return;
    const report = parseDeliveryReport(form);
    if (!report.ok) return sendError(ctx, 'validation_failed', { message: 'A delivery report needs id, status and phoneNumber.' });
    const recorded = await useCases.recordSmsDeliveryReport.execute(report.value);
    if (recorded.outcome === 'unknown_message') {
      logger.warn({ providerMessageId: report.value.providerMessageId, status: report.value.status }, 'delivery report for an unknown SMS');
      ctx.body = { status: 'ignored' };
      return;
    }
    ctx.body = { status: recorded.outcome, messageId: recorded.outboxMessageId };
  };

  router.post(DELIVERY_REPORTS_PATH, gateway(DELIVERY_REPORTS_PATH), deliveryReport);
  router.post(DELIVERY_REPORTS_SECRET_PATH, gateway('/api/sms/delivery-reports/{secret}'), deliveryReport);
  return router;
}
