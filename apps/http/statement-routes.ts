/**
 * The statements API (issue 28 "Statements and reports"): a member's own statement, a group's
 * report for its members and a merchant's monthly statement for its owner, as a PDF (default) or
 * a CSV, in the signed-in member's language; and the download of a statement e-mailed by the CLI.
 *
 * Guarantees (decided in core, kept here)
 * - `GET /api/statements/me`: the caller's own data only (core/statements/member-statement.ts).
 * - `GET /api/tontines/{id}/report`: members only, with the books' answers (403 `not_a_member`,
 *   404 `tontine_not_found`).
 * - `GET /api/merchants/{id}/statement`: the owner only; anyone else gets the 404 of an unknown id.
 * - `GET /api/statements/download?token=`: no session; the token is the signed link's
 *   (adapters/crypto/hmac-statement-links.ts); a forged or expired one, or one whose member (or merchant's
 *   owner) has since erased their account, is 404 `statement_link_invalid` (OpenStatementLink).
 * - A bad period, month or format is a 400 with its code, never a file.
 * - Rendering is costly: at most STATEMENT_FILE_LIMIT.count files per member (the signed-in one,
 *   or the one a link names) per window, shared by every replica; past it 429 `rate_limited`.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Container } from 'inversify';
import type { User } from '../../core/accounts/user.ts';
import type { Clock } from '../../core/shared/clock.ts';
import { ShowGroupReport } from '../../core/statements/group-report.ts';
import { ShowMemberStatement } from '../../core/statements/member-statement.ts';
import { ShowMerchantStatement } from '../../core/statements/merchant-statement.ts';
import {
  groupReportCsv,
  groupReportPdf,
  memberStatementCsv,
  memberStatementPdf,
  merchantStatementCsv,
  merchantStatementPdf,
} from '../../adapters/documents/statement-documents.ts';
import { OpenStatementLink } from '../../core/statements/open-statement-link.ts';
import { STATEMENT_WORDS } from '../documents/statement-words.ts';
import { rateLimited } from '../../core/shared/result.ts';
import { TOKENS } from '../tokens.ts';
import type { AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { MemberStatementQuery, MerchantStatementQuery, ReportQuery, StatementDownloadQuery } from './statement-schemas.ts';
import { parseQuery } from './validation.ts';

export function statementRouteUseCases(container: Container) {
  return {
    memberStatement: container.get(ShowMemberStatement),
    groupReport: container.get(ShowGroupReport),
    merchantStatement: container.get(ShowMerchantStatement),
    openLink: container.get(OpenStatementLink),
    clock: container.get(TOKENS.Clock) as Clock,
    limiter: container.get(TOKENS.RateLimiter),
  };
}
export type StatementRouteUseCases = ReturnType<typeof statementRouteUseCases>;

const userOf = (ctx: Context): User => (ctx.state.auth as AuthState).user;

/** How many statement files (PDF or CSV) one member may have rendered per window. */
export const STATEMENT_FILE_LIMIT = { count: 20, windowSeconds: 600 } as const;

/** The file, as an attachment named `<name>.<format>`, never cached (it is someone's money). */
async function sendFile(ctx: Context, name: string, format: 'pdf' | 'csv', render: { pdf: () => Promise<Buffer>; csv: () => string }): Promise<void> {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '-')}.${format}"`);
  if (format === 'pdf') {
    ctx.type = 'application/pdf';
    ctx.body = await render.pdf();
  } else {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = render.csv();
  }
}

export function statementRoutes(useCases: StatementRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated } = options;
  /** Counts one file for `memberId`; answers the 429 and false past the limit. */
  const withinLimit = async (ctx: Context, memberId: string): Promise<boolean> => {
    const hit = await useCases.limiter.hit(`statement_file:${memberId}`, STATEMENT_FILE_LIMIT.windowSeconds, useCases.clock.now());
    if (hit.count <= STATEMENT_FILE_LIMIT.count) return true;
    sendFailure(ctx, rateLimited(hit.resetInSeconds));
    return false;
  };

  router.get('/statements/me', authenticated, async (ctx) => {
    const query = parseQuery(ctx, MemberStatementQuery);
    if (!query) return;
    const user = userOf(ctx);
    if (!(await withinLimit(ctx, user.id))) return;
    const shown = await useCases.memberStatement.execute({ userId: user.id, from: query.from, to: query.to });
    if (!shown.ok) return sendFailure(ctx, shown);
    const s = shown.value;
    const words = STATEMENT_WORDS[user.language];
    await sendFile(ctx, `statement-${s.period.from}-${s.period.to}`, query.format, { pdf: () => memberStatementPdf(s, words), csv: () => memberStatementCsv(s, words) });
  });

  router.get('/tontines/:id/report', authenticated, async (ctx) => {
    const query = parseQuery(ctx, ReportQuery);
    if (!query) return;
    const user = userOf(ctx);
    if (!(await withinLimit(ctx, user.id))) return;
    const shown = await useCases.groupReport.execute({ tontineId: String(ctx.params.id), userId: user.id });
    if (!shown.ok) return sendFailure(ctx, shown);
    const r = shown.value;
    const words = STATEMENT_WORDS[user.language];
    await sendFile(ctx, `group-report-${r.group.id}`, query.format, { pdf: () => groupReportPdf(r, words), csv: () => groupReportCsv(r, words) });
  });

  router.get('/merchants/:id/statement', authenticated, async (ctx) => {
    const query = parseQuery(ctx, MerchantStatementQuery);
    if (!query) return;
    const user = userOf(ctx);
    if (!(await withinLimit(ctx, user.id))) return;
    const shown = await useCases.merchantStatement.execute({ merchantId: String(ctx.params.id), userId: user.id, month: query.month });
    if (!shown.ok) return sendFailure(ctx, shown);
    const s = shown.value;
    const words = STATEMENT_WORDS[user.language];
    await sendFile(ctx, `${s.merchant.merchantCode}-statement-${s.figures.month}`, query.format, { pdf: () => merchantStatementPdf(s, words), csv: () => merchantStatementCsv(s, words) });
  });

  // The link e-mailed by `statements send`: its token is the credential, no session.
  router.get('/statements/download', async (ctx) => {
    const query = parseQuery(ctx, StatementDownloadQuery);
    if (!query) return;
    const claim = await useCases.openLink.execute({ token: query.token });
    if (!claim) return sendError(ctx, 'statement_link_invalid');
    if (!(await withinLimit(ctx, claim.userId))) return;
    if (claim.kind === 'member') {
      const shown = await useCases.memberStatement.execute({ userId: claim.userId, from: claim.from, to: claim.to });
      if (!shown.ok) return sendError(ctx, 'statement_link_invalid');
      const s = shown.value;
      const words = STATEMENT_WORDS[s.member.language];
      return sendFile(ctx, `statement-${s.period.from}-${s.period.to}`, 'pdf', { pdf: () => memberStatementPdf(s, words), csv: () => memberStatementCsv(s, words) });
    }
    const shown = await useCases.merchantStatement.execute({ merchantId: claim.merchantId, userId: claim.userId, month: claim.month });
    if (!shown.ok) return sendError(ctx, 'statement_link_invalid');
    const s = shown.value;
    const words = STATEMENT_WORDS[claim.language];
    return sendFile(ctx, `${s.merchant.merchantCode}-statement-${s.figures.month}`, 'pdf', { pdf: () => merchantStatementPdf(s, words), csv: () => merchantStatementCsv(s, words) });
  });

  return router;
}
