/**
 * Fake Airtel Money Africa Open API: a real HTTP server on 127.0.0.1 that stands in for
 * openapiuat.airtel.africa in tests. It speaks the documented protocol (PROVIDERS.md §2b): the
 * OAuth2 token, the USSD-push collection, the disbursement (with its RSA-encrypted PIN), their
 * enquiries, and the callback POST to the URL "set in the portal" when a payment is final.
 *
 * Usage
 *   const airtel = await startFakeAirtelMoney({ callbackUrl });   // options: FakeAirtelMoneyOptions
 *   new AirtelMoneyMobileMoney({ baseUrl: airtel.url, clientId: airtel.clientId, clientSecret: airtel.clientSecret,
 *     disbursement: { pin: airtel.pin, publicKey: airtel.publicKey } });
 *   airtel.payments / airtel.payment('collection', id)   // every transaction created (product, id, status, …)
 *   airtel.requests / airtel.count('GET', '/standard/v1/payments/<id>')
 *   airtel.callbacks / await airtel.waitForCallbacks(2)   // every callback sent and the app's answer
 *   airtel.settle('collection', id, 'TF', 'Insufficient funds')  // force an outcome now (+ callback)
 *   airtel.failNext(500, { … }) / airtel.stallNext() / airtel.dropNextCallback() / airtel.expireTokens()
 *   airtel.setCallbackUrl(url)                             // the portal's callback setting
 *   await airtel.stop();
 *
 * Outcomes follow the sandbox rule of adapters/mobile-money/airtel-sandbox.ts (the last three
 * digits of the number: 450 fails, 451 declined, 452 expires without a callback, 453 in progress
 * then success after `ongoingMs`, 454 in progress for ever; others succeed after `settleMs`).
 *
 * Guarantees (the checks Airtel makes, so tests of the client can fail)
 * - Token: `POST /auth/oauth2/token` with `{client_id, client_secret, grant_type:
 *   "client_credentials"}` as JSON, or Basic auth with `grant_type` (as laravel-airtel-money
 *   sends it); wrong credentials answer 401. The answer is `{access_token, expires_in: "<s>",
 *   token_type: "bearer"}`, `expires_in` a string.
 * - API calls need a live Bearer token (else 401) and `X-Country`/`X-Currency` headers equal to the
 *   configured country and currency (else 400 with `success: false`).
 * - Collection: `POST /merchant/v2/payments/` with `reference`, `subscriber{country, currency,
 *   msisdn}` (9 digits, no country code) and `transaction{amount > 0 whole, country, currency,
 *   id}`; answers 200 with `status.response_code` DP00800001006 (in progress). Disbursement:
 *   `POST /standard/v1/disbursements/` with `payee{msisdn}`, `reference`, `pin` (RSA under the
 *   fake's public key, base64: decrypted and checked, a wrong PIN answers `success: false`,
 *   DP00900001002) and `transaction{amount, id}`. A field missing or malformed answers 400
 *   ESB000008. A repeated `transaction.id` creates nothing and answers 400 `success: false`
 *   (ESB000041 "duplicate"): Airtel deduplicates on it; no answer for that is documented.
 * - Enquiry: `GET /standard/v1/payments/{id}` and `GET /standard/v1/disbursements/{id}` answer
 *   `data.transaction{id, status: TS|TF|TA|TIP|TE, message, airtel_money_id}`, 404 for an
 *   unknown id.
 * - A callback is sent once, by POST, with `{transaction{id, message, status_code,
 *   airtel_money_id}}`, to the portal's URL, and never retried.
 */
import { constants, generateKeyPairSync, privateDecrypt, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { airtelSandboxPlan, type AirtelStatus } from '../../adapters/mobile-money/airtel-sandbox.ts';

export type FakeAirtelProduct = 'collection' | 'disbursement';

export interface FakeAirtelMoneyOptions {
  clientId?: string;
  clientSecret?: string;
  /** The disbursement wallet's PIN; `1234` by default. */
  pin?: string;
  country?: string;
  currency?: string;
  /** `expires_in` of the tokens; 180 by default, as Airtel. */
  tokenLifetimeSeconds?: number;
  /** 50 ms by default. */
  settleMs?: number;
  /** 30 s by default. */
  ongoingMs?: number;
  /** The callback URL set in the portal; none: no callbacks. */
  callbackUrl?: string;
}

export interface FakeAirtelPayment {
  product: FakeAirtelProduct;
  id: string;
  msisdn: string;
  amount: number;
  reference: string;
  status: AirtelStatus;
  message: string;
  airtelMoneyId: string | undefined;
}

export interface FakeAirtelCallback {
  url: string;
  body: { transaction: { id: string; message: string; status_code: AirtelStatus; airtel_money_id: string | undefined } };
  answeredStatus: number | undefined;
}

export interface FakeAirtelRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAirtelMoney {
  url: string;
  clientId: string;
  clientSecret: string;
  pin: string;
  /** The RSA public key, as the portal shows it: bare base64 of the DER key. */
  publicKey: string;
  country: string;
  currency: string;
  readonly requests: readonly FakeAirtelRequest[];
  readonly payments: readonly FakeAirtelPayment[];
  readonly callbacks: readonly FakeAirtelCallback[];
  count(method: string, path: string): number;
  payment(product: FakeAirtelProduct, id: string): FakeAirtelPayment | undefined;
  settle(product: FakeAirtelProduct, id: string, status: 'TS' | 'TF' | 'TE', message?: string): void;
  failNext(status: number, body?: object): void;
  stallNext(): void;
  dropNextCallback(): void;
  expireTokens(): void;
  setCallbackUrl(url: string | undefined): void;
  waitForCallbacks(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

type Reply = { status: number; body?: object };

export async function startFakeAirtelMoney(options: FakeAirtelMoneyOptions = {}): Promise<FakeAirtelMoney> {
  const clientId = options.clientId ?? 'airtel-client-id';
  const clientSecret = options.clientSecret ?? 'airtel-client-secret';
  const pin = options.pin ?? '1234';
  const country = options.country ?? 'RW';
  const currency = options.currency ?? 'RWF';
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 180;
  const delays = { settleMs: options.settleMs ?? 50, ongoingMs: options.ongoingMs ?? 30_000 };
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  let callbackUrl = options.callbackUrl;

  const tokens = new Map<string, number>();
  const payments = new Map<string, FakeAirtelPayment>();
  const requests: FakeAirtelRequest[] = [];
  const callbacks: FakeAirtelCallback[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let nextFailure: Reply | undefined;
  let stallNext = false;
  let dropNext = false;

  const key = (product: FakeAirtelProduct, id: string) => `${product}:${id}`;

  function settle(payment: FakeAirtelPayment, status: 'TS' | 'TF' | 'TE', message: string, sendCallback: boolean): void {
    if (payment.status !== 'TIP' && payment.status !== 'TA') return;
    payment.status = status;
    payment.message = message;
    if (status === 'TS') payment.airtelMoneyId = `MP${randomInt(100_000_000, 999_999_999)}`;
    if (!sendCallback || callbackUrl === undefined) return;
    if (dropNext) {
      dropNext = false;
      return;
    }
    void sendCallback_(callbackUrl, payment);
  }

  async function sendCallback_(url: string, payment: FakeAirtelPayment): Promise<void> {
    const body = { transaction: { id: payment.id, message: payment.message, status_code: payment.status, airtel_money_id: payment.airtelMoneyId } };
    const record: FakeAirtelCallback = { url, body, answeredStatus: undefined };
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      record.answeredStatus = response.status;
    } catch {
      // Never retried, as Airtel documents none.
    }
    callbacks.push(record);
  }

  const server = createServer((req, res) => {
    void handle(req)
      .catch((): Reply => ({ status: 500, body: statusBlock(false, 'ESB000001', 'Something went wrong') }))
      .then((reply) => {
        if (reply === 'stalled') return;
        res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body ?? {}));
      });
  });

  async function handle(req: IncomingMessage): Promise<Reply | 'stalled'> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    requests.push({ method, path: url.pathname, headers: req.headers, body: raw });
    if (url.pathname === '/auth/oauth2/token' && method === 'POST') return issueToken(req, raw);

    const route = routeOf(method, url.pathname);
    if (!route) return { status: 404, body: statusBlock(false, 'ESB000001', 'Resource not found') };
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) return { status: 401, body: { error: 'invalid_token', error_description: 'Access token is missing, invalid or expired' } };
    if (req.headers['x-country'] !== country || req.headers['x-currency'] !== currency) return { status: 400, body: statusBlock(false, 'ESB000034', 'Invalid Country or Currency') };
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      return failure;
    }
    let reply: Reply;
    if (route.kind === 'enquiry') {
      const payment = payments.get(key(route.product, route.id));
      reply = payment
        ? {
            status: 200,
            body: {
              data: { transaction: { id: payment.id, status: payment.status, message: payment.message, airtel_money_id: payment.airtelMoneyId } },
              ...statusBlock(true, 'ESB000010', 'SUCCESS', payment.status === 'TS' ? 'DP00800001001' : 'DP00800001006'),
            },
          }
        : { status: 404, body: statusBlock(false, 'ESB000014', 'Transaction not found') };
    } else reply = create(route.product, req, raw);
    if (stallNext) {
      stallNext = false;
      return 'stalled';
    }
    return reply;
  }

  function issueToken(req: IncomingMessage, raw: string): Reply {
    const body = parseJson(raw) as Record<string, unknown> | undefined;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic === undefined ? [] : Buffer.from(basic, 'base64').toString('utf8').split(':');
    const id = body?.client_id ?? basicId;
    const secret = body?.client_secret ?? basicSecret;
    if (body?.grant_type !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (id !== clientId || secret !== clientSecret) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    const accessToken = randomUUID().replaceAll('-', '');
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    return { status: 200, body: { access_token: accessToken, expires_in: String(tokenLifetimeSeconds), token_type: 'bearer' } };
  }

  function create(product: FakeAirtelProduct, req: IncomingMessage, raw: string): Reply {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return invalid('Content-Type must be application/json');
    const body = parseJson(raw) as Record<string, any> | undefined;
    if (typeof body !== 'object' || body === null) return invalid('The body must be a JSON object');
    const transaction = body.transaction as Record<string, unknown> | undefined;
    const msisdn = product === 'collection' ? body.subscriber?.msisdn : body.payee?.msisdn;
    if (typeof transaction?.id !== 'string' || transaction.id === '') return invalid('transaction.id is required');
    if (typeof transaction.amount !== 'number' || !Number.isInteger(transaction.amount) || transaction.amount <= 0) return invalid('transaction.amount must be a positive whole number');
    if (typeof msisdn !== 'string' || !/^\d{9}$/.test(msisdn)) return { status: 400, body: statusBlock(false, 'ESB000033', 'Invalid MSISDN Length. MSISDN Length should be 9') };
    if (typeof body.reference !== 'string') return invalid('reference is required');
    if (product === 'collection') {
      const s = body.subscriber as Record<string, unknown>;
      if (s.country !== country || s.currency !== currency || transaction.country !== country || transaction.currency !== currency) return { status: 400, body: statusBlock(false, 'ESB000035', 'Invalid Currency CodeName') };
    } else {
      if (typeof body.pin !== 'string') return invalid('pin is required');
      let given: string | undefined;
      try {
        given = privateDecrypt({ key: keys.privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(body.pin, 'base64')).toString('utf8');
      } catch {
        given = undefined;
      }
      if (given !== pin) return { status: 200, body: statusBlock(false, 'ESB000011', 'Incorrect Pin has been entered', 'DP00900001002') };
    }
    if (payments.has(key(product, transaction.id))) return { status: 400, body: statusBlock(false, 'ESB000041', 'Duplicate transaction id') };
    const payment: FakeAirtelPayment = { product, id: transaction.id, msisdn, amount: transaction.amount, reference: body.reference, status: 'TIP', message: 'In Progress', airtelMoneyId: undefined };
    payments.set(key(product, transaction.id), payment);
    const plan = airtelSandboxPlan(msisdn, delays);
    if (plan) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        settle(payment, plan.status, plan.message, plan.sendCallback);
      }, plan.afterMs);
      timers.add(timer);
    }
    return {
      status: 200,
      body: {
        data: { transaction: { id: transaction.id, status: product === 'collection' ? 'SUCCESS' : 'TIP' } },
        ...statusBlock(true, 'ESB000010', 'SUCCESS', product === 'collection' ? 'DP00800001006' : 'DP00900001006'),
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    pin,
    publicKey,
    country,
    currency,
    requests,
    get payments() {
      return [...payments.values()];
    },
    callbacks,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    payment: (product, id) => payments.get(key(product, id)),
    settle(product, id, status, message = status === 'TS' ? 'Transaction Successful' : 'Transaction Failed') {
      const payment = payments.get(key(product, id));
      if (!payment) throw new Error(`No ${product} transaction ${id} at the fake Airtel`);
      settle(payment, status, message, status !== 'TE');
    },
    failNext(status, body = statusBlock(false, 'ESB000001', 'Something went wrong')) {
      nextFailure = { status, body };
    },
    stallNext() {
      stallNext = true;
    },
    dropNextCallback() {
      dropNext = true;
    },
    expireTokens() {
      tokens.clear();
    },
    setCallbackUrl(url) {
      callbackUrl = url;
    },
    async waitForCallbacks(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (callbacks.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} callbacks from the fake Airtel, got ${callbacks.length}`);
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

function routeOf(method: string, path: string): { kind: 'create' | 'enquiry'; product: FakeAirtelProduct; id: string } | undefined {
  if (method === 'POST' && path === '/merchant/v2/payments/') return { kind: 'create', product: 'collection', id: '' };
  if (method === 'POST' && path === '/standard/v1/disbursements/') return { kind: 'create', product: 'disbursement', id: '' };
  const enquiry = /^\/standard\/v1\/(payments|disbursements)\/([^/]+)$/.exec(path);
  if (method === 'GET' && enquiry) return { kind: 'enquiry', product: enquiry[1] === 'payments' ? 'collection' : 'disbursement', id: decodeURIComponent(enquiry[2]!) };
  return undefined;
}

function statusBlock(success: boolean, resultCode: string, message: string, responseCode?: string): { status: object } {
  return { status: { code: success ? '200' : '400', message, result_code: resultCode, ...(responseCode ? { response_code: responseCode } : {}), success } };
}

function invalid(message: string): Reply {
  return { status: 400, body: statusBlock(false, 'ESB000008', `Field validation: ${message}`) };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
