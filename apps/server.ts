/**
 * The HTTP application: the REST API under /api, health probes, and the web client.
 *
 * Guarantees
 * - Every answer carries an X-Request-Id (the caller's, when well-formed) and is logged with it and
 *   its path (never the query), a secret in the path named instead of written (the logger's rule,
 *   apps/log-redaction.ts), and the security headers (http/security-headers.ts), errors and 404s
 *   included.
 * - The client address (ctx.ip) is the one the outermost trusted proxy added to X-Forwarded-For
 *   (TRUST_PROXY_HOPS from the right), never an address the client wrote itself.
 * - A path, query or JSON body with a control character is refused (400 `invalid_characters`)
 *   before any handler runs (http/input-guard.ts).
 * - A browser's POST, PUT, PATCH or DELETE from another origin is refused (403
 *   `cross_site_request`) before any handler runs (http/cross-site-guard.ts).
 * - A body refused before it was read to its end never breaks the connection for the next
 *   request (http/request-body.ts).
 * - TRACE, and any method no route implements, is refused (501 `method_not_implemented`) before
 *   anything else runs; a known /api address asked with a method it does not route is a 405
 *   `method_not_allowed` with `Allow` (http/method-guard.ts), an unknown one a 404.
 * - Every failure is JSON `{error, code}`; bad input is a 4xx, never a 500; an unexpected error
 *   is logged and answered with a generic 500 that leaks nothing.
 * - Every request runs in its own MikroORM RequestContext.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import Koa, { type Context, type Next } from 'koa';
import { isDatabaseUnavailable } from '../adapters/postgres/database-unavailable.ts';
import { readAs, recordWrite } from '../adapters/postgres/read-replicas.ts';
import { Authenticate } from '../core/accounts/authenticate.ts';
import { ChangePassword } from '../core/accounts/change-password.ts';
import { ListSessions, RevokeSession } from '../core/accounts/member-sessions.ts';
import { RedeemSignInLink } from '../core/accounts/redeem-sign-in-link.ts';
import { RegisterAccount } from '../core/accounts/register-account.ts';
import { RequestSignInLink } from '../core/accounts/request-sign-in-link.ts';
import { RequestPasswordReset, ResetPassword } from '../core/accounts/reset-password.ts';
import { SignIn } from '../core/accounts/sign-in.ts';
import { SignOut, SignOutEverywhere } from '../core/accounts/sign-out.ts';
import { RecordSmsDeliveryReport } from '../core/notifications/record-sms-delivery-report.ts';
import { TOKENS } from './container.ts';
import { authentication, authRoutes, type Authentication, type AuthState, type AuthUseCases } from './http/auth-routes.ts';
import { ListMemberContributions } from '../core/contributions/list-member-contributions.ts';
import { ListTontineContributions } from '../core/contributions/list-tontine-contributions.ts';
import { PayContributionByMobileMoney } from '../core/contributions/pay-contribution-by-mobile-money.ts';
import { ListNotifications } from '../core/notifications/list-notifications.ts';
import { ListNotificationPage } from '../core/notifications/list-notification-page.ts';
import { MarkAllNotificationsRead } from '../core/notifications/mark-all-notifications-read.ts';
import { MarkNotificationRead } from '../core/notifications/mark-notification-read.ts';
import { ReconcilePayment } from '../core/payment-reports/reconcile-payment.ts';
import { ShowPayment } from '../core/payments/show-payment.ts';
import { ShowContributionPayment } from '../core/contributions/show-contribution-payment.ts';
import { AcceptTurnSwap } from '../core/tontines/accept-turn-swap.ts';
import { BrowseTontines } from '../core/tontines/browse-tontines.ts';
import { CreateTontine } from '../core/tontines/create-tontine.ts';
import { DrawPayoutOrder } from '../core/tontines/draw-payout-order.ts';
import { JoinTontine } from '../core/tontines/join-tontine.ts';
import { ListChatMessages } from '../core/tontines/list-chat-messages.ts';
import { ListMemberTontines } from '../core/tontines/list-member-tontines.ts';
import { ListTontineCategories } from '../core/tontines/list-tontine-categories.ts';
import { ListTontineMembers } from '../core/tontines/list-tontine-members.ts';
import { ShowGroupBooks } from '../core/tontines/show-group-books.ts';
import { ListGroupFines } from '../core/tontines/list-group-fines.ts';
import { WaiveFine } from '../core/tontines/waive-fine.ts';
import { ListTurnSwaps } from '../core/tontines/list-turn-swaps.ts';
import { PostChatMessage } from '../core/tontines/post-chat-message.ts';
import { ProposeTurnSwap } from '../core/tontines/propose-turn-swap.ts';
import { RecommendTontines } from '../core/tontines/recommend-tontines.ts';
import { ShowPayoutOrder } from '../core/tontines/show-payout-order.ts';
import { ShowSavingsDashboard } from '../core/tontines/show-savings-dashboard.ts';
import { ShowTontine } from '../core/tontines/show-tontine.ts';
import { StartTontine } from '../core/tontines/start-tontine.ts';
import { WithdrawSavings } from '../core/tontines/withdraw-savings.ts';
import { assistantRoutes } from './http/assistant-routes.ts';
import { kycRoutes } from './http/kyc-routes.ts';
import { loanRoutes } from './http/loan-routes.ts';
import { merchantRouters } from './http/merchant-routes.ts';
import { businessRouteUseCases } from './modules/merchants-module.ts';
import { workingCapitalRouteUseCases, workingCapitalRoutes } from './http/working-capital-routes.ts';
import { statementRouteUseCases, statementRoutes } from './http/statement-routes.ts';
import { nidaRoutes } from './http/nida-routes.ts';
import { sendError } from './http/errors.ts';
import { refuseCrossSiteRequests, SAFE_METHODS } from './http/cross-site-guard.ts';
import { refuseControlCharacters } from './http/input-guard.ts';
import { refuseUnimplementedMethods, refuseUnroutedMethods } from './http/method-guard.ts';
import { openApiDocument } from './http/openapi.ts';
import { paymentRoutes } from './http/payment-routes.ts';
import { cardRoutes } from './http/card-routes.ts';
import { ConfirmCardPayment } from '../core/payment-reports/confirm-card-payment.ts';
import { ShowCardPayment } from '../core/payment-reports/show-card-payment.ts';
import { StartCardPayment } from '../core/payment-reports/start-card-payment.ts';
import { JSON_BODY_LIMIT, releaseUnreadBody } from './http/request-body.ts';
import { dataRightsRoutes } from './http/data-rights-routes.ts';
import { dataRightsRouteUseCases } from './modules/data-rights-module.ts';
import { contentSecurityPolicy, setSecurityHeaders } from './http/security-headers.ts';
import { smsRoutes } from './http/sms-routes.ts';
import { staticWeb, webClientAvailable } from './http/static-web.ts';
import { tontineRoutes } from './http/tontine-routes.ts';
import { decisionRouteUseCases, decisionRoutes } from './http/decision-routes.ts';
import { assistantRouteUseCases } from './modules/assistant-module.ts';
import { kycRouteUseCases } from './modules/kyc-module.ts';
import { loanRouteUseCases } from './modules/loans-module.ts';
import { nidaRouteUseCases } from './modules/nida-module.ts';
import { companionRoutes } from './http/companion-routes.ts';
import { objectRoutes, uploadReceivingRoutes } from './http/upload-routes.ts';
import { companionSettings, companionUseCases, objectRouteUseCases, uploadConnectSources, uploadReceivingUseCases } from './modules/uploads-module.ts';
import { profileRouteUseCases, ussdAccessRouteUseCases } from './modules/accounts-module.ts';
import { profileRoutes } from './http/profile-routes.ts';
import { educationRouteUseCases } from './modules/learning-module.ts';
import { educationRoutes } from './http/education-routes.ts';
import { ussdRoutes } from './ussd/routes.ts';
import { ussdAccessRoutes } from './http/ussd-access-routes.ts';
import { UssdChannel } from './ussd/ussd-channel.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

export function createApp(container: Container): Koa {
  const config = container.get(TOKENS.Config);
  const logger = container.get(TOKENS.Logger);
  const orm = container.get(TOKENS.Orm);
  // Koa reads X-Forwarded-For only with `proxy`, and then keeps its last `maxIpsCount` entries:
  // ctx.ip is the first of those, the address the outermost trusted proxy saw.
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  // Koa logs errors itself unless told otherwise; ours are logged once, below.
  app.silent = true;
  const securityPolicy = contentSecurityPolicy(uploadConnectSources(config));

  app.use(async (ctx: Context, next: Next) => {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    // With fewer forwarded entries than trusted hops (a client reaching the app past its proxies),
    // the entry taken is the client's own text: only an IP address counts as one.
    if (app.proxy && isIP(ctx.ip) === 0) ctx.request.ip = ctx.socket.remoteAddress ?? '';
    setSecurityHeaders(ctx, securityPolicy);
    try {
      await next();
    } catch (error) {
      const status = statusOf(error);
      const type = (error as { type?: unknown } | null)?.type;
      if (status === 413 || type === 'entity.too.large') sendError(ctx, 'payload_too_large');
      else if (type === 'entity.parse.failed' || (status === 400 && error instanceof SyntaxError)) sendError(ctx, 'invalid_json');
      else if (status === 415 || (error as { name?: string } | null)?.name === 'UnsupportedBodyTypeError') sendError(ctx, 'unsupported_media_type');
      else if (status !== undefined && status >= 400 && status < 500) sendError(ctx, 'validation_failed', { message: ERRORS_FALLBACK });
      else if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error, requestId, method: ctx.method, path: ctx.path }, 'database unavailable');
        sendError(ctx, 'database_unavailable', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
      } else {
        logger.error({ err: error, requestId, method: ctx.method, path: ctx.path }, 'unhandled error');
        sendError(ctx, 'internal_error');
      }
    } finally {
      releaseUnreadBody(ctx);
      logger.info(
        { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });

  // Before anything answers: TRACE (and any method no route implements) is refused, never echoed.
  app.use(refuseUnimplementedMethods());

  app.use((_ctx, next) => RequestContext.create(orm.em, next));
  // With read replicas: a member's reads right after their own change go to the primary (adapters/postgres/read-replicas.ts).
  app.use(async (ctx, next) => {
    const member = () => (ctx.state.auth as AuthState | undefined)?.user.id;
    await readAs(member, next);
    const memberId = member();
    if (memberId === undefined || SAFE_METHODS.has(ctx.method) || ctx.status >= 400) return;
    await recordWrite(orm, memberId).catch((error: unknown) => logger.warn({ err: error }, 'could not note the member\'s write for read-after-write'));
  });

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      const ready = await orm.checkConnection();
      if (ready.ok) ctx.body = { status: 'ok' };
      else {
        logger.warn({ reason: ready.reason }, 'database not reachable');
        sendError(ctx, 'not_ready');
      }
      return;
    }
    if (ctx.path === OPENAPI_PATH && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.body = openApiDocument();
      return;
    }
    return next();
  });

  // The channels get the use cases they call, resolved here once; never the container.
  const gatewaySettings = { gatewayCallbacks: config.gatewayCallbacks, logger };
  const auth = authentication(container.get(Authenticate));

  // Before any route that changes something: a browser's request from another site goes no further.
  app.use(refuseCrossSiteRequests(config.publicBaseUrl));
  // Before the JSON parser: the USSD routes read their form bodies themselves.
  const ussd = ussdRoutes(container.get(UssdChannel), gatewaySettings);
  app.use(ussd.routes());
  // The upload addresses' PUTs read their raw bodies themselves.
  const uploadReceiving = uploadReceivingRoutes(uploadReceivingUseCases(container));
  app.use(uploadReceiving.routes());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8' }));
  app.use(refuseControlCharacters());

  const routers = [
    authRoutes(authUseCases(container), auth, { publicBaseUrl: config.publicBaseUrl, logger }),
    loanRoutes(loanRouteUseCases(container), { authenticated: auth.required, clock: container.get(TOKENS.Clock) }),
    ...merchantRouters(businessRouteUseCases(container), { authenticated: auth.required }),
    workingCapitalRoutes(workingCapitalRouteUseCases(container), { authenticated: auth.required }),
    decisionRoutes(decisionRouteUseCases(container), { authenticated: auth.required }),
    statementRoutes(statementRouteUseCases(container), { authenticated: auth.required }),
    smsRoutes({ recordSmsDeliveryReport: container.get(RecordSmsDeliveryReport) }, container.get(TOKENS.SmsDeliveryReportParser), gatewaySettings),
    nidaRoutes(nidaRouteUseCases(container), { authenticated: auth.required }),
    profileRoutes(profileRouteUseCases(container), auth),
    dataRightsRoutes(dataRightsRouteUseCases(container), auth, { publicBaseUrl: config.publicBaseUrl }),
    ussdAccessRoutes(ussdAccessRouteUseCases(container), auth),
    kycRoutes(kycRouteUseCases(container), { authenticated: auth.required }),
    assistantRoutes(assistantRouteUseCases(container), auth),
    educationRoutes(educationRouteUseCases(container), auth),
    ...savingsRouters(container, auth),
    objectRoutes(objectRouteUseCases(container), auth),
    companionRoutes(companionUseCases(container), auth, companionSettings(container)),
    cardRoutes(
      { startCardPayment: container.get(StartCardPayment), showCardPayment: container.get(ShowCardPayment), confirmCardPayment: container.get(ConfirmCardPayment) },
      auth,
      { publicBaseUrl: config.publicBaseUrl, secretHash: container.get(TOKENS.CardCheckoutSetup).secretHash, logger, sandbox: container.get(TOKENS.CardCheckoutSetup).sandbox },
    ),
  ];
  for (const router of routers) app.use(router.routes());

  // A known API address asked with a method it does not route: 405 with `Allow`, not a 404.
  app.use(refuseUnroutedMethods([ussd, uploadReceiving, ...routers], { [OPENAPI_PATH]: ['GET'] }));

  // A path or method no router answers, under /api, is a JSON 404, never the web client.
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return sendError(ctx, 'not_found');
    return next();
  });

  if (webClientAvailable(config.webDistDir)) app.use(staticWeb(config.webDistDir));
  else logger.warn({ dir: config.webDistDir }, 'no web client build found: serving the API only (run `npx vite build --config web/vite.config.ts`)');

  return app;
}

const OPENAPI_PATH = '/api/openapi.json';
const ERRORS_FALLBACK = 'The request could not be read.';
/** About how long a PostgreSQL restart or a failover takes (README "A primary that fails over"). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function authUseCases(container: Container): AuthUseCases {
  return {
    registerAccount: container.get(RegisterAccount),
    signIn: container.get(SignIn),
    signOut: container.get(SignOut),
    signOutEverywhere: container.get(SignOutEverywhere),
    requestSignInLink: container.get(RequestSignInLink),
    redeemSignInLink: container.get(RedeemSignInLink),
    listSessions: container.get(ListSessions),
    revokeSession: container.get(RevokeSession),
    changePassword: container.get(ChangePassword),
    requestPasswordReset: container.get(RequestPasswordReset),
    resetPassword: container.get(ResetPassword),
    providerSignIn: container.get(TOKENS.ProviderSignIn),
  };
}

/** The savings API's routers, each given the use cases it calls. */
function savingsRouters(container: Container, auth: Authentication) {
  const tontines = tontineRoutes(
    {
      browseTontines: container.get(BrowseTontines),
      listMemberTontines: container.get(ListMemberTontines),
      listTontineCategories: container.get(ListTontineCategories),
      createTontine: container.get(CreateTontine),
      showTontine: container.get(ShowTontine),
      listTontineMembers: container.get(ListTontineMembers),
      joinTontine: container.get(JoinTontine),
      startTontine: container.get(StartTontine),
      showPayoutOrder: container.get(ShowPayoutOrder),
      showGroupBooks: container.get(ShowGroupBooks),
      listGroupFines: container.get(ListGroupFines),
      waiveFine: container.get(WaiveFine),
      drawPayoutOrder: container.get(DrawPayoutOrder),
      listTurnSwaps: container.get(ListTurnSwaps),
      proposeTurnSwap: container.get(ProposeTurnSwap),
      acceptTurnSwap: container.get(AcceptTurnSwap),
      listChatMessages: container.get(ListChatMessages),
      postChatMessage: container.get(PostChatMessage),
      withdrawSavings: container.get(WithdrawSavings),
      showPayment: container.get(ShowPayment),
      recommendTontines: container.get(RecommendTontines),
      showSavingsDashboard: container.get(ShowSavingsDashboard),
    },
    auth,
  );
  const payments = paymentRoutes(
    {
      listMemberContributions: container.get(ListMemberContributions),
      listTontineContributions: container.get(ListTontineContributions),
      payContribution: container.get(PayContributionByMobileMoney),
      showPayment: container.get(ShowPayment),
      showContributionPayment: container.get(ShowContributionPayment),
      reconcilePayment: container.get(ReconcilePayment),
      listNotifications: container.get(ListNotifications),
      listNotificationPage: container.get(ListNotificationPage),
      markNotificationRead: container.get(MarkNotificationRead),
      markAllNotificationsRead: container.get(MarkAllNotificationsRead),
    },
    auth,
    {
      parsers: { mtn: container.get(TOKENS.MtnCallbackParser), airtel: container.get(TOKENS.AirtelCallbackParser) },
      tokens: container.get(TOKENS.CallbackTokens),
      logger: container.get(TOKENS.Logger),
      airtelSecret: container.get(TOKENS.AirtelCallbackSecret),
      providers: container.get(TOKENS.Config).mobileMoney.provider === 'sandbox' ? { mtn: 'sandbox', airtel: 'sandbox' } : { mtn: 'mtn', airtel: 'airtel' },
    },
  );
  return [tontines, payments];
}
