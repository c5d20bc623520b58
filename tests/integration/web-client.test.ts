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
  dist = await mkdtemp(join(tmpdir(), 'ikimina-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dist, 'favicon.svg'), '<svg/>');
  db = await createTestDatabase();
  t = createTestApp(db, { env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await db?.drop();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web client', () => {
  it('serves hashed assets as immutable and index.html as no-cache', async () => {
    const asset = await request(t.handler).get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await request(t.handler).get('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes, not for missing files or the API', async () => {
    for (const path of ['/', '/dashboard', '/tontines/42', '/auth/magic-link']) {
      const res = await request(t.handler).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await request(t.handler).get('/assets/missing.js')).status).toBe(404);
    const api = await request(t.handler).get('/api/missing');
    expect(api.body.code).toBe('not_found');
  });
});
