/**
 * The one table from error codes to HTTP answers. Every failure leaves the API as
 * `{ "error": "<human message>", "code": "<snake_case>" }` (validation failures add `fields`).
 */
import type { Context } from 'koa';

export const ERRORS = {
  validation_failed: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  unauthenticated: { status: 401, message: 'Please sign in to continue.' },
  invalid_credentials: { status: 401, message: 'Invalid email or password' },
  not_found: { status: 404, message: 'Not found.' },
  sso_disabled: { status: 404, message: 'Google sign-in is not enabled.' },
  email_taken: { status: 409, message: 'An account with this email already exists.' },
  invalid_or_expired_link: { status: 400, message: 'This sign-in link is invalid or has expired.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  internal_error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

export function sendError(ctx: Context, code: ErrorCode, options: { message?: string; fields?: Record<string, string>; retryAfterSeconds?: number } = {}): void {
  const entry = ERRORS[code];
  ctx.status = entry.status;
  if (options.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(options.retryAfterSeconds));
  const body: ErrorBody = { error: options.message ?? entry.message, code };
  if (options.fields) body.fields = options.fields;
  ctx.body = body;
}

/** Answers a use case's failure; `rate_limited` carries its wait. */
export function sendFailure(ctx: Context, failure: { error: ErrorCode; retryAfterSeconds?: number }): void {
  sendError(ctx, failure.error, failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds });
}
