/**
 * The accounts paths of the OpenAPI document (apps/http/openapi.ts spreads them in): probes,
 * the document itself, sign-up and the ways to sign in, the signed-in user.
 */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import {
  ChangePasswordRequest,
  GoogleStatusResponse,
  HealthResponse,
  LoginRequest,
  MagicLinkRequest,
  MagicLinkResponse,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  ProfileCompletionResponse,
  ProfileResponse,
  RedeemRequest,
  RegisterRequest,
  SessionsResponse,
  SignedInResponse,
  UserResponse,
} from './auth-schemas.ts';
import { authed, error, idParam, json, op, security, SHARED_RESPONSES } from './openapi-parts.ts';

const rateLimited = { '429': SHARED_RESPONSES.RateLimited };
const signedIn = { description: 'Signed in', ...json(SignedInResponse) };

export const authPaths: ZodOpenApiPathsObject = {
  '/healthz': { get: op('The process is up', { '200': { description: 'Up', ...json(HealthResponse) } }) },
  '/readyz': {
    get: op('The database is reachable', { '200': { description: 'Ready', ...json(HealthResponse) }, '503': error('not_ready: the database is unreachable') }),
  },
  '/api/openapi.json': { get: op('This document', { '200': { description: 'OpenAPI 3.1', ...json(z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) })) } }) },
  '/api/auth/register': {
    post: op(
      'Create an account and sign in',
      { '201': signedIn, '400': error('validation_failed, phone_number_invalid'), '409': error('email_taken'), ...rateLimited },
      { requestBody: json(RegisterRequest) },
    ),
  },
  '/api/auth/login': {
    post: op(
      'Sign in with e-mail and password (wrong passwords are slowed per account and per client: 429 with a growing Retry-After)',
      { '200': signedIn, '400': error('validation_failed'), '401': error('invalid_credentials'), ...rateLimited },
      { requestBody: json(LoginRequest) },
    ),
  },
  '/api/auth/logout': { post: op('Revoke the current session and clear the cookie', { '204': { description: 'Signed out' } }, { security }) },
  '/api/auth/logout-everywhere': {
    post: authed('Revoke every session of the member, this one included, and their outstanding e-mailed links; clear the cookie', {
      '204': { description: 'Signed out everywhere' },
    }),
  },
  '/api/auth/sessions': {
    get: authed('The member’s live sessions, newest first; `current` marks this one', { '200': { description: 'Sessions', ...json(SessionsResponse) } }),
  },
  '/api/auth/sessions/{id}': {
    delete: authed(
      'Revoke one of the member’s own sessions (revoking this one also clears the cookie)',
      { '204': { description: 'Revoked' }, '404': error('session_not_found: unknown, ended, or another member’s') },
      { parameters: [idParam()] },
    ),
  },
  '/api/auth/password/change': {
    post: authed(
      'Change the password (the current one is required); every other session is revoked, this one stays',
      { '204': { description: 'Changed' }, '400': error('current_password_incorrect or validation_failed'), ...rateLimited },
      { requestBody: json(ChangePasswordRequest) },
    ),
  },
  '/api/auth/password-reset': {
    post: op(
      'E-mail a single-use password-reset link, valid 30 minutes (same answer whether or not the account exists)',
      { '202': { description: 'Accepted', ...json(MagicLinkResponse) }, '400': error('validation_failed'), ...rateLimited },
      { requestBody: json(PasswordResetRequest) },
    ),
  },
  '/api/auth/password-reset/confirm': {
    post: op(
      'Set a new password with a reset link: every session is revoked, then the member is signed in afresh',
      { '200': signedIn, '400': error('invalid_or_expired_reset_link or validation_failed') },
      { requestBody: json(PasswordResetConfirmRequest) },
    ),
  },
  '/api/auth/magic-link': {
    post: op(
      'E-mail a single-use sign-in link (same answer whether or not the account exists)',
      { '202': { description: 'Accepted', ...json(MagicLinkResponse) }, '400': error('validation_failed'), ...rateLimited },
      { requestBody: json(MagicLinkRequest) },
    ),
  },
  '/api/auth/magic-link/redeem': {
    post: op(
      'Redeem a sign-in link (an e-mailed link also revokes the member’s other sessions)',
      { '200': signedIn, '400': error('invalid_or_expired_link or validation_failed') },
      { requestBody: json(RedeemRequest) },
    ),
  },
  '/api/auth/google-status': {
    get: op('Whether Google sign-in is enabled', { '200': { description: 'Status', ...json(GoogleStatusResponse) } }),
  },
  '/api/auth/google': { get: op('Start Google sign-in', { '302': { description: 'To the provider' }, '404': error('sso_disabled') }) },
  '/api/auth/google/callback': {
    get: op('Finish Google sign-in', {
      '302': { description: 'To /auth/magic-link#token=… on success, to /?signin_error=<code> on failure' },
      '404': error('sso_disabled'),
    }),
  },
  '/api/auth/profile-completion': {
    get: op(
      'Share of the profile filled in',
      { '200': { description: 'Completion', ...json(ProfileCompletionResponse) }, '401': error('unauthenticated') },
      { security },
    ),
  },
  '/api/user': {
    get: op(
      'The signed-in user',
      { '200': { description: 'User', ...json(UserResponse.extend({ profile: ProfileResponse })) }, '401': error('unauthenticated') },
      { security },
    ),
  },
};
