import type { Context } from 'koa';
import type { z } from 'zod';
import { sendError } from './errors.ts';

/**
 * Parses a request body with its schema. On failure answers 400 `validation_failed` with the first
 * failing field's message as `error` and every field's first message in `fields`; answers null.
 * An unknown field of a strict schema is named (`Unknown field: x.`), in `fields` under its name.
 */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> | null {
  return parseInput(ctx, schema, (ctx.request as { body?: unknown }).body);
}

/** Parses a request's query string with its schema, answering a failure as parseBody does (a repeated parameter is refused by the schema: it reads an array). */
export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> | null {
  return parseInput(ctx, schema, ctx.query);
}

function parseInput<S extends z.ZodType>(ctx: Context, schema: S, input: unknown): z.output<S> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  let first: string | undefined;
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key === '' && issue.code === 'unrecognized_keys') {
      // A strict schema's unknown field: named, for the body is a JSON object.
      for (const unknown of issue.keys) fields[unknown] ??= `Unknown field: ${unknown}.`;
      first ??= `Unknown field: ${issue.keys[0]}.`;
      continue;
    }
    if (key === '') {
      first ??= 'The request body must be a JSON object.';
      continue;
    }
    fields[key] ??= issue.message;
    first ??= issue.message;
  }
  sendError(ctx, 'validation_failed', { message: first ?? 'The request is not valid.', fields });
  return null;
}
