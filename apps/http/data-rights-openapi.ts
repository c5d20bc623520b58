/** The data-rights paths of the OpenAPI document (issue 28, Law 058/2021; apps/http/data-rights-routes.ts); every one needs a member and acts on their own data. */
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { CONSENT_KINDS, EXPORT_FORMATS } from '../../core/data-rights/ports.ts';
import {
  AccountDeletionBlockedResponse,
  ConsentsResponse,
  ConsentWithdrawnResponse,
  DataExportCreatedResponse,
  DataExportResponse,
  DeleteAccountRequest,
} from './data-rights-schemas.ts';
import { authed, error, ERROR_CODES, idParam, json, SHARED_RESPONSES } from './openapi-parts.ts';

const enumParam = (name: string, values: readonly string[]) => ({ in: 'path' as const, name, required: true, schema: { type: 'string' as const, enum: [...values] } });

export const dataRightsPaths: ZodOpenApiPathsObject = {
  '/api/me/export': {
    post: authed('Ask for an export of everything Ikimina holds about the member (JSON and a readable PDF), prepared in the background and announced by a notification; asked again while one is pending, answers that one', {
      '202': { description: 'Accepted: the export’s id', ...json(DataExportCreatedResponse) },
    }),
  },
  '/api/me/export/{id}': {
    get: authed(
      'The member’s own export: pending, or ready with its two download addresses until it expires 7 days later',
      {
        '200': { description: 'The export', ...json(DataExportResponse) },
        '404': error('export_not_found (also for another member’s export)'),
        '410': error('export_expired: its 7 days are over and its files deleted'),
      },
      { parameters: [idParam()] },
    ),
  },
  '/api/me/export/{id}/{format}': {
    get: authed(
      'Download one file of the member’s own ready export: the JSON (complete) or the PDF (readable)',
      {
        '200': {
          description: 'The file, as an attachment',
          content: { 'application/json': { schema: z.object({}).loose() }, 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        '404': error('export_not_found (also for another member’s export, or an unknown format)'),
        '409': error('export_not_ready: still being prepared'),
        '410': error('export_expired: its 7 days are over and its files deleted'),
      },
      { parameters: [idParam(), enumParam('format', EXPORT_FORMATS)] },
    ),
  },
  '/api/me': {
    delete: authed(
      'Delete the member’s account (Law 058/2021 Art. 23): personal data erased or pseudonymised at once, financial records kept 7 years under a pseudonym, every session ended. Needs the current password; refused while money is owed or held or a rotation is running',
      {
        '204': { description: 'Deleted: the session cookie is cleared' },
        '400': error('validation_failed, invalid_json, current_password_incorrect'),
        '409': {
          description: 'account_deletion_blocked, with every reason in `blockers`',
          [ERROR_CODES]: ['account_deletion_blocked'],
          ...json(AccountDeletionBlockedResponse),
        },
        '429': SHARED_RESPONSES.RateLimited,
      },
      { requestBody: json(DeleteAccountRequest) },
    ),
  },
  '/api/me/consents': {
    get: authed('The member’s consents (credit scoring, biometrics, marketing messages): status, text version, when given and withdrawn', {
      '200': { description: 'Every kind, in that order', ...json(ConsentsResponse) },
    }),
  },
  '/api/me/consents/{kind}': {
    delete: authed(
      'Withdraw a consent: its processing stops at once (no credit assessment, no face comparison, no marketing message) until given again where the product asks',
      {
        '200': { description: 'Withdrawn, or none was in force (`withdrawn` false)', ...json(ConsentWithdrawnResponse) },
      },
      { parameters: [enumParam('kind', CONSENT_KINDS)] },
    ),
  },
};
