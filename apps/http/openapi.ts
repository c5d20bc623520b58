/** The OpenAPI 3.1 document, generated from the same zod schemas that validate the requests. */
import { createDocument } from 'zod-openapi';
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import type { z } from 'zod';
import {
  ErrorResponse,
  GoogleStatusResponse,
  HealthResponse,
  LoginRequest,
  MagicLinkRequest,
  MagicLinkResponse,
  ProfileCompletionResponse,
  ProfileResponse,
  RedeemRequest,
  RegisterRequest,
  SignedInResponse,
  UserResponse,
} from './auth-schemas.ts';
import { loanPaths } from './loan-openapi.ts';

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const error = (description: string) => ({ description, ...json(ErrorResponse) });
const rateLimited = { '429': { ...error('Too many attempts (`rate_limited`); see Retry-After.'), headers: { 'Retry-After': { schema: { type: 'integer' as const } } } } };
const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

function op(summary: string, responses: ZodOpenApiResponsesObject, extra: Partial<ZodOpenApiOperationObject> = {}): ZodOpenApiOperationObject {
  return { summary, responses, ...extra };
}

export function openApiDocument(): ReturnType<typeof createDocument> {
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Ikimina API', version: '0.1.0', description: 'Community finance for Rwanda.' },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'ikimina_session' },
      },
    },
    paths: {
      ...loanPaths,
      '/healthz': { get: op('The process is up', { '200': { description: 'Up', ...json(HealthResponse) } }) },
      '/readyz': { get: op('The database is reachable', { '200': { description: 'Ready', ...json(HealthResponse) }, '503': error('Database unreachable') }) },
      '/api/openapi.json': { get: op('This document', { '200': { description: 'OpenAPI 3.1' } }) },
      '/api/auth/register': {
        post: op(
          'Create an account and sign in',
          { '201': { description: 'Signed in', ...json(SignedInResponse) }, '400': error('validation_failed'), '409': error('email_taken'), ...rateLimited },
          { requestBody: json(RegisterRequest) },
        ),
      },
      '/api/auth/login': {
        post: op(
          'Sign in with e-mail and password',
          { '200': { description: 'Signed in', ...json(SignedInResponse) }, '400': error('validation_failed'), '401': error('invalid_credentials'), ...rateLimited },
          { requestBody: json(LoginRequest) },
        ),
      },
      '/api/auth/logout': { post: op('Revoke the current session and clear the cookie', { '204': { description: 'Signed out' } }, { security: bearer }) },
      '/api/auth/magic-link': {
        post: op(
          'E-mail a single-use sign-in link (same answer whether or not the account exists)',
          { '202': { description: 'Accepted', ...json(MagicLinkResponse) }, '400': error('validation_failed'), ...rateLimited },
          { requestBody: json(MagicLinkRequest) },
        ),
      },
      '/api/auth/magic-link/redeem': {
        post: op(
          'Redeem a sign-in link',
          { '200': { description: 'Signed in', ...json(SignedInResponse) }, '400': error('invalid_or_expired_link or validation_failed') },
          { requestBody: json(RedeemRequest) },
        ),
      },
      '/api/auth/google-status': { get: op('Whether Google sign-in is enabled', { '200': { description: 'Status', ...json(GoogleStatusResponse) } }) },
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
          { security: bearer },
        ),
      },
      '/api/user': {
        get: op(
          'The signed-in user',
          { '200': { description: 'User', ...json(UserResponse.extend({ profile: ProfileResponse })) }, '401': error('unauthenticated') },
          { security: bearer },
        ),
      },
    },
  });
}
