/**
 * Fake Africa's Talking SMS API: a real HTTP server on 127.0.0.1 standing in for
 * api.africastalking.com in tests and benchmarks. It speaks the documented messaging protocol
 * (PROVIDERS.md §1b) and posts delivery reports as AT does.
 *
 * Usage
 *   const at = await startFakeAfricasTalking();     // { username, apiKey, deliveryReportUrl?, deliveryDelayMs? }
 *   const sms = new AfricasTalkingSmsSender({ baseUrl: at.url, username: at.username, apiKey: at.apiKey });
 *   at.messages                   // every message accepted, per recipient: to, message, from, messageId, …
 *   at.requests                   // how many POSTs reached the messaging endpoint
 *   at.rejectNumber('+250788000000')              // that number answers 403 InvalidPhoneNumber
 *   at.rejectNumber('+250788000001', 405, 'InsufficientBalance')
 *   at.failNext(500, 'Internal Server Error')    // the next request answers this status and text
 *   await at.postDeliveryReport(url, { id, status: 'Failed', phoneNumber, failureReason: 'DeliveryFailure' })
 *   await at.stop();
 * With `deliveryReportUrl`, every accepted message gets a `Success` report there after
 * `deliveryDelayMs` (50 ms by default); `at.deliveryReports` lists the reports sent.
 *
 * Guarantees (the checks AT makes, so tests of the client can fail)
 * - Only `POST /version1/messaging` with the `apikey` header and the `username` of the account
 *   (else 401 "The supplied authentication is invalid"), `Accept: application/json` (else 406)
 *   and a form body with `to` and `message` (else 400).
 * - `to` may list several numbers, comma-separated; each must be E.164 with the + (else that
 *   recipient gets 403 InvalidPhoneNumber). The answer is 201 with
 *   `{SMSMessageData:{Message, Recipients:[{statusCode, number, status, cost, messageId}]}}`, a
 *   refused recipient having messageId "None", as AT answers.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAtMessage {
  to: string;
  message: string;
  from: string | undefined;
  bulkSMSMode: string | undefined;
  enqueue: string | undefined;
  messageId: string;
}

export interface FakeAtDeliveryReport {
  id: string;
  status: 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed';
  phoneNumber: string;
  networkCode?: string;
  failureReason?: string;
  retryCount?: string;
}

export interface FakeAfricasTalkingOptions {
  username?: string;
  apiKey?: string;
  deliveryReportUrl?: string;
  deliveryDelayMs?: number;
}

export interface FakeAfricasTalking {
  /** Base URL, e.g. `http://127.0.0.1:41234`; the endpoint is `${url}/version1/messaging`. */
  url: string;
  username: string;
  apiKey: string;
  readonly messages: readonly FakeAtMessage[];
  readonly deliveryReports: readonly FakeAtDeliveryReport[];
  readonly requests: number;
  rejectNumber(number: string, statusCode?: number, status?: string): void;
  failNext(httpStatus: number, text?: string): void;
  /** Posts one report as AT does (form-urlencoded); resolves with the status the app answered. */
  postDeliveryReport(url: string, report: FakeAtDeliveryReport): Promise<number>;
  stop(): Promise<void>;
}

const COST = 'RWF 15.0000';
/** MTN Rwanda's network code, the most common recipient. */
const NETWORK_CODE = '63510';

export async function startFakeAfricasTalking(options: FakeAfricasTalkingOptions = {}): Promise<FakeAfricasTalking> {
  const username = options.username ?? 'sandbox';
  const apiKey = options.apiKey ?? `atsk_${randomBytes(16).toString('hex')}`;
  const messages: FakeAtMessage[] = [];
  const deliveryReports: FakeAtDeliveryReport[] = [];
  const rejected = new Map<string, { statusCode: number; status: string }>();
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;
  let nextFailure: { status: number; text: string } | undefined;

  async function postDeliveryReport(url: string, report: FakeAtDeliveryReport): Promise<number> {
    deliveryReports.push(report);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(report).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    });
    await response.arrayBuffer();
    return response.status;
  }

  const server = createServer((req, res) => {
    void handle(req).then(({ status, body }) => {
      res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });

  async function handle(req: IncomingMessage): Promise<{ status: number; body: string | object }> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/version1/messaging' || req.method !== 'POST') return { status: 404, body: 'Not Found' };
    requests += 1;
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      return { status: failure.status, body: failure.text };
    }
    if (req.headers.apikey !== apiKey) return { status: 401, body: 'The supplied authentication is invalid' };
    if (!(req.headers.accept ?? '').includes('application/json')) return { status: 406, body: 'Not Acceptable' };
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return { status: 415, body: 'Unsupported Media Type' };
    const form = new URLSearchParams(raw);
    if (form.get('username') !== username) return { status: 401, body: 'The supplied authentication is invalid' };
    for (const field of ['to', 'message']) {
      if (!form.get(field)) return { status: 400, body: `Request is missing required form field '${field}'` };
    }
    const numbers = form.get('to')!.split(',').map((n) => n.trim());
    const recipients = numbers.map((number) => {
      const refusal = !/^\+\d{9,15}$/.test(number) ? { statusCode: 403, status: 'InvalidPhoneNumber' } : rejected.get(number);
      if (refusal) return { statusCode: refusal.statusCode, number, status: refusal.status, cost: '0', messageId: 'None' };
      const message: FakeAtMessage = {
        to: number,
        message: form.get('message')!,
        from: form.get('from') ?? undefined,
        bulkSMSMode: form.get('bulkSMSMode') ?? undefined,
        enqueue: form.get('enqueue') ?? undefined,
        messageId: `ATXid_${randomBytes(16).toString('hex')}`,
      };
      messages.push(message);
      if (options.deliveryReportUrl !== undefined) reportLater(options.deliveryReportUrl, message);
      return { statusCode: 101, number, status: 'Success', cost: COST, messageId: message.messageId };
    });
    const sent = recipients.filter((r) => r.statusCode === 101).length;
    return {
      status: 201,
      body: { SMSMessageData: { Message: `Sent to ${sent}/${numbers.length} Total Cost: ${sent === 0 ? '0' : COST}`, Recipients: recipients } },
    };
  }

  function reportLater(url: string, message: FakeAtMessage): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      // AT does not wait for the app; a report it cannot deliver is lost.
      postDeliveryReport(url, { id: message.messageId, status: 'Success', phoneNumber: message.to, networkCode: NETWORK_CODE, retryCount: '0' }).catch(() => undefined);
    }, options.deliveryDelayMs ?? 50);
    timers.add(timer);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    username,
    apiKey,
    messages,
    deliveryReports,
    get requests() {
      return requests;
    },
    rejectNumber(number, statusCode = 403, status = 'InvalidPhoneNumber') {
      rejected.set(number, { statusCode, status });
    },
    failNext(httpStatus, text = 'Internal Server Error') {
      nextFailure = { status: httpStatus, text };
    },
    postDeliveryReport,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
