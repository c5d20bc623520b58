/**
 * Africa's Talking's SMS delivery-report callback: `POST /api/sms/delivery-reports`, a
 * form-encoded body (id, status, phoneNumber, networkCode, failureReason), PROVIDERS.md §1b.
 *
 * Guarantees
 * - A readable report is stored against the SMS whose provider message id it names and answered
 *   200 (`stored`, or `unchanged` when a final report is already there); a report for an id we
 *   never sent is answered 200 `ignored` and logged, since AT does not retry and nothing can
 *   be done with it.
 * - Only form bodies are read (415 otherwise), at most 16 kB (413); a report missing its id,
 *   status or phone number, a field longer than its column or a control character is a 400,
 *   never stored.
 */
import { Router } from '@koa/router';
import type { Container } from 'inversify';
import type { Context } from 'koa';
import { z } from 'zod';
import { parseDeliveryReport } from '../../adapters/sms/africastalking-sms-sender.ts';
import { PostgresSmsDeliveries } from '../../adapters/postgres/postgres-sms-deliveries.ts';
import { TOKENS } from '../container.ts';
import { sendError } from './errors.ts';
import { refuseControlCharactersIn } from './input-guard.ts';
import { readBodyWithin } from './request-body.ts';

export const DELIVERY_REPORTS_PATH = '/api/sms/delivery-reports';
const FORM_LIMIT_BYTES = 16 * 1024;

/** What AT sends, bounded by the columns it is stored in (the OpenAPI document shows it too). */
export const DeliveryReportForm = z.object({
  id: z.string().max(255).meta({ description: 'The messageId AT gave when the SMS was sent' }),
  status: z.string().max(64).meta({ description: 'Sent, Submitted, Buffered, Rejected, Success or Failed (the last three are final)' }),
  phoneNumber: z.string().max(32),
  networkCode: z.string().max(16).optional(),
  failureReason: z.string().max(255).optional().meta({ description: 'Only when Rejected or Failed' }),
  retryCount: z.string().max(16).optional(),
});

/** The JSON body parser of the app leaves form bodies unread; this reads one, bounded. */
async function readForm(ctx: Context): Promise<Record<string, string> | 'too_large'> {
  const body = await readBodyWithin(ctx.req, FORM_LIMIT_BYTES);
  return body === 'too_large' ? body : Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

export function smsRoutes(container: Container): Router {
  const router = new Router();
  const logger = container.get(TOKENS.Logger);
  const clock = container.get(TOKENS.Clock);

  router.post(DELIVERY_REPORTS_PATH, async (ctx) => {
    if (!ctx.is('application/x-www-form-urlencoded')) {
      return sendError(ctx, 'unsupported_media_type', { message: 'Send the delivery report as application/x-www-form-urlencoded.' });
    }
    const fields = await readForm(ctx);
    if (fields === 'too_large') return sendError(ctx, 'payload_too_large');
    if (refuseControlCharactersIn(ctx, 'body', fields)) return;
    const form = DeliveryReportForm.safeParse(fields);
    const report = form.success ? parseDeliveryReport(form.data) : null;
    if (!report?.ok) return sendError(ctx, 'validation_failed', { message: 'A delivery report needs id, status and phoneNumber, each within its length.' });
    const stored = await container.get(PostgresSmsDeliveries).recordReport(report.value, clock.now());
    if (!stored) {
      logger.warn({ providerMessageId: report.value.providerMessageId, status: report.value.status }, 'delivery report for an unknown SMS');
      ctx.body = { status: 'ignored' };
      return;
    }
    ctx.body = { status: stored.stored ? 'stored' : 'unchanged', messageId: stored.outboxMessageId };
  });

  return router;
}
