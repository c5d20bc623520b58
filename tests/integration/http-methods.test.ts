/**
 * Methods over HTTP (apps/http/method-guard.ts): a known API address asked with a method it does
 * not route is a 405 with `Allow` and the house's error body; an unknown one a 404; TRACE is
 * refused everywhere (API, web client, its assets, health probes) and never echoes the request.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'ikimina-methods-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  db = await createTestDatabase();
  t = createTestApp(db, { env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await db?.drop();
  await rm(dist, { recursive: true, force: true });
});

const SECRET = 'Bearer a-session-token-that-must-not-come-back';

describe('a method an API address does not route', () => {
  it.each([
    ['post', '/api/user', 'GET, HEAD'],
    ['delete', '/api/tontines', 'GET, HEAD, POST'],
    ['get', '/api/auth/login', 'POST'],
    ['put', '/api/auth/sessions/2b1f3c4d-0000-4000-8000-000000000000', 'DELETE'],
    ['post', '/api/openapi.json', 'GET, HEAD'],
    ['options', '/api/tontines', 'GET, HEAD, POST'],
  ] as const)('%s %s is a 405 naming the methods it routes', async (method, path, allow) => {
    const res = await request(t.handler)[method](path).set('Authorization', SECRET);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).toEqual({ error: `This address does not accept ${method.toUpperCase()}.`, code: 'method_not_allowed' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers HEAD where GET is routed, and the routed methods as before', async () => {
    expect((await request(t.handler).head('/api/tontines')).status).toBe(200);
    expect((await request(t.handler).get('/api/openapi.json')).status).toBe(200);
    expect((await request(t.handler).get('/api/user')).status).toBe(401);
  });

  it('is documented once, in the OpenAPI document', async () => {
    const description: string = (await request(t.handler).get('/api/openapi.json')).body.info.description;
    expect(description).toContain('405 `method_not_allowed`');
    expect(description).toContain('501 `method_not_implemented`');
  });

  it('leaves an unknown API address a 404, whatever the method', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await request(t.handler)[method]('/api/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect(res.headers.allow).toBeUndefined();
    }
  });
});

describe('TRACE', () => {
  it.each(['/', '/dashboard', '/api/user', '/api/tontines', '/api/no-such-thing', '/assets/index-abc123.js', '/healthz', '/api/openapi.json'])(
    'is refused on %s without echoing the request',
    async (path) => {
      const res = await request(t.handler).trace(path).set('Authorization', SECRET).set('Cookie', 'ikimina_session=cookie-secret');
      expect(res.status).toBe(501);
      expect(res.body).toEqual({ error: 'This server does not accept TRACE requests.', code: 'method_not_implemented' });
      expect(res.text).not.toContain('must-not-come-back');
      expect(res.text).not.toContain('cookie-secret');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it('is refused as any other method no route implements', async () => {
    const res = await request(t.handler).propfind('/api/tontines');
    expect(res.status).toBe(501);
    expect(res.body.code).toBe('method_not_implemented');
  });
});
