/**
 * Fake MTN MoMo Open API: a real HTTP server on 127.0.0.1 that stands in for
 * sandbox.momodeveloper.mtn.com in tests and benchmarks. It speaks the documented protocol
 * (PROVIDERS.md §2a): token endpoints, request to pay, transfer, their status GETs, and the
 * callback PUT to `X-Callback-Url` when a payment is final.
 *
 * Usage
 *   const mtn = await startFakeMtnMomo();                  // options: see FakeMtnMomoOptions
 *   const momo = new MtnMomoMobileMoney({
 *     baseUrl: mtn.url, targetEnvironment: mtn.targetEnvironment, currency: mtn.currency,
 *     collection: mtn.collection, disbursement: mtn.disbursement,
 *     callbackUrl: 'http://127.0.0.1:3000/api/mobile-money/callback',
 *   });
 *   mtn.payments                     // every payment created, oldest first (product, referenceId, resource, …)
 *   mtn.payment('collection', ref)   // one of them, by X-Reference-Id
 *   mtn.requests / mtn.count('POST', '/collection/token/')   // what was asked, for counting calls
 *   mtn.callbacks                    // every callback sent: url, method, body, the answer's status
 *   await mtn.waitForCallbacks(2)    // until two callbacks were sent (rejects after 5 s)
 *   mtn.settle('collection', ref, 'FAILED', 'NOT_ENOUGH_FUNDS')  // force an outcome now (+ callback)
 *   mtn.failNext(500, { code: 'NOT_ENOUGH_FUNDS', message: '…' }) // the next API call (not token) answers this
 *   mtn.stallNext()                  // the next API call is carried out but never answered (lost reply)
 *   mtn.dropNextCallback() / mtn.dropCallbacks(true)              // lose callbacks, as MTN may
 *   mtn.expireTokens()               // every token issued so far is refused with 401
 *   await mtn.stop();
 *
 * Behaviour of the sandbox test numbers (shared with SandboxMobileMoney, see
 * adapters/mobile-money/mtn-sandbox.ts): 46733123450 fails, …451 is rejected, …452 times out
 * (no callback; the status turns FAILED/EXPIRED), …453 succeeds after `ongoingMs`, …454 stays
 * PENDING; any other number succeeds after `settleMs`.
 *
 * Guarantees (the checks MTN makes, so tests of the client can fail)
 * - Token: POST `/{product}/token/` (trailing slash) with that product's subscription key and
 *   `Basic base64(apiUser:apiKey)`; answers `{access_token, token_type, expires_in}`.
 * - API calls need that product's subscription key, a live Bearer token of the same product and
 *   the configured `X-Target-Environment`, else 401 (key, token) or 500 NOT_ALLOWED_TARGET_ENVIRONMENT.
 * - Creation needs a UUID `X-Reference-Id` (400), a JSON body with a positive decimal string
 *   `amount`, the accepted currency (500 INVALID_CURRENCY), an `externalId` and the
 *   payer (collection) or payee (disbursement) `{partyIdType: MSISDN|EMAIL|PARTY_CODE,
 *   partyId}`, an MSISDN being digits only (400); an `X-Callback-Url` must be an http(s) URL on
 *   `callbackHost` when one is configured (400 INVALID_CALLBACK_URL_HOST). A reused
 *   `X-Reference-Id` answers 409 RESOURCE_ALREADY_EXIST and creates nothing; success is 202 with
 *   an empty body.
 * - A callback is sent once, by PUT, with the payment resource (no `referenceId`, as MTN), and
 *   never retried.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mtnSandboxPlan, type MtnResource } from '../../adapters/mobile-money/mtn-sandbox.ts';

export type FakeMtnProduct = 'collection' | 'disbursement';

export interface FakeMtnCredentials {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

export interface FakeMtnMomoOptions {
  collection?: FakeMtnCredentials;
  disbursement?: FakeMtnCredentials;
  /** `sandbox` by default. */
  targetEnvironment?: string;
  /** The only currency accepted: `EUR` by default, like MTN's sandbox. */
  currency?: string;
  /** `expires_in` of the tokens, 3600 by default. */
  tokenLifetimeSeconds?: number;
  /** Delay before an ordinary payment is final and its callback is sent; 50 ms by default. */
  settleMs?: number;
  /** Delay of the "ongoing" number 46733123453; 30 s by default, as MTN. */
  ongoingMs?: number;
  /** The API user's providerCallbackHost: callback URLs on another host are refused. */
  callbackHost?: string;
}

export interface FakeMtnPayment {
  product: FakeMtnProduct;
  referenceId: string;
  callbackUrl: string | undefined;
  /** The resource as status GETs and callbacks show it; it changes when the payment settles. */
  resource: MtnResource;
}

export interface FakeMtnCallback {
  url: string;
  method: 'PUT';
  body: MtnResource;
  /** The HTTP status the app answered, or `undefined` when it could not be reached. */
  answeredStatus: number | undefined;
}

export interface FakeMtnRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FakeMtnMomo {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  targetEnvironment: string;
  currency: string;
  collection: FakeMtnCredentials;
  disbursement: FakeMtnCredentials;
  readonly requests: readonly FakeMtnRequest[];
  readonly payments: readonly FakeMtnPayment[];
  readonly callbacks: readonly FakeMtnCallback[];
  count(method: string, path: string): number;
  payment(product: FakeMtnProduct, referenceId: string): FakeMtnPayment | undefined;
  settle(product: FakeMtnProduct, referenceId: string, status: 'SUCCESSFUL' | 'FAILED', reason?: string): void;
  failNext(status: number, body?: { code: string; message: string }): void;
  stallNext(): void;
  dropNextCallback(): void;
  dropCallbacks(drop: boolean): void;
  expireTokens(): void;
  waitForCallbacks(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const CREATE_PATHS: Record<FakeMtnProduct, string> = {
  collection: '/collection/v1_0/requesttopay',
  disbursement: '/disbursement/v1_0/transfer',
};
const PARTY_FIELD: Record<FakeMtnProduct, 'payer' | 'payee'> = { collection: 'payer', disbursement: 'payee' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The app's settings (apps/config.ts) that make this fake its mobile-money provider, for a server started as a process. */
export function fakeMtnMomoEnv(mtn: FakeMtnMomo): Record<string, string> {
  return {
    MOBILE_MONEY_PROVIDER: 'mtn',
    MTN_BASE_URL: mtn.url,
    MTN_TARGET_ENVIRONMENT: mtn.targetEnvironment,
    MTN_CURRENCY: mtn.currency,
    MTN_COLLECTION_SUBSCRIPTION_KEY: mtn.collection.subscriptionKey,
    MTN_COLLECTION_API_USER: mtn.collection.apiUser,
    MTN_COLLECTION_API_KEY: mtn.collection.apiKey,
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: mtn.disbursement.subscriptionKey,
    MTN_DISBURSEMENT_API_USER: mtn.disbursement.apiUser,
    MTN_DISBURSEMENT_API_KEY: mtn.disbursement.apiKey,
  };
}

export async function startFakeMtnMomo(options: FakeMtnMomoOptions = {}): Promise<FakeMtnMomo> {
  const credentials: Record<FakeMtnProduct, FakeMtnCredentials> = {
    collection: options.collection ?? { subscriptionKey: 'collection-key', apiUser: randomUUID(), apiKey: 'collection-secret' },
    disbursement: options.disbursement ?? { subscriptionKey: 'disbursement-key', apiUser: randomUUID(), apiKey: 'disbursement-secret' },
  };
  const targetEnvironment = options.targetEnvironment ?? 'sandbox';
  const currency = options.currency ?? 'EUR';
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const delays = { settleMs: options.settleMs ?? 50, ongoingMs: options.ongoingMs ?? 30_000 };

  const tokens = new Map<string, { product: FakeMtnProduct; expiresAt: number }>();
  const payments = new Map<string, FakeMtnPayment>();
  const requests: FakeMtnRequest[] = [];
  const callbacks: FakeMtnCallback[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let nextFailure: { status: number; body: { code: string; message: string } } | undefined;
  let stallNext = false;
  let dropNext = false;
  let dropAll = false;

  const key = (product: FakeMtnProduct, referenceId: string) => `${product}:${referenceId.toLowerCase()}`;

  function later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  function settle(payment: FakeMtnPayment, status: 'SUCCESSFUL' | 'FAILED', reason: string | undefined, sendCallback: boolean): void {
    if (payment.resource.status !== 'PENDING') return;
    payment.resource = {
      ...payment.resource,
      status,
      ...(status === 'SUCCESSFUL' ? { financialTransactionId: String(randomInt(100_000_000, 999_999_999)) } : {}),
      ...(reason === undefined ? {} : { reason }),
    };
    if (!sendCallback || payment.callbackUrl === undefined) return;
    if (dropAll || dropNext) {
      dropNext = false;
      return;
    }
    void sendCallbackOf(payment.callbackUrl, payment.resource);
  }

  async function sendCallbackOf(url: string, body: MtnResource): Promise<void> {
    const record: FakeMtnCallback = { url, method: 'PUT', body, answeredStatus: undefined };
    try {
      const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      record.answeredStatus = response.status;
    } catch {
      // MTN does not retry a callback it could not deliver; neither does the fake.
    }
    callbacks.push(record);
  }

  const server = createServer((req, res) => {
    void handle(req)
      .catch((): Reply => ({ status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred while processing.' } }))
      .then((reply) => {
        if (reply === 'stalled') return;
        if (reply.body === undefined) res.writeHead(reply.status).end();
        else res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
      });
  });

  async function handle(req: IncomingMessage): Promise<Reply | 'stalled'> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    requests.push({ method, path: url.pathname, headers: req.headers });

    const tokenMatch = /^\/(collection|disbursement)\/token\/$/.exec(url.pathname);
    if (tokenMatch && method === 'POST') return issueToken(tokenMatch[1] as FakeMtnProduct, req);

    const apiMatch = /^\/(collection\/v1_0\/requesttopay|disbursement\/v1_0\/transfer)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!apiMatch) return notFound;
    const product: FakeMtnProduct = apiMatch[1]!.startsWith('collection') ? 'collection' : 'disbursement';
    const denied = authorise(product, req);
    if (denied) return denied;
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      return failure;
    }
    const referenceId = apiMatch[2] === undefined ? undefined : decodeURIComponent(apiMatch[2]);
    let reply: Reply;
    if (referenceId === undefined && method === 'POST') reply = create(product, req, body);
    else if (referenceId !== undefined && method === 'GET') {
      const payment = payments.get(key(product, referenceId));
      reply = payment ? { status: 200, body: payment.resource } : notFound;
    } else reply = { status: 405, body: { code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here.` } };
    if (stallNext) {
      // Done but never answered, as when MTN's reply is lost: the client times out and retries.
      stallNext = false;
      return 'stalled';
    }
    return reply;
  }

  function issueToken(product: FakeMtnProduct, req: IncomingMessage): Reply {
    const expected = credentials[product];
    if (req.headers['ocp-apim-subscription-key'] !== expected.subscriptionKey) return { status: 401, body: subscriptionKeyDenied };
    const basic = `Basic ${Buffer.from(`${expected.apiUser}:${expected.apiKey}`).toString('base64')}`;
    if (req.headers.authorization !== basic) return { status: 401, body: { error: 'login_failed' } };
    const accessToken = randomUUID().replaceAll('-', '');
    tokens.set(accessToken, { product, expiresAt: Date.now() + tokenLifetimeSeconds * 1000 });
    return { status: 200, body: { access_token: accessToken, token_type: 'access_token', expires_in: tokenLifetimeSeconds } };
  }

  function authorise(product: FakeMtnProduct, req: IncomingMessage): Reply | undefined {
    if (req.headers['ocp-apim-subscription-key'] !== credentials[product].subscriptionKey) return { status: 401, body: subscriptionKeyDenied };
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer === undefined ? undefined : tokens.get(bearer);
    if (!token || token.product !== product || token.expiresAt <= Date.now()) {
      return { status: 401, body: { code: 'AUTHORIZATION_FAILED', message: 'Access token is missing, invalid or expired.' } };
    }
    if (req.headers['x-target-environment'] !== targetEnvironment) {
      return { status: 500, body: { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', message: 'Access to target environment is forbidden.' } };
    }
    return undefined;
  }

  function create(product: FakeMtnProduct, req: IncomingMessage, raw: string): Reply {
    const referenceId = header(req, 'x-reference-id');
    if (referenceId === undefined || !UUID.test(referenceId)) return { status: 400, body: { code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID.' } };
    const callbackUrl = header(req, 'x-callback-url');
    if (callbackUrl !== undefined) {
      const host = URL.canParse(callbackUrl) ? new URL(callbackUrl) : undefined;
      if (!host || !/^https?:$/.test(host.protocol) || (options.callbackHost !== undefined && host.hostname !== options.callbackHost)) {
        return { status: 400, body: { code: 'INVALID_CALLBACK_URL_HOST', message: 'Callback URL with different host than registered is not allowed.' } };
      }
    }
    if (payments.has(key(product, referenceId))) {
      return { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' } };
    }
    if (!(header(req, 'content-type') ?? '').startsWith('application/json')) return { status: 400, body: badRequest('Content-Type must be application/json.') };
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return { status: 400, body: badRequest('The body is not JSON.') };
    }
    const invalid = invalidBody(product, body);
    if (invalid) return invalid;
    const request = body as Record<string, unknown> & Omit<MtnResource, 'status'>;
    const partyField = PARTY_FIELD[product];
    const party = request[partyField] as { partyIdType: string; partyId: string };
    const payment: FakeMtnPayment = {
      product,
      referenceId,
      callbackUrl,
      resource: {
        externalId: request.externalId,
        amount: request.amount,
        currency: request.currency,
        [partyField]: { partyIdType: party.partyIdType, partyId: party.partyId },
        ...(typeof request.payerMessage === 'string' ? { payerMessage: request.payerMessage } : {}),
        ...(typeof request.payeeNote === 'string' ? { payeeNote: request.payeeNote } : {}),
        status: 'PENDING',
      },
    };
    payments.set(key(product, referenceId), payment);
    const plan = mtnSandboxPlan(party.partyId, delays);
    if (plan) later(plan.afterMs, () => settle(payment, plan.status, plan.reason, plan.sendCallback));
    return { status: 202 };
  }

  function invalidBody(product: FakeMtnProduct, body: unknown): Reply | undefined {
    if (typeof body !== 'object' || body === null) return { status: 400, body: badRequest('The body must be a JSON object.') };
    const fields = body as Record<string, unknown>;
    if (typeof fields.amount !== 'string' || !/^\d+(\.\d+)?$/.test(fields.amount) || Number(fields.amount) <= 0) {
      return { status: 400, body: badRequest('amount must be a positive decimal string.') };
    }
    if (typeof fields.currency !== 'string') return { status: 400, body: badRequest('currency is required.') };
    if (fields.currency !== currency) return { status: 500, body: { code: 'INVALID_CURRENCY', message: 'Currency not supported.' } };
    if (typeof fields.externalId !== 'string' || fields.externalId === '') return { status: 400, body: badRequest('externalId is required.') };
    for (const note of ['payerMessage', 'payeeNote'] as const) {
      if (fields[note] !== undefined && typeof fields[note] !== 'string') return { status: 400, body: badRequest(`${note} must be a string.`) };
    }
    const party = fields[PARTY_FIELD[product]] as Record<string, unknown> | undefined;
    if (typeof party !== 'object' || party === null || typeof party.partyId !== 'string' || !['MSISDN', 'EMAIL', 'PARTY_CODE'].includes(party.partyIdType as string)) {
      return { status: 400, body: badRequest(`${PARTY_FIELD[product]} must be {partyIdType, partyId}.`) };
    }
    if (party.partyIdType === 'MSISDN' && !/^\d{6,15}$/.test(party.partyId)) return { status: 400, body: badRequest('An MSISDN is digits only, without +.') };
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    targetEnvironment,
    currency,
    collection: credentials.collection,
    disbursement: credentials.disbursement,
    requests,
    get payments() {
      return [...payments.values()];
    },
    callbacks,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    payment: (product, referenceId) => payments.get(key(product, referenceId)),
    settle(product, referenceId, status, reason) {
      const payment = payments.get(key(product, referenceId));
      if (!payment) throw new Error(`No ${product} payment ${referenceId} at the fake MTN`);
      settle(payment, status, reason, true);
    },
    failNext(status, body = { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred while processing.' }) {
      nextFailure = { status, body };
    },
    stallNext() {
      stallNext = true;
    },
    dropNextCallback() {
      dropNext = true;
    },
    dropCallbacks(drop) {
      dropAll = drop;
    },
    expireTokens() {
      tokens.clear();
    },
    async waitForCallbacks(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (callbacks.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} callbacks from the fake MTN, got ${callbacks.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

const subscriptionKeyDenied = {
  statusCode: 401,
  message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};

function badRequest(message: string): { code: string; message: string } {
  return { code: 'BAD_REQUEST', message };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

type Reply = { status: number; body?: object };

const notFound: Reply = { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
