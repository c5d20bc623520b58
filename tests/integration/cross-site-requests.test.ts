/**
 * Cross-site request forgery against the cookie session. SameSite=Lax keeps the cookie off a
 * cross-site POST in a current browser, but not off a request from a sibling subdomain (same
 * site), nor in a browser that ignores SameSite; and the API answers the bodiless POSTs a form or a
 * no-cors fetch can send (biometric consent, a credit assessment). So a browser's request that
 * changes something is refused (403 `cross_site_request`, nothing done) when the browser says it
 * came from another origin (`Sec-Fetch-Site: cross-site | same-site`) or, from a browser that
 * does not say, when its Origin names another host. A request that does not prove where it came
 * from (`Origin: null` or no Origin, without `Sec-Fetch-Site`) is not authenticated by the cookie:
 * 401, nothing changed. The app's own requests (a bearer token, or a browser saying same-origin),
 * and clients that are not browsers (provider callbacks, the USSD gateway: no cookie), pass.
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
const firstName = async () => (await db.orm.em.fork().execute<{ first_name: string }[]>("select first_name from users where email = 'aline@example.rw'"))[0]!.first_name;

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

describe('a state-changing request with the member’s cookie that does not say where it came from', () => {
  for (const [label, headers] of [
    ['Origin: null without Sec-Fetch-Site (a sandboxed frame, a data: page, a cross-site redirect)', { Origin: 'null' }],
    ['no Origin and no Sec-Fetch-Site', {}],
    ['an Authorization header that is not a bearer token (a browser adds Basic by itself)', { Origin: 'null', Authorization: 'Basic c3RhZ2luZzpzdGFnaW5n' }],
    // The session reads no token from it (two words), so the cookie would have signed it: it exempts nothing either.
    ['an Authorization header that starts like a bearer token but holds none', { Origin: 'null', Authorization: 'Bearer not one-token' }],
  ] as const) {
    it(`is not authenticated by the cookie, changing nothing: ${label}`, async () => {
      const before = await consents();
      const profile = await request(t.handler).patch('/api/profile').set('Cookie', cookie).set(headers).send({ firstName: 'Mallory' });
      expect([profile.status, profile.body.code]).toEqual([401, 'unauthenticated']);
      expect(await firstName()).toBe('Aline');
      const consent = await request(t.handler).post('/api/kyc/consent').set('Cookie', cookie).set('Content-Type', 'text/plain').set(headers).send('x');
      expect(consent.status).toBe(401);
      expect(await consents()).toBe(before);
      expect((await request(t.handler).post('/api/credit-score/assess').set('Cookie', cookie).set(headers)).status).toBe(401);
    });
  }

  it('still lets a visitor with a stale cookie sign in (the cookie is disregarded, not refused)', async () => {
    const res = await request(t.handler).post('/api/auth/login').set('Cookie', 'ikimina_session=stale').set('Origin', 'null').send({ email: 'aline@example.rw', password: 'long enough' });
    expect(res.status).toBe(200);
  });
});

describe('the app’s own requests and clients that are not browsers', () => {
  it('pass: a browser that says same-origin (Origin null under Referrer-Policy no-referrer), an Origin naming this server, a bearer token', async () => {
    for (const headers of [
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'null' },
      { 'Sec-Fetch-Site': 'same-origin' },
      { Origin: 'http://ikimina.test', Host: 'ikimina.test' },
      // The public address (PUBLIC_BASE_URL) behind a proxy that passes on its own Host.
      { Origin: 'http://ikimina.test', Host: 'app.internal:3000' },
    ]) {
      const res = await request(t.handler).post('/api/kyc/consent').set('Cookie', cookie).set(headers).send({});
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    const changed = await request(t.handler).patch('/api/profile').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin').set('Origin', 'null').send({ address: 'KG 11 Ave, Kigali' });
    expect(changed.status).toBe(200);
    const token = cookie.split('=')[1]!;
    // A bearer token: another site can neither read it nor send the header without a CORS preflight.
    expect((await request(t.handler).post('/api/kyc/consent').set('Authorization', `Bearer ${token}`).set('Sec-Fetch-Site', 'cross-site').send({})).status).toBe(200);
    expect((await request(t.handler).patch('/api/profile').set('Authorization', `Bearer ${token}`).set('Origin', 'null').send({ address: 'KG 12 Ave, Kigali' })).status).toBe(200);
    // Reading is never refused: a cross-site GET changes nothing.
    expect((await request(t.handler).get('/api/kyc/status').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site')).status).toBe(200);
  });

  it('pass: a provider callback and the USSD gateway, which send no cookie and no browser headers', async () => {
    const callback = await request(t.handler).put('/api/payments/callbacks/mtn').send({ externalId: 'unknown-ref', amount: '5000', currency: 'RWF', status: 'SUCCESSFUL' });
    // Refused by the callback's own check (no token for this payment), never as a cross-site request.
    expect(callback.body.code).not.toBe('cross_site_request');
    const ussd = await request(t.handler).post('/ussd/africastalking').type('form').send({ sessionId: 'ATUid_csrf', phoneNumber: '+250788300011', text: '', serviceCode: '*384*123#' });
    expect([ussd.status, ussd.text.startsWith('CON ')]).toEqual([200, true]);
  });
});
