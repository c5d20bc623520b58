/**
 * The building blocks every path file of the OpenAPI document uses (auth, savings, loans,
 * Africa's Talking callbacks), so that a response, an error and a signed-in operation are written
 * one way.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { z } from 'zod';
import { ErrorResponse } from './auth-schemas.ts';
import { ERRORS, type ErrorCode } from './errors.ts';

export const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

export const list = (schema: z.ZodType) => z.array(schema);

/** Where an error response lists its codes, machine-readably (apps/http/openapi-edge.ts merges them). */
export const ERROR_CODES = 'x-error-codes';

/** The codes of apps/http/errors.ts a text names, in order. */
export function codesNamedIn(text: string): ErrorCode[] {
  const words: string[] = text.match(/[a-z][a-z0-9_]*/g) ?? [];
  return [...new Set(words.filter((word): word is ErrorCode => Object.hasOwn(ERRORS, word)))];
}

const plainErrorBodies = new WeakSet<z.ZodType>();
/** The `{error, code}` body with `code` one of `codes`: the contract test refuses any other code. */
export function errorBody(codes: readonly ErrorCode[]): z.ZodType {
  const body = ErrorResponse.and(z.looseObject({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }));
  plainErrorBodies.add(body);
  return body;
}
/** Whether a schema is one `errorBody` made (and nothing else: no field of its own). */
export const isPlainErrorBody = (schema: unknown): boolean => schema instanceof z.ZodType && plainErrorBodies.has(schema);

/**
 * An error answer: `{error, code}`. The description names the codes it may carry (the words of it
 * that are codes of apps/http/errors.ts), and the schema allows those codes only; a description
 * naming none is a mistake, refused when the document is built.
 */
export function error(description: string, codes: readonly ErrorCode[] = codesNamedIn(description)) {
  if (codes.length === 0) throw new Error(`An error response names its codes (apps/http/errors.ts): "${description}"`);
  return { description, [ERROR_CODES]: [...codes], ...json(errorBody(codes)) };
}

/** The shared answers, each registered once under `components.responses` by its id. */
const shared = (id: string, description: string) => ({ id, ...error(description) });
export const SHARED_RESPONSES = {
  InvalidCharacters: shared('InvalidCharacters', 'invalid_characters: a control character in the path or the query'),
  InvalidBody: shared('InvalidBody', 'invalid_characters (in the path, the query or the body), invalid_json (a body sent as JSON that is not)'),
  InvalidRequest: shared('InvalidRequest', 'invalid_characters (in the path, the query or the body), invalid_json (a body sent as JSON that is not), validation_failed (the body is not the object declared, with `fields`)'),
  Unauthenticated: shared('Unauthenticated', 'unauthenticated: no session, or an ended one'),
  CrossSiteRequest: shared('CrossSiteRequest', 'cross_site_request: a browser’s request from another site (send a bearer token, or use our own pages)'),
  NotFound: shared('NotFound', 'not_found: a path parameter the router cannot take'),
  PayloadTooLarge: shared('PayloadTooLarge', 'payload_too_large: a JSON body over 100 kB'),
  UnsupportedMediaType: shared('UnsupportedMediaType', 'unsupported_media_type: a body in an encoding the server does not read'),
  MethodNotAllowed: shared('MethodNotAllowed', 'method_not_allowed: a method the path does not list (the `Allow` header lists those it does)'),
  RateLimited: { ...shared('RateLimited', 'rate_limited: too many attempts in the window'), headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' as const } } } },
  DatabaseUnavailable: {
    ...shared('DatabaseUnavailable', 'database_unavailable: PostgreSQL cannot be reached for a moment (a restart or a failover); whatever the request had written was rolled back'),
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' as const } } },
  },
} satisfies Record<string, ZodOpenApiResponseObject>;

/** A session token as a bearer token or in the session cookie. */
export const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

type Extra = Partial<ZodOpenApiOperationObject>;

export function op(summary: string, responses: ZodOpenApiResponsesObject, extra: Extra = {}): ZodOpenApiOperationObject {
  return { summary, responses, ...extra };
}

/** An operation for a signed-in member: the security schemes and the 401 it answers without them. */
export function authed(summary: string, responses: ZodOpenApiResponsesObject, extra: Extra = {}): ZodOpenApiOperationObject {
  return op(summary, { ...responses, '401': SHARED_RESPONSES.Unauthenticated }, { security, ...extra });
}

/** The `Idempotency-Key` header a payment or an application needs; each use says what a repeat answers. */
export function idempotencyKey(description: string, pattern?: string, required = true) {
  return {
    in: 'header' as const,
    name: 'Idempotency-Key',
    required,
    description,
    schema: pattern === undefined ? { type: 'string' as const } : { type: 'string' as const, pattern },
  };
}

export const idParam = (name = 'id') => ({ in: 'path' as const, name, required: true, schema: { type: 'string' as const, format: 'uuid' } });
