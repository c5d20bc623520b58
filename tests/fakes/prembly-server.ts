/**
 * Fake Prembly IdentityPass: a real HTTP server on 127.0.0.1 that stands in for api.prembly.com in
 * tests, speaking the protocol of its Rwanda national ID check (PROVIDERS.md §9).
 *
 * Usage
 *   const prembly = await startFakePrembly();           // options: appId, apiKey, people
 *   new PremblyNationalIdRegistry({ baseUrl: prembly.url, appId: prembly.appId, apiKey: prembly.apiKey });
 *   prembly.requests                  // every request: method, path, headers, body
 *   prembly.failNext(503)             // the next check answers this status (and Prembly's error body)
 *   prembly.answerNext({ … })         // the next check answers this JSON body with 200
 *   prembly.stallNext(ms)             // the next check answers only after `ms`
 *   await prembly.stop();
 *
 * Guarantees (the checks Prembly makes, so tests of the client can fail)
 * - Only `POST /identitypass/verification/rw/nid`; another path is a 404.
 * - Both `app-id` and `x-api-key` must be the configured ones, else 401
 *   `{status: false, detail: "Invalid credentials"}`.
 * - The body must be JSON `{number: "<string>"}`, else 400 `{status: false, response_code: "02"}`.
 * - A sandbox person (adapters/identity/sandbox-national-ids.ts) answers 200 `{status: true,
 *   response_code: "00", detail: "Verification Successful", data: {…}}` with the register's fields
 *   (foreName, surnames, dateOfBirth, sex, nationality, documentNumber, photo in base64); Prembly's
 *   documented test number 1122334455667788 answers its documented `data: {name, tin}`; any other
 *   number answers 200 `{status: false, response_code: "01", detail: "Record not found"}`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_PEOPLE, sandboxPhoto, type SandboxPerson } from '../../adapters/identity/sandbox-national-ids.ts';

export const PREMBLY_TEST_NUMBER = '1122334455667788';

export interface FakePremblyRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakePrembly {
  url: string;
  appId: string;
  apiKey: string;
  requests: FakePremblyRequest[];
  failNext(status: number): void;
  answerNext(body: unknown): void;
  stallNext(ms: number): void;
  stop(): Promise<void>;
}

type Reply = { status: number; body: unknown };

export async function startFakePrembly(options: { appId?: string; apiKey?: string; people?: readonly SandboxPerson[] } = {}): Promise<FakePrembly> {
  const appId = options.appId ?? 'test-app-id';
  const apiKey = options.apiKey ?? 'test-api-key';
  const people = options.people ?? SANDBOX_PEOPLE;
  const requests: FakePremblyRequest[] = [];
  const next: Array<{ fail?: number; answer?: unknown; stallMs?: number }> = [];

  function check(path: string, headers: IncomingHttpHeaders, method: string, body: string): Reply {
    if (method !== 'POST' || path !== '/identitypass/verification/rw/nid') return { status: 404, body: { status: false, detail: 'Not found' } };
    if (headers['app-id'] !== appId || headers['x-api-key'] !== apiKey) return { status: 401, body: { status: false, detail: 'Invalid credentials' } };
    let number: unknown;
    try {
      number = (JSON.parse(body) as { number?: unknown }).number;
    } catch {
      number = undefined;
    }
    if (typeof number !== 'string' || number.length === 0) return { status: 400, body: { status: false, response_code: '02', detail: 'number is required' } };
    const planned = next.shift();
    if (planned?.fail) return { status: planned.fail, body: { status: false, detail: 'Service temporarily unavailable' } };
    if (planned?.answer !== undefined) return { status: 200, body: planned.answer };
    if (number === PREMBLY_TEST_NUMBER) return found({ name: 'John Doe', tin: '100000001' });
    const person = people.find((p) => p.nin === number);
    if (!person) return { status: 200, body: { status: false, response_code: '01', detail: 'Record not found', data: null } };
    return found({
      foreName: person.foreName,
      surnames: person.surnames,
      dateOfBirth: person.dateOfBirth,
      sex: person.sex === 'male' ? 'M' : 'F',
      nationality: person.nationality,
      documentNumber: person.nin,
      photo: person.photo ? Buffer.from(sandboxPhoto(person.photo)).toString('base64') : null,
    });
  }

  const found = (data: unknown): Reply => ({
    status: 200,
    body: { status: true, response_code: '00', detail: 'Verification Successful', data, verification: { status: 'VERIFIED', reference: randomUUID() } },
  });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const stall = next[0]?.stallMs;
    if (stall !== undefined) {
      next.shift();
      await new Promise((resolve) => setTimeout(resolve, stall));
    }
    const reply = check(path, req.headers, req.method ?? '', body);
    if (res.destroyed) return;
    res.writeHead(reply.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    apiKey,
    requests,
    failNext: (status) => void next.push({ fail: status }),
    answerNext: (body) => void next.push({ answer: body }),
    stallNext: (ms) => void next.push({ stallMs: ms }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
