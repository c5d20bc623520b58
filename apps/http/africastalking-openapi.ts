/**
 * Africa's Talking's callbacks in the OpenAPI document (apps/http/openapi.ts spreads them in):
 * the USSD session step and end-of-session notification (PROVIDERS.md §1a) and the SMS delivery
 * report (§1b). All three are form-encoded and carry no session: AT calls them, not a member.
 * Each is documented in its two forms (apps/http/gateway-guard.ts): with the `{secret}` segment
 * (AFRICASTALKING_CALLBACK_SECRET set: required with AT's credentials or in production) and plain
 * (the embedded default only); the form that does not apply answers 404.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { SessionEnded, UssdStep } from '../ussd/routes.ts';
import { USSD_EVENTS_PATH, USSD_PATH } from '../ussd/paths.ts';
import { SECRET_PARAM } from './gateway-guard.ts';
import { error, json, op } from './openapi-parts.ts';
import { DELIVERY_REPORTS_PATH, DeliveryReportForm } from './sms-routes.ts';

const form = (schema: z.ZodType) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema } } });
const plainText = (description: string, schema: z.ZodType) => ({ description, content: { 'text/plain': { schema } } });

const secretParam = {
  in: 'path' as const,
  name: SECRET_PARAM,
  required: true,
  description: 'AFRICASTALKING_CALLBACK_SECRET, as in the callback URLs registered with Africa\'s Talking (compared in constant time)',
  schema: { type: 'string' as const, pattern: '^[A-Za-z0-9_-]{32,256}$' },
};

const refusedSource = error('source_not_allowed: the caller is outside AFRICASTALKING_ALLOWED_SOURCES');
const wrongSecret = 'No secret, a wrong secret, or the plain path while a secret is configured: nothing is read or changed';
/** The gateway's refusals (gateway-guard.ts): its 404 is the API's JSON one under /api/, else plain text like an unknown path's. */
const gatewayRefusals = (path: string) => ({
  '403': refusedSource,
  '404': path.startsWith('/api/') ? error(`not_found: ${wrongSecret}`) : plainText(wrongSecret, z.literal('Not Found')),
});

/** The operation at `{secret}` and at the plain path, each saying when it answers. */
function both(secretPath: string, plainPath: string, operation: ZodOpenApiOperationObject): ZodOpenApiPathsObject {
  return {
    [secretPath]: { post: { ...operation, responses: { ...operation.responses, ...gatewayRefusals(secretPath) }, parameters: [secretParam] } },
    [plainPath]: { post: { ...operation, responses: { ...operation.responses, ...gatewayRefusals(plainPath) }, summary: `${operation.summary} (embedded default only: without AFRICASTALKING_CALLBACK_SECRET)` } },
  };
}

export const africasTalkingPaths: ZodOpenApiPathsObject = {
  ...both(
    `${USSD_PATH}/{secret}`,
    USSD_PATH,
    op(
      'One step of a USSD session: `text` holds every input so far joined with `*` (empty on the first step). ' +
        'Answered 200 once past the gateway check: a body that cannot be read, a number that is no phone number or a fault end the session politely.',
      {
        '200': plainText(
          'The next screen: `CON ` and a menu to continue, `END ` and a message to end the session',
          z.string().regex(/^(CON|END) /).meta({ example: 'CON Welcome to Ikimina\n1. Register\n2. Language' }),
        ),
      },
      { requestBody: form(UssdStep) },
    ),
  ),
  ...both(
    `${USSD_PATH}/{secret}/events`,
    USSD_EVENTS_PATH,
    op("AT's end-of-session notification: logged (never the member's input, which holds PINs) and answered 200", { '200': plainText('Received', z.literal('OK')) }, { requestBody: form(SessionEnded) }),
  ),
  ...both(
    `${DELIVERY_REPORTS_PATH}/{secret}`,
    DELIVERY_REPORTS_PATH,
    op(
      'An SMS delivery report, stored against the SMS it names unless a final report (Success, Failed, Rejected) is already there; a report for an SMS we never sent is ignored and logged',
      {
        '200': {
          description: '`stored`, `unchanged` when a final report is already there, or `ignored`',
          ...json(z.object({ status: z.enum(['stored', 'unchanged', 'ignored']), messageId: z.string().optional() })),
        },
        '400': error('validation_failed: a field missing, too long or with control characters (the report changes nothing); invalid_characters'),
        '413': error('payload_too_large (over 16 kB)'),
        '415': error('unsupported_media_type: not form-encoded'),
      },
      { requestBody: form(DeliveryReportForm) },
    ),
  ),
};
