/**
 * The one way the web client talks to the API.
 *
 * Guarantees:
 * - Every call sends cookies (`credentials: 'include'`) and, when signed in, the header
 *   `Authorization: Bearer <token>`.
 * - A failed call raises an `ApiError` whose message is '{status}: {response text or status
 *   text}' (spec part 1 §8), unless the endpoint reads the server's `error` field itself.
 * - A 401 to a call that carried the stored token (other than a refused password, code
 *   `invalid_credentials`) means the server has ended that session: `endSession` clears it and
 *   tells the app (session.ts), whatever screen made the call. Otherwise no toasts, redirects or
 *   reloads happen here: callers decide what a failure means.
 */
import { endSession, readToken } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on money-moving calls. */
  headers?: Record<string, string>;
}

/** A 401 that carried the token: the session ended, unless the server refused a password typed on a signed-in screen. */
async function endSessionIfRefused(response: Response, token: string): Promise<void> {
  let code: unknown;
  try {
    code = ((await response.json()) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  if (code === 'invalid_credentials') return;
  if (readToken() === token) endSession();
}

/** A GET the inline script of index.html started before any JavaScript arrived (web/shell/inline-shell.ts, ROUTE_DATA). */
interface PrefetchedAnswer {
  token: string | null;
  at: number;
  response: Promise<Response>;
  /** Set once the answer has arrived and its body was read as JSON. */
  arrived?: { status: number; body: unknown };
}

/** An answer started at load is used only by the screen's first call for it, not seconds later by another. */
export const PREFETCH_MAX_AGE_MS = 30_000;

/** Whether a prefetched answer may stand for a call now: started under the same session, recently. */
function stillValid(answer: PrefetchedAnswer, token: string | null): boolean {
  return answer.token === token && Date.now() - answer.at <= PREFETCH_MAX_AGE_MS;
}

/**
 * The prefetched answer for this call, taken once: only a GET to the same path with the same token
 * (a session that changed since makes it worthless), started at most PREFETCH_MAX_AGE_MS ago.
 */
function takePrefetched(path: string, options: ApiFetchOptions, token: string | null): Promise<Response> | undefined {
  if (typeof window === 'undefined' || (options.method ?? 'GET') !== 'GET' || options.headers !== undefined) return undefined;
  const started = prefetchedAnswers();
  const answer = started[path];
  if (answer === undefined) return undefined;
  delete started[path];
  if (!stillValid(answer, token)) return undefined;
  return answer.response;
}

function prefetchedAnswers(): Record<string, PrefetchedAnswer> {
  return (window as { __ikiminaPrefetch?: Record<string, PrefetchedAnswer> }).__ikiminaPrefetch ?? {};
}

/**
 * What `read` makes of a prefetched answer that has already arrived (its status and JSON body),
 * with the time it was asked for; taken once, under takePrefetched's conditions (same token, at
 * most PREFETCH_MAX_AGE_MS old). When the answer has not arrived, or `read` makes nothing of it
 * (a 401, a body that fails its schema), it stays for the call itself (`apiFetch`) to take.
 */
export function takeArrived<T>(path: string, read: (status: number, body: unknown) => T | undefined): { data: T; at: number } | undefined {
  if (typeof window === 'undefined') return undefined;
  const started = prefetchedAnswers();
  const answer = started[path];
  if (answer?.arrived === undefined || !stillValid(answer, readToken())) return undefined;
  let data: T | undefined;
  try {
    data = read(answer.arrived.status, answer.arrived.body);
  } catch {
    data = undefined;
  }
  if (data === undefined) return undefined;
  delete started[path];
  return { data, at: answer.at };
}

export async function apiFetch(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readToken();
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
  };
  if (options.signal !== undefined) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await (takePrefetched(path, options, token) ?? fetch(path, init));
  if (response.status === 401 && token !== null) await endSessionIfRefused(response.clone(), token);
  return response;
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => '')) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`);
}

/** Sends a request and raises the generic error on a non-2xx answer. */
export async function apiRequest(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const response = await apiFetch(path, options);
  await throwIfNotOk(response);
  return response;
}

/**
 * PUTs a file's raw bytes to a signed upload address (spec part 1 §4, upload flow). No
 * Authorization header and no cookies: the address carries its own expiring signature and may be
 * another host (an S3 presigned URL), which must never see the member's session.
 */
export async function uploadToSignedUrl(uploadURL: string, file: Blob, signal?: AbortSignal): Promise<void> {
  const init: RequestInit = { method: 'PUT', body: file, credentials: 'omit' };
  if (file.type) init.headers = { 'Content-Type': file.type };
  if (signal !== undefined) init.signal = signal;
  const response = await fetch(uploadURL, init);
  if (response.ok) return;
  // The message stays the generic '{status}: {text}'; the code (this server's JSON) says what went wrong.
  const text = (await response.text().catch(() => '')) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`, codeIn(text));
}

/** The `code` of a JSON error answer; undefined for any other text (S3's XML, a proxy's page). */
function codeIn(text: string): string | undefined {
  try {
    return stringField(JSON.parse(text) as unknown, 'code');
  } catch {
    return undefined;
  }
}

/** Anything with zod's `parse`; kept structural so this module, loaded by every page, needs no zod. */
export interface Schema<T> {
  parse(data: unknown): T;
}

/** Reads a JSON answer and checks its shape, so a contract drift fails loudly here. */
export async function readJson<T>(response: Response, schema: Schema<T>): Promise<T> {
  return schema.parse(await response.json());
}

function stringField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * For endpoints whose failures show the server's `error` field (sign-in, registration, magic
 * link): raises an `ApiError` carrying that text and code; the text is empty when the body has
 * none, and the screen then shows its own fallback.
 */
export async function throwServerError(response: Response): Promise<never> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty body): the screen's fallback text applies.
  }
  throw new ApiError(response.status, stringField(body, 'error') ?? '', stringField(body, 'code'));
}
