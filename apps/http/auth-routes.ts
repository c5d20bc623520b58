/**
 * The accounts API (/api/auth/*, /api/user). Each route parses with zod, calls one use case,
 * maps its result through the error table and shapes the answer.
 */
import { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Authenticate } from '../../core/accounts/authenticate.ts';
import type { ChangePassword } from '../../core/accounts/change-password.ts';
import type { ListSessions, RevokeSession } from '../../core/accounts/member-sessions.ts';
import { profileCompletion } from '../../core/accounts/profile-completion.ts';
import type { RedeemSignInLink } from '../../core/accounts/redeem-sign-in-link.ts';
import type { RegisterAccount } from '../../core/accounts/register-account.ts';
import type { RequestSignInLink } from '../../core/accounts/request-sign-in-link.ts';
import type { RequestPasswordReset, ResetPassword } from '../../core/accounts/reset-password.ts';
import type { SessionClient } from '../../core/accounts/session.ts';
import type { SignIn } from '../../core/accounts/sign-in.ts';
import type { SignInWithProvider } from '../../core/accounts/sign-in-with-provider.ts';
import type { SignOut, SignOutEverywhere } from '../../core/accounts/sign-out.ts';
import type { StartProviderSignIn } from '../../core/accounts/start-provider-sign-in.ts';
import type { SignedIn } from '../../core/accounts/start-session.ts';
import type { User } from '../../core/accounts/user.ts';
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

type AuthMiddleware = (ctx: Context, next: Next) => Promise<unknown>;

/** The two ways a route reads the session: every channel of the API shares them. */
export interface Authentication {
  /** Lets only requests with a live session through; puts the user on `ctx.state.auth`. */
  required: AuthMiddleware;
  /** Puts the signed-in user on `ctx.state.auth` when there is one; lets everyone through. */
  optional: AuthMiddleware;
}

export function authentication(authenticate: Pick<Authenticate, 'execute'>): Authentication {
  /** The session of the request, when its secret names a live one. */
  const authState = async (ctx: Context): Promise<AuthState | null> => {
    const sessionToken = sessionTokenOf(ctx);
    if (!sessionToken) return null;
    const result = await authenticate.execute({ sessionToken });
    return result.ok ? { user: result.value.user, sessionId: result.value.sessionId, sessionToken } : null;
  };
  return {
    required: async (ctx, next) => {
      const auth = await authState(ctx);
      if (!auth) return sendError(ctx, 'unauthenticated');
      ctx.state.auth = auth;
      return next();
    },
    optional: async (ctx, next) => {
      const auth = await authState(ctx);
      if (auth) ctx.state.auth = auth;
      return next();
    },
  };
}

/** What the accounts API calls. */
export interface AuthUseCases {
  registerAccount: RegisterAccount;
  signIn: SignIn;
  signOut: SignOut;
  signOutEverywhere: SignOutEverywhere;
  requestSignInLink: RequestSignInLink;
  redeemSignInLink: RedeemSignInLink;
  listSessions: ListSessions;
  revokeSession: RevokeSession;
  changePassword: ChangePassword;
  requestPasswordReset: RequestPasswordReset;
  resetPassword: ResetPassword;
  /** Null when no identity provider is configured. */
  providerSignIn: { start: StartProviderSignIn; finish: SignInWithProvider } | null;
}

export interface AuthRoutesSettings {
  /** PUBLIC_BASE_URL: cookies are `Secure` under https, and the provider's callback URL is rebuilt from it. */
  publicBaseUrl: string;
  logger: Logger;
}

export function authRoutes(useCases: AuthUseCases, auth: Authentication, settings: AuthRoutesSettings): Router {
  const { publicBaseUrl, logger } = settings;
  const { providerSignIn } = useCases;
  const secure = publicBaseUrl.startsWith('https://');
  const router = new Router({ prefix: '/api' });
  const authenticated = auth.required;

  const signedIn = (ctx: Context, status: number, session: SignedIn) => {
    const maxAge = (session.expiresAt.getTime() - Date.now()) / 1000;
    setCookie(ctx, SESSION_COOKIE, session.token, maxAge, { secure });
    ctx.status = status;
    ctx.body = presentSignedIn(session);
  };

  router.post('/auth/register', async (ctx) => {
    const input = parseBody(ctx, RegisterRequest);
    if (!input) return;
    const result = await useCases.registerAccount.execute({
      email: input.email,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      // The form's empty field is no number.
      phoneNumber: input.phone || null,
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
    const result = await useCases.signIn.execute({ email: input.email, password: input.password, clientIp: ctx.ip, userAgent: clientOf(ctx).userAgent });
    if (!result.ok) return sendFailure(ctx, result);
    signedIn(ctx, 200, result.value);
  });

  router.post('/auth/logout', async (ctx) => {
    const token = sessionTokenOf(ctx);
    if (token) await useCases.signOut.execute({ sessionToken: token });
    clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 204;
  });

  router.post('/auth/magic-link', async (ctx) => {
    const input = parseBody(ctx, MagicLinkRequest);
    if (!input) return;
    const result = await useCases.requestSignInLink.execute({ email: input.email, clientIp: ctx.ip });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.status = 202;
    ctx.body = { message: MAGIC_LINK_SENT };
  });

  router.post('/auth/magic-link/redeem', async (ctx) => {
    const input = parseBody(ctx, RedeemRequest);
    if (!input) return;
    const result = await useCases.redeemSignInLink.execute({ token: input.token, client: clientOf(ctx) });
    if (!result.ok) return sendFailure(ctx, result);
    signedIn(ctx, 200, result.value);
  });

  router.post('/auth/logout-everywhere', authenticated, async (ctx) => {
    await useCases.signOutEverywhere.execute({ userId: (ctx.state.auth as AuthState).user.id });
    clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 204;
  });

  router.get('/auth/sessions', authenticated, async (ctx) => {
    const { user, sessionId } = ctx.state.auth as AuthState;
    const sessions = await useCases.listSessions.execute({ userId: user.id, currentSessionId: sessionId });
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
    const result = await useCases.revokeSession.execute({ userId: user.id, sessionId: id.data });
    if (!result.ok) return sendFailure(ctx, result);
    if (id.data === sessionId) clearCookie(ctx, SESSION_COOKIE, { secure });
    ctx.status = 204;
  });

  router.post('/auth/password/change', authenticated, async (ctx) => {
    const input = parseBody(ctx, ChangePasswordRequest);
    if (!input) return;
    const { user, sessionId } = ctx.state.auth as AuthState;
    const result = await useCases.changePassword.execute({
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
    const result = await useCases.requestPasswordReset.execute({ email: input.email, clientIp: ctx.ip });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.status = 202;
    ctx.body = { message: PASSWORD_RESET_SENT };
  });

  router.post('/auth/password-reset/confirm', async (ctx) => {
    const input = parseBody(ctx, PasswordResetConfirmRequest);
    if (!input) return;
    const result = await useCases.resetPassword.execute({ token: input.token, newPassword: input.password, client: clientOf(ctx) });
    if (!result.ok) return sendFailure(ctx, result);
    signedIn(ctx, 200, result.value);
  });

  router.get('/auth/google-status', (ctx) => {
    ctx.body = { enabled: providerSignIn !== null };
  });

  router.get('/auth/google', async (ctx) => {
    if (!providerSignIn) return sendError(ctx, 'sso_disabled');
    const { authorizationUrl, state } = await providerSignIn.start.execute();
    // Binds the attempt to this browser: a callback URL planted in another browser is refused.
    setCookie(ctx, SSO_STATE_COOKIE, state, 600, { secure, path: SSO_COOKIE_PATH });
    ctx.redirect(authorizationUrl);
  });

  router.get('/auth/google/callback', async (ctx) => {
    if (!providerSignIn) return sendError(ctx, 'sso_disabled');
    clearCookie(ctx, SSO_STATE_COOKIE, { secure, path: SSO_COOKIE_PATH });
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    if (!state || readCookie(ctx, SSO_STATE_COOKIE) !== state) return ctx.redirect('/?signin_error=sso_state_mismatch');
    // The provider redirected to PUBLIC_BASE_URL: rebuild that URL rather than trusting Host.
    const callbackUrl = `${publicBaseUrl}${ctx.originalUrl}`;
    let result: Awaited<ReturnType<SignInWithProvider['execute']>>;
    try {
      result = await providerSignIn.finish.execute({ callbackUrl, state, clientIp: ctx.ip });
    } catch (error) {
      // The browser is mid-redirect: send it home with a code rather than a JSON 500.
      logger.error({ err: error, requestId: ctx.state.requestId }, 'provider sign-in failed');
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
