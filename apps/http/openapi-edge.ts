/**
 * The answers the server's edge gives to any operation, before or around its route (apps/server.ts):
 * added to every operation of the OpenAPI document here, in one place, so that a path file
 * declares only what its own routes answer (docs/api-contract.md).
 *
 * - 400 `invalid_characters`: a control character in the path, the query or a JSON body
 *   (input-guard.ts; the upload addresses check theirs themselves), on every `/api/` operation.
 * - 400 `invalid_json`, 413 `payload_too_large`, 415 `unsupported_media_type`: the JSON body
 *   parser, on every `/api/` POST, PUT and PATCH (it parses whatever the operation declares,
 *   when it is sent as JSON) but the upload addresses, which read their raw bytes before it.
 * - 400 `validation_failed`: a JSON body that is not the object the operation declares.
 * - 403 `cross_site_request`: a browser's POST, PUT, PATCH or DELETE from another site
 *   (cross-site-guard.ts), on every path.
 * - 404 `not_found`: a path parameter the router cannot take (such as a stray `%`), on every
 *   operation with one under `/api/`.
 * - 503 `database_unavailable` with Retry-After: PostgreSQL unreachable for a moment (apps/server.ts),
 *   on every `/api/` operation but the document itself.
 *
 * Where an operation declares the status already, the codes are merged into its answer; where it
 * does not, it refers to a shared response of `components.responses`.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { REFUSED_CHARACTERS } from './input-guard.ts';
import { ERROR_CODES, error, errorBody, isPlainErrorBody, SHARED_RESPONSES } from './openapi-parts.ts';

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
const PARSED = new Set(['post', 'put', 'patch']);
const OPERATIONS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type Shared = keyof typeof SHARED_RESPONSES;

/** The codes the edge may answer an operation, by status, with the shared answer that says exactly that. */
function edgeOf(path: string, method: string, operation: ZodOpenApiOperationObject): Array<[status: string, codes: ErrorCode[], shared: Shared]> {
  const api = path.startsWith('/api/');
  const content = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody.content : undefined;
  const rawBody = content !== undefined && 'application/octet-stream' in content;
  const jsonBody = content !== undefined && 'application/json' in content;
  const parsed = api && PARSED.has(method) && !rawBody;
  const edge: Array<[string, ErrorCode[], Shared]> = [];
  if (api) {
    if (parsed && jsonBody) edge.push(['400', ['invalid_characters', 'invalid_json', 'validation_failed'], 'InvalidRequest']);
    else if (parsed) edge.push(['400', ['invalid_characters', 'invalid_json'], 'InvalidBody']);
    else edge.push(['400', ['invalid_characters'], 'InvalidCharacters']);
  }
  if (UNSAFE.has(method)) edge.push(['403', ['cross_site_request'], 'CrossSiteRequest']);
  if (api && /\{[^}]+\}/.test(path)) edge.push(['404', ['not_found'], 'NotFound']);
  if (parsed) edge.push(['413', ['payload_too_large'], 'PayloadTooLarge'], ['415', ['unsupported_media_type'], 'UnsupportedMediaType']);
  if (api && path !== '/api/openapi.json') edge.push(['503', ['database_unavailable'], 'DatabaseUnavailable']);
  return edge;
}

type Responses = ZodOpenApiOperationObject['responses'];
type Declared = Responses[`${1 | 2 | 3 | 4 | 5}${string}`];

/** The operation's own answer for a status, with the edge's codes added. */
function merged(declared: Declared, codes: ErrorCode[]): Declared {
  if ('$ref' in declared) throw new Error(`merge edge codes into a shared response (${declared.$ref}): declare the codes in its description`);
  const own = ((declared as unknown as Record<string, unknown>)[ERROR_CODES] as ErrorCode[] | undefined) ?? [];
  const added = codes.filter((code) => !own.includes(code));
  if (added.length === 0) return declared;
  const description = `${declared.description}; and as on every such operation: ${added.join(', ')}`;
  const media = declared.content?.['application/json'];
  if (isPlainErrorBody(media?.schema)) return { ...declared, ...error(description, [...own, ...added]) };
  // An answer with its own body (a conflict carrying the new key facts …): either that body or the edge's error.
  if (!media?.schema || !(media.schema instanceof z.ZodType)) throw new Error(`cannot merge edge codes into "${declared.description}"`);
  return { ...declared, description, [ERROR_CODES]: [...own, ...added], content: { 'application/json': { ...media, schema: z.union([media.schema, errorBody(added)]) } } };
}

function withEdge(path: string, method: string, operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  const responses: Responses = { ...operation.responses };
  for (const [status, codes, sharedId] of edgeOf(path, method, operation)) {
    const key = status as `${4 | 5}${string}`;
    const declared = responses[key];
    responses[key] = declared === undefined ? SHARED_RESPONSES[sharedId] : merged(declared, codes);
  }
  return { ...operation, responses };
}

export function withEdgeResponses(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, value]) => [method, OPERATIONS.has(method) ? withEdge(path, method, value as ZodOpenApiOperationObject) : value])),
    ]),
  );
}

type Json = Record<string, unknown>;
/** A string the edge lets through: none of the refused characters (input-guard.ts). */
export const ACCEPTED_TEXT = `^[^${REFUSED_CHARACTERS}]*$`;

/**
 * The edge's refusal of control characters, written into the document's request schemas: every
 * string a request carries to an `/api/` operation (a parameter, or a JSON body's values and keys)
 * gets the pattern the edge holds it to (and no key is `__proto__`, which the JSON parser refuses), so that the document refuses what the server refuses.
 * Components the requests use are changed in place, once (an answer that reuses one is held to it
 * too, which it keeps: nothing stored came in with such a character).
 */
export function refuseControlCharactersInRequests(document: { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } }): void {
  const seen = new Set<unknown>();
  const visit = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
    seen.add(schema);
    const s = schema as Json;
    if (typeof s.$ref === 'string') return visit(document.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')]);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('string') && s.enum === undefined && s.const === undefined && s.format === undefined) {
      if (s.pattern === undefined) s.pattern = ACCEPTED_TEXT;
      else if (s.pattern !== ACCEPTED_TEXT) s.allOf = [...((s.allOf as unknown[]) ?? []), { pattern: ACCEPTED_TEXT }];
    }
    // The JSON parser refuses a `__proto__` key (invalid_json), as it refuses the control characters.
    if (types.includes('object')) s.propertyNames = { pattern: ACCEPTED_TEXT, not: { const: '__proto__' } };
    for (const key of ['properties', 'patternProperties', '$defs']) for (const child of Object.values((s[key] as Json) ?? {})) visit(child);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const child of (s[key] as unknown[]) ?? []) visit(child);
    for (const key of ['items', 'additionalProperties', 'not', 'contains']) visit(s[key]);
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!OPERATIONS.has(method)) continue;
      const op = operation as { parameters?: Array<{ schema?: unknown }>; requestBody?: { content?: Record<string, { schema?: unknown }> } };
      for (const parameter of op.parameters ?? []) visit(parameter.schema);
      const json = op.requestBody?.content?.['application/json'];
      if (json) visit(json.schema);
    }
  }
}
