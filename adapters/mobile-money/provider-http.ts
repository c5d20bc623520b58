/**
 * ProviderHttp: what the MTN MoMo and Airtel Money adapters share of talking to a provider's
 * HTTP API with `fetch` (PROVIDERS.md §2a, §2b): requests with a timeout, a bearer token cached
 * until shortly before it expires, the retry once after a 401, and the reading of JSON answers.
 * Each provider's own protocol (paths, headers, bodies, how a token is asked for, what an answer
 * means) stays in its adapter.
 *
 * Guarantees
 * - Never throws for the provider or the network: a network error or an answer (its body
 *   included) slower than the timeout (15 s by default) is `undefined`, and so is a token the
 *   provider would not give; the adapters read `undefined` as `mobile_money_unavailable`.
 * - Nothing of a call outlives its answer: its timer is cleared once the answer is read.
 * - A token is requested once and shared, also by concurrent calls, until shortly before it
 *   expires: a minute early, or a tenth of its life when that is shorter (Airtel's tokens live
 *   180 s). Its life is counted from the moment it was asked for.
 * - A 401 drops the token and the request is made once more with a new one; a second 401 is
 *   `undefined`.
 */
import type { z } from 'zod';
import type { MobileMoneyStatusError } from '../../core/payments/ports.ts';
import type { Clock } from '../../core/shared/clock.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';

export interface ProviderHttpOptions {
  /** The provider's base URL, or a local fake's; a trailing slash is ignored. */
  baseUrl: string;
  /** Per HTTP request; a slower answer counts as unavailable. 15 s by default. */
  timeoutMs?: number;
  clock?: Clock;
}

/** A token answer, read by the provider's own schema (the field names are OAuth2's). */
export type AccessTokenAnswer = z.ZodType<{ access_token: string; expires_in: number }>;

const TOKEN_MARGIN_MS = 60_000;

export class ProviderHttp {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: Clock;

  constructor(options: ProviderHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.clock = options.clock ?? { now: () => new Date() };
  }

  /**
   * One request, its answer read whole within the timeout; `undefined` when the provider could not
   * be reached or did not answer (body included) in time. The timer is cleared as soon as the
   * answer is in: `AbortSignal.timeout`'s timer ran for the whole timeout after every call and,
   * holding the async context it was made in, kept the HTTP request that made the call (its
   * response, unit of work and entities) alive for those 15 s — the app's memory grew with its
   * request rate (bench/README.md, "The soak, second look").
   */
  async fetch(path: string, init: RequestInit): Promise<Response | undefined> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await fetch(`${this.baseUrl}${path}`, { ...init, signal: controller.signal });
      const body = await response.arrayBuffer();
      return new Response(body.byteLength === 0 ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A bearer token: `request` asks the provider for one (its answer read by `answer`); it is asked
   * again only when the token is about to expire or was refused.
   */
  accessToken(request: () => Promise<Response | undefined>, answer: AccessTokenAnswer): AccessToken {
    return new AccessToken(this.clock, request, answer);
  }

  /**
   * One request with `token`, whose headers `init` builds around it; `undefined` when the provider
   * could not be reached or gave no token.
   */
  async fetchWithToken(token: AccessToken, path: string, init: (accessToken: string) => RequestInit): Promise<Response | undefined> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const accessToken = await token.get();
      if (accessToken === undefined) return undefined;
      const response = await this.fetch(path, init(accessToken));
      if (response?.status !== 401) return response;
      // The token expired early or was revoked: drop it and try once with a new one.
      token.drop();
    }
    return undefined;
  }
}

export class AccessToken {
  private cached: { accessToken: string; refreshAt: number } | undefined;
  private pending: Promise<string | undefined> | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly request: () => Promise<Response | undefined>,
    private readonly answer: AccessTokenAnswer,
  ) {}

  /** The token, requested when there is none still fresh; `undefined` when the provider gave none. */
  get(): Promise<string | undefined> {
    if (this.cached !== undefined && this.clock.now().getTime() < this.cached.refreshAt) return Promise.resolve(this.cached.accessToken);
    this.pending ??= this.requestToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  drop(): void {
    this.cached = undefined;
  }

  private async requestToken(): Promise<string | undefined> {
    const requestedAt = this.clock.now().getTime();
    const response = await this.request();
    if (response?.status !== 200) return undefined;
    const body = await readJson(response, this.answer);
    if (body === undefined) return undefined;
    const lifetimeMs = body.expires_in * 1000;
    this.cached = { accessToken: body.access_token, refreshAt: requestedAt + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 10) };
    return body.access_token;
  }
}

/** The answer's JSON body as `schema` reads it; `undefined` when it is not JSON or not that shape. */
export async function readJson<T>(response: Response, schema: z.ZodType<T>): Promise<T | undefined> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The answer to a status query (a GET of one payment), as both providers give it: 200 with the
 * payment read by `schema`, 404 for a reference the provider never heard of; anything else, an
 * unreadable body included, is unavailability (ask again later).
 */
export async function readStatusAnswer<T>(response: Response | undefined, schema: z.ZodType<T>): Promise<Result<T, MobileMoneyStatusError>> {
  if (response === undefined) return err('mobile_money_unavailable');
  if (response.status === 404) return err('mobile_money_reference_unknown');
  if (response.status !== 200) return err('mobile_money_unavailable');
  const body = await readJson(response, schema);
  return body === undefined ? err('mobile_money_unavailable') : ok(body);
}
