/**
 * The HTTP edge: security headers on every answer, HSTS only over https through a trusted proxy,
 * control characters refused before any handler (and nothing stored), and a refused oversize body
 * that leaves the connection usable for the next request.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../apps/http/security-headers.ts';
import { DRAIN_LIMIT_BYTES } from '../../apps/http/request-body.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
let dist: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'ikimina-edge-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  db = await createTestDatabase();
  t = createTestApp(db, { env: { WEB_DIST_DIR: dist } });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.drop();
  await rm(dist, { recursive: true, force: true });
});

async function signedUp(email: string) {
  const res = await request(t.handler).post('/api/auth/register').send({ email, password: 'long enough', firstName: 'Aline', lastName: 'Uwase' });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

const group = { name: 'Nyamirambo Savers', description: 'Saving together', contributionAmount: 5000, frequency: 'weekly', maxMembers: 3 };

describe('security headers', () => {
  it('are on every answer: API, errors, 404s, the web client; its scripts keep nosniff only', async () => {
    const answers = await Promise.all([
      request(t.handler).get('/healthz'),
      request(t.handler).get('/api/openapi.json'),
      request(t.handler).get('/api/user'),
      request(t.handler).get('/api/nothing-here'),
      request(t.handler).post('/api/auth/login').set('Content-Type', 'application/json').send('{"broken'),
      request(t.handler).get('/'),
      request(t.handler).get('/tontines/42'),
      request(t.handler).get('/assets/missing.js'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 400, 200, 200, 404]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    // A script is never a document: the headers that govern documents are left off (issue 16: bytes on a slow link).
    const script = await request(t.handler).get('/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy']) expect(script.headers[header]).toBeUndefined();
    const policy = CONTENT_SECURITY_POLICY.split('; ');
    expect(policy).toEqual(expect.arrayContaining(["script-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]));
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('send HSTS only over https, as told by a trusted proxy', async () => {
    const proxied = createTestApp(db, { env: { TRUST_PROXY_HOPS: '1' } });
    const https = await request(proxied.handler).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await request(proxied.handler).get('/healthz').set('X-Forwarded-Proto', 'http');
    expect(http.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy the header is the client's word: ignored.
    const direct = await request(t.handler).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('control characters', () => {
  it('are refused with 400 invalid_characters before any handler, and nothing is stored', async () => {
    const token = await signedUp('nul@example.rw');
    const auth = { Authorization: `Bearer ${token}` };
    const tontines = await db.count('tontines');
    const created = await request(t.handler).post('/api/tontines').set(auth).send({ ...group, name: 'Savers\u0000' });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'invalid_characters', fields: { 'body.name': expect.any(String) } });
    for (const bad of ['\u0001', '\u001b[31m', '\u0008', '\u007f']) {
      expect((await request(t.handler).post('/api/tontines').set(auth).send({ ...group, description: `x${bad}y` })).body.code).toBe('invalid_characters');
    }
    expect(await db.count('tontines')).toBe(tontines);

    const ok = await request(t.handler).post('/api/tontines').set(auth).send({ ...group, description: 'Line one\n\tLine two\r\n' });
    expect(ok.status).toBe(201);
    const chat = await request(t.handler).post(`/api/tontines/${ok.body.id}/chat`).set(auth).send({ message: 'hello\u0000' });
    expect(chat.body.code).toBe('invalid_characters');
    expect(await db.count('chat_messages')).toBe(0);

    expect((await request(t.handler).post('/api/auth/login').send({ email: 'a@b.rw', password: 'x', ['k\u0000']: 1 })).body.code).toBe('invalid_characters');
    expect((await request(t.handler).get('/api/tontines/%00').set(auth)).body.code).toBe('invalid_characters');
    expect((await request(t.handler).get('/api/ai-assistant/tontine-recommendations?frequency=%00').set(auth)).body.code).toBe('invalid_characters');
    const payments = await db.count('payments');
    const callback = await request(t.handler).post('/api/payments/callbacks/mtn').send({ externalId: 'ref\u0000', amount: '5000', currency: 'RWF', status: 'SUCCESSFUL' });
    expect(callback.body.code).toBe('invalid_characters');
    expect(await db.count('payments')).toBe(payments);
  });

  it('are refused in SMS delivery reports too, and over-long fields are a 400, not a 500', async () => {
    const form = (fields: Record<string, string>) => request(t.handler).post('/api/sms/delivery-reports').type('form').send(new URLSearchParams(fields).toString());
    const base = { id: 'ATXid_1', status: 'Failed', phoneNumber: '+250788123456' };
    expect((await form({ ...base, failureReason: 'x\u0000' })).body.code).toBe('invalid_characters');
    expect((await form({ ...base, networkCode: '6'.repeat(17) })).status).toBe(400);
    expect((await form({ ...base, id: 'i'.repeat(256) })).status).toBe(400);
    expect((await form(base)).body).toEqual({ status: 'ignored' });
  });
});

/** Writes `payload` on one socket and collects what comes back until `answers` answers arrived or the socket closed. */
function rawExchange(payload: string, answers: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = (closed: boolean) => {
      socket.destroy();
      resolve({ text, closed });
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if ((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= answers && text.endsWith('}')) done(false);
    });
    socket.on('close', () => done(true));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => done(false));
    socket.write(payload);
  });
}

function agentRequest(agent: Agent, options: { method: string; path: string; headers?: Record<string, string>; body?: string; chunks?: number }) {
  return new Promise<{ status: number; connection: string | undefined; body: string; socketPort: number | undefined }>((resolve, reject) => {
    const req = httpRequest({ agent, host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body, socketPort: req.socket?.localPort }));
    });
    req.on('error', reject);
    for (let i = 0; i < (options.chunks ?? 1); i++) if (options.body) req.write(options.body);
    req.end();
  });
}

describe('a refused oversize body', () => {
  const next = 'GET /healthz HTTP/1.1\r\nHost: ikimina.test\r\n\r\n';

  it('is drained when it declared a small enough length: the next request on the same socket is answered', async () => {
    const report = `id=${'a'.repeat(40_000)}`;
    const sms = `POST /api/sms/delivery-reports HTTP/1.1\r\nHost: ikimina.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${report.length}\r\n\r\n`;
    const { text, closed } = await rawExchange(`${sms}${report}${next}`, 2);
    expect(text).toMatch(/^HTTP\/1\.1 413 [^]*"code":"payload_too_large"[^]*HTTP\/1\.1 200 [^]*\{"status":"ok"\}$/);
    expect(closed).toBe(false);

    // The same through a keep-alive agent, for the SMS route and for a chunked JSON body.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await agentRequest(agent, { method: 'POST', path: '/api/sms/delivery-reports', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(report.length) }, body: report });
      expect(refused.status).toBe(413);
      const after = await agentRequest(agent, { method: 'GET', path: '/healthz' });
      expect(after).toMatchObject({ status: 200, socketPort: refused.socketPort });
    } finally {
      agent.destroy();
    }
  });

  it('closes the connection properly when it is larger or of unknown length: the next request gets a fresh socket', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const json = JSON.stringify({ email: 'x'.repeat(50_000) });
      const chunked = await agentRequest(agent, { method: 'POST', path: '/api/auth/login', headers: { 'Content-Type': 'application/json' }, body: json, chunks: 20 });
      expect(chunked).toMatchObject({ status: 413, connection: 'close' });
      expect((await agentRequest(agent, { method: 'GET', path: '/healthz' })).status).toBe(200);

      const huge = `id=${'a'.repeat(DRAIN_LIMIT_BYTES + 10)}`;
      const sms = await agentRequest(agent, { method: 'POST', path: '/api/sms/delivery-reports', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(huge.length) }, body: huge });
      expect(sms).toMatchObject({ status: 413, connection: 'close' });
      expect((await agentRequest(agent, { method: 'GET', path: '/healthz' })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('leaves ordinary requests on a kept-alive connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const login = JSON.stringify({ email: 'nobody@example.rw', password: 'wrong password' });
      const first = await agentRequest(agent, { method: 'POST', path: '/api/auth/login', headers: { 'Content-Type': 'application/json', 'Content-Length': String(login.length) }, body: login });
      const second = await agentRequest(agent, { method: 'GET', path: '/api/tontines' });
      expect(first).toMatchObject({ status: 401, connection: 'keep-alive' });
      expect(second).toMatchObject({ status: 200, connection: 'keep-alive', socketPort: first.socketPort });
    } finally {
      agent.destroy();
    }
  });
});
