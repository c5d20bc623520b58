/**
 * Uploads on any address (issue 31): opened at `http://127.0.0.1:<port>` while PUBLIC_BASE_URL
 * says `http://localhost:<port>`, every upload failed: the upload address was absolute on
 * PUBLIC_BASE_URL's host, and the page's Content-Security-Policy (`connect-src 'self'`) blocked the
 * PUT. With local storage the address is now a path of this server: the browser resolves it
 * against the page, so it is on the page's own origin whatever address the page was opened at,
 * and nothing in it comes from a Host or X-Forwarded-Host header (no address an attacker could
 * point elsewhere).
 *
 * - A real server listening on every interface, PUBLIC_BASE_URL `http://localhost:<port>`; a page
 *   at `localhost` and a page at `127.0.0.1` each sign up, upload a profile photo the way the
 *   browser does (fetch on the page's origin) and save it.
 * - Behind a TLS proxy (PUBLIC_BASE_URL `https://ikimina.example`, TRUST_PROXY_HOPS=1): the proxy
 *   passes on its own Host and X-Forwarded-Host/Proto; a forged X-Forwarded-Host or Host never
 *   shows in the address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPng } from '../support/images.ts';
import { signUp } from '../support/openapi-cases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** What a browser would check before the PUT: the CSP's connect-src of the page. */
function connectSources(csp: string): string[] {
  return (csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src ')) ?? '').split(' ').slice(1);
}

describe('a server whose PUBLIC_BASE_URL is http://localhost:<port>', () => {
  let server: Server;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    let handler: TestApp['handler'] | undefined;
    server = createServer((req, res) => void handler!(req, res));
    // Every interface, both families: `localhost` may resolve to ::1 and 127.0.0.1 is IPv4.
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as AddressInfo).port;
    t = createTestApp(db, { env: { PUBLIC_BASE_URL: `http://localhost:${port}`, PORT: String(port) } });
    handler = t.handler;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  for (const host of ['localhost', '127.0.0.1']) {
    it(`uploads and saves a profile photo from a page opened at http://${host}:<port>`, async () => {
      const page = `http://${host}:${port}`;
      // The browser's own requests, as the web client makes them (bearer token, its own Origin).
      const call = (path: string, init: { method: string; token?: string; body?: unknown }) =>
        fetch(`${page}${path}`, {
          method: init.method,
          headers: { Origin: page, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        });
      const registered = await call('/api/auth/register', { method: 'POST', body: { email: `any.${host}.${port}@example.rw`, password: 'long enough password', firstName: 'Aline', lastName: 'Uwase' } });
      expect(registered.status).toBe(201);
      const { token } = (await registered.json()) as { token: string };

      const given = await call('/api/objects/upload/public', { method: 'POST', token });
      expect(given.status).toBe(200);
      const { uploadURL, objectPath } = (await given.json()) as { uploadURL: string; objectPath: string };
      // A path: the browser resolves it against the page it is on.
      expect(uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
      const target = new URL(uploadURL, `${page}/profile`);
      expect(target.origin).toBe(page);
      const csp = given.headers.get('content-security-policy') ?? '';
      expect(connectSources(csp)).toEqual(["'self'"]);

      const photo = await aPng(90, 90);
      // As api-client's uploadToSignedUrl: no Authorization, no cookies.
      const put = await fetch(target, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: photo });
      expect(put.status, await put.clone().text()).toBe(200);

      const saved = await call('/api/profile-photo', { method: 'PUT', token, body: { photoURL: uploadURL } });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual({ objectPath, photoURL: `/api${objectPath}` });
      const served = await fetch(`${page}/api${objectPath}`);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    });
  }
});

describe('behind a TLS proxy (PUBLIC_BASE_URL https://ikimina.example, TRUST_PROXY_HOPS=1)', () => {
  let t: TestApp;
  const PUBLIC = 'https://ikimina.example';
  /** What the proxy sends on: its own Host to the app, the public name and scheme in X-Forwarded-*. */
  const proxied = { Host: 'app.internal:3000', 'X-Forwarded-Host': 'ikimina.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' };

  beforeAll(() => {
    t = createTestApp(db, { env: { PUBLIC_BASE_URL: PUBLIC, TRUST_PROXY_HOPS: '1' } });
  });

  it('gives an address on the public name once resolved by the page, which the proxy passes to the app', async () => {
    const member = await signUp(t, 'Proxied');
    const given = await request(t.handler).post('/api/objects/upload/private').set(proxied).set('Authorization', `Bearer ${member.token}`);
    expect(given.status).toBe(200);
    const target = new URL(given.body.uploadURL as string, `${PUBLIC}/dashboard?tab=verification`);
    expect(target.origin).toBe(PUBLIC);
    // The proxy forwards the path and query as they are.
    const put = await request(t.handler).put(`${target.pathname}${target.search}`).set(proxied).set('Content-Type', 'image/png').send(await aPng());
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Over https (X-Forwarded-Proto from the trusted proxy) the answers pin HTTPS.
    expect(put.headers['strict-transport-security']).toBeDefined();
  });

  it('never puts a forged Host or X-Forwarded-Host in an address (host header injection)', async () => {
    const member = await signUp(t, 'Forger');
    for (const forged of [
      { ...proxied, 'X-Forwarded-Host': 'evil.example' },
      { Host: 'evil.example' },
      { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
    ]) {
      for (const path of ['/api/objects/upload/public', '/api/companion/s3/params?type=image/png']) {
        const method = path.startsWith('/api/companion') ? 'get' : 'post';
        const res = await request(t.handler)[method](path).set(forged).set('Authorization', `Bearer ${member.token}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const address = (res.body.uploadURL ?? res.body.url) as string;
        expect(address, JSON.stringify(forged)).toMatch(/^\/api\/objects\/uploads\//);
        expect(JSON.stringify(res.body)).not.toContain('evil.example');
      }
    }
  });
});
