/**
 * The accounts API (/api/auth/*, /api/user). Each route parses with zod, calls one use case,
 * maps its result through the error table and shapes the answer.
 */
import { Router } from '@koa/router';
import type { Container } from 'inversify';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { Authenticate } from '../../core/accounts/authenticate.ts';
import { ChangePassword } from '../../core/accounts/change-password.ts';
import { ListSessions, RevokeSession } from '../../core/accounts/member-sessions.ts';
import { profileCompletion } from '../../core/accounts/profile-completion.ts';
import { RedeemSignInLink } from '../../core/accounts/redeem-sign-in-link.ts';
import { RegisterAccount } from '../../core/accounts/register-account.ts';
import { RequestSignInLink } from '../../core/accounts/request-sign-in-link.ts';
import { RequestPasswordReset, ResetPassword } from '../../core/accounts/reset-password.ts';
import type { SessionClient } from '../../core/accounts/session.ts';
import { SignIn } from '../../core/accounts/sign-in.ts';
import { SignOut, SignOutEverywhere } from '../../core/accounts/sign-out.ts';
import type { SignedIn } from '../../core/accounts/start-session.ts';
import type { User } from '../../core/accounts/user.ts';
import { TOKENS } from '../container.ts';
import {
  ChangePasswordRequest,
  LoginRequest,
  MagicLinkRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  RedeemRequest,
  RegisterRequest,
  type SessionResponse,
} from './auth-schemas.ts';
import { sendError, sendFailure } from './errors.ts';
import { presentProfile, presentSignedIn, presentUser } from './presenters.ts';
import { clearCookie, readCookie, SESSION_COOKIE, sessionTokenOf, setCookie } from './session-cookie.ts';
import { parseBody } from './validation.ts';

export const MAGIC_LINK_SENT = 'If an account exists for this email, a sign-in link is on its way.';
export const PASSWORD_RESET_SENT = 'If an account exists for this email, a link to reset the password is on its way.';
const SSO_STATE_COOKIE = 'ikimina_sso_state';
const SSO_COOKIE_PATH = '/api/auth/google';

export interface AuthState {
  user: User;
  sessionToken: string;
  sessionId: string;
}

/** Where a session is started from, for the member's session list: control characters dropped. */
function clientOf(ctx: Context): SessionClient {
  const userAgent = ctx.get('User-Agent').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return { ip: ctx.ip.slice(0, 64) || null, userAgent: userAgent || null };
}

const SessionId = z.uuid();

/** Lets only requests with a live session through; puts the user on `ctx.state`. */
export function requireUser(container: Container) {
  return async (ctx: Context, next: Next) => {
    const token = sessionTokenOf(ctx);
    const result = token ? await container.get(Authenticate).execute(token) : null;
    if (!token || !result?.ok) return sendError(ctx, 'unauthenticated');
    ctx.state.auth = { user: result.value.user, sessionId: result.value.sessionId, sessionToken: token } satisfies AuthState;
    return next();
  };
}

/** Puts the signed-in user on `ctx.state.auth` when there is one; lets everyone through. */
export function optionalUser(authenticate: Pick<Authenticate, 'execute'>) {
  return async (ctx: Context, next: Next) => {
    const token = sessionTokenOf(ctx);
    const result = token ? await authenticate.execute(token) : null;
    if (token && result?.ok) ctx.state.auth = { user: result.value.user, sessionId: result.value.sessionId, sessionToken: token } satisfies AuthState;
    return next();
  };
}

/** The two ways a route lets a request through: with a live session only, or anyone (the user noted when signed in). */
export interface AuthMiddleware {
  required: Middleware;
  optional: Middleware;
}

export function authRoutes(container: Container): Router {
  const config = container.get(TOKENS.Config);
  const secure = config.publicBaseUrl.startsWith('https://');
  const router = new Router({ prefix: '/api' });
  const authenticated = requireUser(container);

  const signedIn = (ctx: Context, status: number, session: SignedIn) => {
    const maxAge = (session.expiresAt.getTime() - Date.now()) / 1000;
    setCookie(ctx, SESSION_COOKIE, session.token, maxAge, { secure });
    ctx.status = status;
    ctx.body = presentSignedIn(session);
  };

  router.post('/auth/register', async (ctx) => {
    const input = parseBody(ctx, RegisterRequest);
    if (!input) return;
    const result = await container.get(RegisterAccount).execute({
      email: input.email,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phone ?? null,
      language: input.language,
      clientIp: ctx.ip,
      userAgent: clientOf(ctx).userAgent,
    });
    if (!result.ok) return sendFailure(ctx, result);
    signedIn(ctx, 201, result.value);
  });

  router.post('/auth/login', async (ctx) => {
    const input = parseBody(ctx, LoginRequest);
    if (!input) return;
    const result = await container.get(SignIn).execute({ email: input.email, password: input.password, clientIp: ctx.ip, userAgent: clientOf(ctx).userAgent });
    if (!result.ok) return sendFailure(ctx, result);
    signedIn(ctx, 200, result.value);
  });

  router.post('/auth/logout', async (ctx) => {
    const token = sessionTokenOf(ctx);
    if (token) await container.get(SignOut).execute(token);
    clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 204;
  });

  router.post('/auth/magic-link', async (ctx) => {
    const input = parseBody(ctx, MagicLinkRequest);
    if (!input) return;
    const result = await container.get(RequestSignInLink).execute({ email: input.email, clientIp: ctx.ip });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.status = 202;
    ctx.body = { message: MAGIC_LINK_SENT };
  });

  router.post('/auth/magic-link/redeem', async (ctx) => {
    const input = parseBody(ctx, RedeemRequest);
    if (!input) return;
    const result = await container.get(RedeemSignInLink).execute(input.token, clientOf(ctx));
    if (!result.ok) return sendFailure(ctx, result);
    signedIn(ctx, 200, result.value);
  });

  router.post('/auth/logout-everywhere', authenticated, async (ctx) => {
    await container.get(SignOutEverywhere).execute((ctx.state.auth as AuthState).user.id);
    clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 204;
  });

  router.get('/auth/sessions', authenticated, async (ctx) => {
    const { user, sessionId } = ctx.state.auth as AuthState;
    const sessions = await container.get(ListSessions).execute(user.id, sessionId);
    ctx.body = {
      sessions: sessions.map(
        (s): z.infer<typeof SessionResponse> => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          endsAt: s.endsAt.toISOString(),
          ipAddress: s.clientIp,
          userAgent: s.userAgent,
          current: s.current,
        }),
      ),
    };
  });

  router.delete('/auth/sessions/:id', authenticated, async (ctx) => {
    const { user, sessionId } = ctx.state.auth as AuthState;
    // Not a UUID: no session of anyone's, and never a database error.
    const id = SessionId.safeParse(ctx.params.id);
    if (!id.success) return sendError(ctx, 'session_not_found');
    const result = await container.get(RevokeSession).execute(user.id, id.data);
    if (!result.ok) return sendFailure(ctx, result);
    if (id.data === sessionId) clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 204;
  });

  router.post('/auth/password/change', authenticated, async (ctx) => {
    const input = parseBody(ctx, ChangePasswordRequest);
    if (!input) return;
    const { user, sessionId } = ctx.state.auth as AuthState;
    const result = await container.get(ChangePassword).execute({
      userId: user.id,
      sessionId,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      clientIp: ctx.ip,
    });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.status = 204;
  });

  router.post('/auth/password-reset', async (ctx) => {
    const input = parseBody(ctx, PasswordResetRequest);
    if (!input) return;
    const result = await container.get(RequestPasswordReset).execute({ email: input.email, clientIp: ctx.ip });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.status = 202;
    ctx.body = { message: PASSWORD_RESET_SENT };
  });

  router.post('/auth/password-reset/confirm', async (ctx) => {
    const input = parseBody(ctx, PasswordResetConfirmRequest);
    if (!input) return;
    const result = await container.get(ResetPassword).execute({ token: input.token, newPassword: input.password, client: clientOf(ctx) });
    if (!result.ok) return sendFailure(ctx, result);
    signedIn(ctx, 200, result.value);
  });

  router.get('/auth/google-status', (ctx) => {
    ctx.body = { enabled: container.get(TOKENS.ProviderSignIn) !== null };
  });

  router.get('/auth/google', async (ctx) => {
    const provider = container.get(TOKENS.ProviderSignIn);
    if (!provider) return sendError(ctx, 'sso_disabled');
    const { authorizationUrl, state } = await provider.start.execute();
    // Binds the attempt to this browser: a callback URL planted in another browser is refused.
    setCookie(ctx, SSO_STATE_COOKIE, state, 600, { secure, path: SSO_COOKIE_PATH });
    ctx.redirect(authorizationUrl);
  });

  router.get('/auth/google/callback', async (ctx) => {
    const provider = container.get(TOKENS.ProviderSignIn);
    if (!provider) return sendError(ctx, 'sso_disabled');
    clearCookie(ctx, SSO_STATE_COOKIE, { secure, path: SSO_COOKIE_PATH });
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    if (!state || readCookie(ctx, SSO_STATE_COOKIE) !== state) return ctx.redirect('/?signin_error=sso_state_mismatch');
    // The provider redirected to PUBLIC_BASE_URL: rebuild that URL rather than trusting Host.
    const callbackUrl = `${config.publicBaseUrl}${ctx.originalUrl}`;
    let result: Awaited<ReturnType<typeof provider.finish.execute>>;
    try {
      result = await provider.finish.execute({ callbackUrl, state, clientIp: ctx.ip });
    } catch (error) {
      // The browser is mid-redirect: send it home with a code rather than a JSON 500.
      container.get(TOKENS.Logger).error({ err: error, requestId: ctx.state.requestId }, 'provider sign-in failed');
      return ctx.redirect('/?signin_error=sso_failed');
    }
    if (!result.ok) return ctx.redirect(`/?signin_error=${result.error}`);
    ctx.redirect(`/auth/magic-link#token=${result.value}`);
  });

  router.get('/auth/profile-completion', authenticated, (ctx) => {
    ctx.body = profileCompletion((ctx.state.auth as AuthState).user);
  });

  router.get('/user', authenticated, (ctx) => {
    const { user } = ctx.state.auth as AuthState;
    ctx.body = { ...presentUser(user), profile: presentProfile(user) };
  });

  return router;
}
