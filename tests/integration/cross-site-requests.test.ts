/**
 * Cross-site request forgery against the cookie session. SameSite=Lax keeps the cookie off a
 * cross-site POST in a current browser, but not off a request from a sibling subdomain (same
 * site), nor in a browser that ignores SameSite; and the API answers the bodiless POSTs a form or a
 * no-cors fetch can send (biometric consent, a credit assessment). So a browser's request that
 * changes something is refused (403 `cross_site_request`, nothing done) when the browser says it
 * came from another origin (`Sec-Fetch-Site: cross-site | same-site`) or, from a browser that
 * does not say, when its Origin names another host. The app's own requests, and clients that are
 * not browsers (bearer tokens, provider callbacks), pass as before.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
  const res = await request(t.handler).post('/api/auth/register').send({ email: 'aline@example.rw', password: 'long enough', firstName: 'Aline', lastName: 'Uwase' });
  expect(res.status).toBe(201);
  cookie = `ikimina_session=${res.body.token as string}`;
});
afterAll(async () => {
  await db?.drop();
});

const consents = () => db.count('biometric_consents');

describe('a state-changing request from another site, with the member’s cookie', () => {
  for (const [label, headers] of [
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://user-content.ikimina.test' }],
    ['a foreign Origin from a browser without Sec-Fetch-Site', { Origin: 'https://evil.example' }],
  ] as const) {
    it(`is refused, changing nothing: ${label}`, async () => {
      const before = await consents();
      const res = await request(t.handler).post('/api/kyc/consent').set('Cookie', cookie).set('Content-Type', 'text/plain').set(headers).send('x');
      expect([res.status, res.body.code]).toEqual([403, 'cross_site_request']);
      expect(await consents()).toBe(before);
      const assess = await request(t.handler).post('/api/credit-score/assess').set('Cookie', cookie).set(headers);
      expect(assess.status).toBe(403);
    });
  }
});

describe('the app’s own requests and clients that are not browsers', () => {
  it('pass: same-origin (Origin null under Referrer-Policy no-referrer, or the app’s own host), no browser headers, a bearer token', async () => {
    for (const headers of [
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'null' },
      { Origin: 'null' },
      { Origin: 'http://ikimina.test', Host: 'ikimina.test' },
      // The public address (PUBLIC_BASE_URL) behind a proxy that passes on its own Host.
      { Origin: 'http://ikimina.test', Host: 'app.internal:3000' },
      {},
    ]) {
      const res = await request(t.handler).post('/api/kyc/consent').set('Cookie', cookie).set(headers).send({});
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    const token = cookie.split('=')[1]!;
    // A bearer token: another site can neither read it nor send the header without a CORS preflight.
    expect((await request(t.handler).post('/api/kyc/consent').set('Authorization', `Bearer ${token}`).set('Sec-Fetch-Site', 'cross-site').send({})).status).toBe(200);
    // Reading is never refused: a cross-site GET changes nothing.
    expect((await request(t.handler).get('/api/kyc/status').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site')).status).toBe(200);
  });
});
