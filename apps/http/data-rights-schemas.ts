/**
 * Request and response schemas of the data-rights API (issue 28, Law 058/2021): the validation at
 * the edge and the source of the OpenAPI document.
 */
import { z } from 'zod';
import { CONSENT_KINDS, ERASURE_BLOCKERS, EXPORT_FORMATS } from '../../core/data-rights/ports.ts';

export const DataExportCreatedResponse = z.object({ id: z.uuid() }).meta({ id: 'DataExportCreatedResponse' });

export const DataExportResponse = z
  .object({
    id: z.uuid(),
    status: z.enum(['pending', 'ready']).meta({ description: 'pending while the files are prepared (within minutes); ready once they can be downloaded' }),
    requestedAt: z.iso.datetime(),
    readyAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable().meta({ description: 'When the files are deleted (7 days after readyAt); the export then answers 410' }),
    files: z
      .object({ json: z.string(), pdf: z.string() })
      .nullable()
      .meta({ description: 'The download addresses (this member only) while ready; null while pending' }),
  })
  .meta({ id: 'DataExportResponse' });

export const ExportFormatParam = z.enum(EXPORT_FORMATS as [string, ...string[]]);

export const DeleteAccountRequest = z
  .object({
    password: z
      .string({ error: 'Your current password is required to delete your account.' })
      .min(1, { error: 'Your current password is required to delete your account.' })
      .max(256, { error: 'Your current password is not correct.' }),
  })
  .meta({ id: 'DeleteAccountRequest' });

export const AccountDeletionBlockedResponse = z
  .object({
    error: z.string(),
    code: z.literal('account_deletion_blocked'),
    blockers: z.array(z.enum(ERASURE_BLOCKERS as [string, ...string[]])).min(1).meta({ description: 'Every reason: loan_outstanding, contribution_due, merchant_balance, active_rotation' }),
  })
  .meta({ id: 'AccountDeletionBlockedResponse' });

export const ConsentKindParam = z.enum(CONSENT_KINDS as [string, ...string[]]);

const Consent = z
  .object({
    kind: ConsentKindParam,
    status: z.enum(['given', 'withdrawn', 'not_given']),
    textVersion: z.string().nullable(),
    givenAt: z.iso.datetime().nullable(),
    withdrawnAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Consent' });

export const ConsentsResponse = z.object({ consents: z.array(Consent) }).meta({ id: 'ConsentsResponse' });
export const ConsentWithdrawnResponse = z.object({ kind: ConsentKindParam, withdrawn: z.boolean() }).meta({ id: 'ConsentWithdrawnResponse' });
