/**
 * The data-rights API (issue 28, Law 058/2021): the signed-in member's export of their data, the
 * deletion of their account, and their consents. No member id in any path: a member only ever
 * acts on their own data; an export id of another member's answers 404 like an unknown one.
 *
 * Guarantees
 * - POST /me/export answers 202 with the export's id at once; the files are prepared by the job
 *   `data-exports`. GET /me/export/{id} answers its status and, while ready, the download
 *   addresses; 410 `export_expired` once its 7 days are over.
 * - DELETE /me needs the current password in the body; refused with 409 and every reason while
 *   money is owed or held or a rotation runs; on success 204, the session cookie cleared (every
 *   session of the member is ended by the erasure).
 * - DELETE /me/consents/{kind} withdraws at once, with no further question; 200 whether or not a
 *   consent was in force.
 */
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import { z } from 'zod';
import type { DeleteAccount } from '../../core/data-rights/delete-account.ts';
import type { ListConsents } from '../../core/data-rights/list-consents.ts';
import type { ConsentKind, DataExport, ExportFormat } from '../../core/data-rights/ports.ts';
import type { RequestDataExport } from '../../core/data-rights/request-data-export.ts';
import type { ShowDataExport } from '../../core/data-rights/show-data-export.ts';
import type { WithdrawConsent } from '../../core/data-rights/withdraw-consent.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { ConsentKindParam, DeleteAccountRequest, ExportFormatParam, type DataExportResponse } from './data-rights-schemas.ts';
import { ERRORS, sendError, sendFailure } from './errors.ts';
import { clearCookie, SESSION_COOKIE } from './session-cookie.ts';
import { JSON_BODY_LIMIT } from './request-body.ts';
import { parseBody } from './validation.ts';

export interface DataRightsRouteUseCases {
  requestDataExport: RequestDataExport;
  showDataExport: ShowDataExport;
  deleteAccount: DeleteAccount;
  listConsents: ListConsents;
  withdrawConsent: WithdrawConsent;
}

const ExportId = z.uuid();

/** Only DELETE /me reads a body among DELETEs: the app's own parser reads POST, PUT and PATCH bodies only. */
const DELETE_BODY = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8', parsedMethods: ['DELETE'] });

export const exportFileUrl = (id: string, format: ExportFormat) => `/api/me/export/${id}/${format}`;

function presentExport(item: DataExport): z.infer<typeof DataExportResponse> {
  const ready = item.status === 'ready';
  return {
    id: item.id,
    status: ready ? 'ready' : 'pending',
    requestedAt: item.requestedAt.toISOString(),
    readyAt: item.readyAt?.toISOString() ?? null,
    expiresAt: item.expiresAt?.toISOString() ?? null,
    files: ready ? { json: exportFileUrl(item.id, 'json'), pdf: exportFileUrl(item.id, 'pdf') } : null,
  };
}

export function dataRightsRoutes(useCases: DataRightsRouteUseCases, auth: Authentication, settings: { publicBaseUrl: string }): Router {
  const router = new Router({ prefix: '/api' });
  const secure = settings.publicBaseUrl.startsWith('https://');

  router.post('/me/export', auth.required, async (ctx) => {
    const { user } = ctx.state.auth as AuthState;
    const item = await useCases.requestDataExport.execute({ memberId: user.id });
    ctx.status = 202;
    ctx.body = { id: item.id };
  });

  router.get('/me/export/:id', auth.required, async (ctx) => {
    const { user } = ctx.state.auth as AuthState;
    const id = ExportId.safeParse(ctx.params.id);
    if (!id.success) return sendError(ctx, 'export_not_found');
    const result = await useCases.showDataExport.execute({ memberId: user.id, exportId: id.data });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentExport(result.value);
  });

  router.get('/me/export/:id/:format', auth.required, async (ctx) => {
    const { user } = ctx.state.auth as AuthState;
    const id = ExportId.safeParse(ctx.params.id);
    const format = ExportFormatParam.safeParse(ctx.params.format);
    if (!id.success || !format.success) return sendError(ctx, 'export_not_found');
    const result = await useCases.showDataExport.file({ memberId: user.id, exportId: id.data, format: format.data as ExportFormat });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="ikimina-data-${id.data.slice(0, 8)}.${format.data}"`);
    ctx.type = format.data === 'pdf' ? 'application/pdf' : 'application/json';
    ctx.body = Buffer.from(result.value);
  });

  router.delete('/me', auth.required, DELETE_BODY, async (ctx) => {
    const input = parseBody(ctx, DeleteAccountRequest);
    if (!input) return;
    const { user } = ctx.state.auth as AuthState;
    const result = await useCases.deleteAccount.execute({ userId: user.id, password: input.password, clientIp: ctx.ip });
    if (!result.ok) {
      if (result.error === 'account_deletion_blocked') {
        ctx.status = ERRORS.account_deletion_blocked.status;
        ctx.body = { error: ERRORS.account_deletion_blocked.message, code: result.error, blockers: result.blockers };
        return;
      }
      return sendFailure(ctx, result, result.error === 'current_password_incorrect' ? { field: 'password' } : {});
    }
    clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 204;
  });

  router.get('/me/consents', auth.required, async (ctx) => {
    const { user } = ctx.state.auth as AuthState;
    const consents = await useCases.listConsents.execute({ memberId: user.id });
    ctx.body = {
      consents: consents.map((c) => ({ kind: c.kind, status: c.status, textVersion: c.textVersion, givenAt: c.givenAt?.toISOString() ?? null, withdrawnAt: c.withdrawnAt?.toISOString() ?? null })),
    };
  });

  router.delete('/me/consents/:kind', auth.required, async (ctx) => {
    const { user } = ctx.state.auth as AuthState;
    const kind = ConsentKindParam.safeParse(ctx.params.kind);
    if (!kind.success) return sendError(ctx, 'not_found');
    const { withdrawn } = await useCases.withdrawConsent.execute({ memberId: user.id, kind: kind.data as ConsentKind });
    ctx.body = { kind: kind.data, withdrawn };
  });

  return router;
}
