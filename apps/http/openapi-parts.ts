/**
 * The building blocks every path file of the OpenAPI document uses (auth, savings, loans,
 * Africa's Talking callbacks), so that a response, an error and a signed-in operation are written
 * one way.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { z } from 'zod';
import { ErrorResponse } from './auth-schemas.ts';

export const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

export const list = (schema: z.ZodType) => z.array(schema);

/** An error answer: `{error, code}`; the description names the codes. */
export const error = (description: string) => ({ description, ...json(ErrorResponse) });

/** A session token as a bearer token or in the session cookie. */
export const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

type Extra = Partial<ZodOpenApiOperationObject>;

export function op(summary: string, responses: ZodOpenApiResponsesObject, extra: Extra = {}): ZodOpenApiOperationObject {
  return { summary, responses, ...extra };
}

/** An operation for a signed-in member: the security schemes and the 401 it answers without them. */
export function authed(summary: string, responses: ZodOpenApiResponsesObject, extra: Extra = {}): ZodOpenApiOperationObject {
  return op(summary, { ...responses, '401': error('unauthenticated') }, { security, ...extra });
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
