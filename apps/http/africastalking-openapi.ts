/**
 * Africa's Talking's callbacks in the OpenAPI document (apps/http/openapi.ts spreads them in):
 * the USSD session step and end-of-session notification (PROVIDERS.md §1a) and the SMS delivery
 * report (§1b). All three are form-encoded and carry no session: AT calls them, not a member.
 */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { SessionEnded, UssdStep } from '../ussd/routes.ts';
import { USSD_EVENTS_PATH, USSD_PATH } from '../ussd/paths.ts';
import { error, json, op } from './openapi-parts.ts';
import { DELIVERY_REPORTS_PATH, DeliveryReportForm } from './sms-routes.ts';

const form = (schema: z.ZodType) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema } } });
const plainText = (description: string, schema: z.ZodType) => ({ description, content: { 'text/plain': { schema } } });

export const africasTalkingPaths: ZodOpenApiPathsObject = {
  [USSD_PATH]: {
    post: op(
      'One step of a USSD session: `text` holds every input so far joined with `*` (empty on the first step). ' +
        'Always answered 200: a body that cannot be read, a number that is no phone number or a fault end the session politely.',
      {
        '200': plainText(
          'The next screen: `CON ` and a menu to continue, `END ` and a message to end the session',
          z.string().regex(/^(CON|END) /).meta({ example: 'CON Welcome to Ikimina\n1. Register\n2. Language' }),
        ),
      },
      { requestBody: form(UssdStep) },
    ),
  },
  [USSD_EVENTS_PATH]: {
    post: op(
      "AT's end-of-session notification: logged (never the member's input, which holds PINs) and answered 200",
      { '200': plainText('Received', z.literal('OK')) },
      { requestBody: form(SessionEnded) },
    ),
  },
  [DELIVERY_REPORTS_PATH]: {
    post: op(
      'An SMS delivery report, stored against the SMS it names; a report for an SMS we never sent is ignored and logged',
      {
        '200': {
          description: '`stored`, `unchanged` when a final report is already there, or `ignored`',
          ...json(z.object({ status: z.enum(['stored', 'unchanged', 'ignored']), messageId: z.string().optional() })),
        },
        '400': error('validation_failed: a report needs id, status and phoneNumber, each within its length; invalid_characters'),
        '413': error('payload_too_large (over 16 kB)'),
        '415': error('unsupported_media_type: not form-encoded'),
      },
      { requestBody: form(DeliveryReportForm) },
    ),
  },
};
