import type { Router } from '@koa/router';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
});
afterAll(async () => {
  await db?.drop();
});

const valid = { email: 'amina@example.rw', password: 'correct horse', firstName: 'Amina', lastName: 'Uwase' };
let seq = 0;
const unique = (overrides: Record<string, unknown> = {}) => ({ ...valid, email: `member${++seq}@example.rw`, ...overrides });

describe('validation (spec part 1, §5)', () => {
  it.each([
    [{ password: 'x' }, 'Please enter a valid email address', 'email'],
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address', 'email'],
    [{ email: 'a@b.rw' }, 'Password is required', 'password'],
    [{ email: 'a@b.rw', password: '' }, 'Password is required', 'password'],
  ])('login %j answers %s', async (body, message, field) => {
    const res = await request(t.handler).post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'validation_failed' });
    expect(res.body.fields[field]).toBe(message);
  });

  it.each([
    [{ ...valid, email: 'nope' }, 'Please enter a valid email address'],
    [{ ...valid, password: 'short' }, 'Password must be at least 8 characters'],
    [{ ...valid, firstName: '   ' }, 'First name is required'],
    [{ ...valid, firstName: undefined }, 'First name is required'],
    [{ ...valid, lastName: '' }, 'Last name is required'],
    [{ ...valid, language: 'de' }, 'Language must be one of en, fr, rw, sw'],
  ])('register %j answers %s', async (body, message) => {
    const res = await request(t.handler).post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'validation_failed' });
  });

  it('register reports the first failing field in form order and every field in `fields`', async () => {
    const res = await request(t.handler).post('/api/auth/register').send({ email: 'x', password: 'y' });
    expect(res.body.error).toBe('Please enter a valid email address');
    expect(res.body.fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
});

describe('register → login → /api/user → logout', () => {
  it('signs in, answers the user, and refuses the token after logout', async () => {
    const body = unique({ email: '  Grace.M@Example.RW ', phone: '+250788123456', language: 'rw' });
    const registered = await request(t.handler).post('/api/auth/register').send(body);
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ email: 'grace.m@example.rw', firstName: 'Amina', phoneNumber: '+250788123456', language: 'rw', isDemo: false });
    expect(registered.body.profile).toEqual({ firstName: 'Amina', lastName: 'Uwase', phoneNumber: '+250788123456', address: null, dateOfBirth: null });
    expect(registered.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const login = await request(t.handler).post('/api/auth/login').send({ email: 'GRACE.M@example.rw', password: body.password });
    expect(login.status).toBe(200);
    const token: string = login.body.token;
    expect(token).not.toBe(registered.body.token);

    const me = await request(t.handler).get('/api/user').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(200);
    expect(Object.keys(me.body)).toEqual(
      expect.arrayContaining(['id', 'email', 'firstName', 'lastName', 'phoneNumber', 'language', 'profession', 'address', 'dateOfBirth', 'profilePhotoUrl', 'emailVerified', 'nidaVerified', 'kycVerified', 'isDemo', 'createdAt']),
    );

    const logout = await request(t.handler).post('/api/auth/logout').set('Authorization', `Bearer ${token}`);
    expect(logout.status).toBe(204);
    expect(logout.headers['set-cookie']?.[0]).toMatch(/^ikimina_session=; Path=\/; Max-Age=0/);

    const after = await request(t.handler).get('/api/user').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: expect.any(String), code: 'unauthenticated' });
    // The other session (from registration) is still alive: logout ends one session only.
    expect((await request(t.handler).get('/api/user').set('Authorization', `Bearer ${registered.body.token}`)).status).toBe(200);
  });

  it('stores the session hashed, never the token itself', async () => {
    const res = await request(t.handler).post('/api/auth/register').send(unique());
    const rows = await db.orm.em.fork().execute<{ token_hash: string }[]>('select token_hash from sessions');
    expect(rows.some((r) => r.token_hash === res.body.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('authenticates with the HttpOnly session cookie as well as the bearer header', async () => {
    const agent = request.agent(t.handler);
    const res = await agent.post('/api/auth/register').send(unique());
    const cookie = res.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^ikimina_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await agent.get('/api/auth/profile-completion')).body).toEqual({ percentage: 30, color: 'red' });
    // A browser says where its POST came from; the cookie ends the session it names.
    await agent.post('/api/auth/logout').set('Sec-Fetch-Site', 'same-origin');
    expect((await agent.get('/api/user')).status).toBe(401);
    expect((await request(t.handler).get('/api/user').set('Authorization', `Bearer ${res.body.token as string}`)).status).toBe(401);
  });

  it('answers 401 unauthenticated without a session or with a forged one', async () => {
    expect((await request(t.handler).get('/api/user')).body.code).toBe('unauthenticated');
    expect((await request(t.handler).get('/api/user').set('Authorization', 'Bearer forged')).status).toBe(401);
    expect((await request(t.handler).get('/api/auth/profile-completion').set('Cookie', 'ikimina_session=forged')).status).toBe(401);
  });

  it('refuses a second account for the same normalised address with 409 email_taken', async () => {
    const body = unique();
    expect((await request(t.handler).post('/api/auth/register').send(body)).status).toBe(201);
    const again = await request(t.handler).post('/api/auth/register').send({ ...body, email: ` ${body.email.toUpperCase()} ` });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'An account with this email already exists.', code: 'email_taken' });
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const body = unique();
    await request(t.handler).post('/api/auth/register').send(body);
    for (const attempt of [{ email: body.email, password: 'wrong password' }, { email: 'nobody@example.rw', password: 'whatever1' }]) {
      const res = await request(t.handler).post('/api/auth/login').send(attempt);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    }
  });
});

describe('hostile and malformed bodies', () => {
  const megabyte = 'a'.repeat(1024 * 1024);
  const cases: Array<[string, (r: request.Test) => request.Test]> = [
    ['missing fields', (r) => r.send({})],
    ['wrong types', (r) => r.send({ email: 42, password: ['x'], firstName: { a: 1 }, lastName: true })],
    ['1 MB strings', (r) => r.send({ ...valid, email: 'fresh@example.rw', firstName: megabyte })],
    ['a 1 MB password', (r) => r.send({ ...valid, email: 'fresh@example.rw', password: megabyte.slice(0, 60_000) })],
    ['SQL in a name', (r) => r.send({ ...valid, email: 'fresh@example.rw', lastName: "x'); DROP TABLE users; --" })],
    ['HTML in a name', (r) => r.send({ ...valid, email: 'fresh@example.rw', firstName: '<script>alert(1)</script>' })],
    ['non-JSON', (r) => r.set('Content-Type', 'application/json').send('{"email": "fresh@example.rw",')],
    ['plain text', (r) => r.set('Content-Type', 'text/plain').send('email=fresh@example.rw')],
    ['an array instead of an object', (r) => r.send([{ ...valid, email: 'fresh@example.rw' }])],
    ['a JSON string', (r) => r.set('Content-Type', 'application/json').send('"hello"')],
  ];

  it.each(cases)('register with %s is a 4xx JSON error and stores nothing', async (_name, build) => {
    const users = await db.count('users');
    const sessions = await db.count('sessions');
    const res = await build(request(t.handler).post('/api/auth/register'));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.stringMatching(/^[a-z_]+$/) }));
    expect(await db.count('users')).toBe(users);
    expect(await db.count('sessions')).toBe(sessions);
  });

  it('names a too-large body payload_too_large and malformed JSON invalid_json', async () => {
    const big = await request(t.handler).post('/api/auth/login').send({ email: 'a@b.rw', password: megabyte });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
    const broken = await request(t.handler).post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('invalid_json');
  });

  it('keeps names with apostrophes, hyphens and accents', async () => {
    const res = await request(t.handler).post('/api/auth/register').send(unique({ firstName: "N'Guessan", lastName: 'Mukamana-Ngabo Élise' }));
    expect(res.status).toBe(201);
  });
});

describe('probes, documents and unknown paths', () => {
  it('answers /healthz and /readyz with a request id', async () => {
    const health = await request(t.handler).get('/healthz').set('X-Request-Id', 'probe-1');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers['x-request-id']).toBe('probe-1');
    const ready = await request(t.handler).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves an OpenAPI 3.1 document covering every route', async () => {
    const res = await request(t.handler).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/api/openapi.json',
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/magic-link',
        '/api/auth/magic-link/redeem',
        '/api/auth/google-status',
        '/api/auth/google',
        '/api/auth/google/callback',
        '/api/auth/profile-completion',
        '/api/user',
      ]),
    );
    expect(res.body.components.schemas.RegisterRequest.required).toEqual(expect.arrayContaining(['email', 'password', 'firstName', 'lastName']));
  });

  it('documents every route the app mounts, with its method', async () => {
    const paths = (await request(t.handler).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    // A router's `routes()` middleware keeps its router; its layers hold the prefixed paths.
    const routers = t.app.middleware.flatMap((middleware) => {
      const router = (middleware as { router?: Router }).router;
      return router ? [router] : [];
    });
    const mounted = routers.flatMap((router) =>
      router.stack
        .filter((layer) => layer.methods.length > 0)
        .flatMap((layer) => {
          const path = String(layer.path).replace(/:(\w+)/g, '{$1}');
          // HEAD is answered by every GET route; the document lists the GET.
          return layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method.toLowerCase()} ${path}`);
        }),
    );
    expect(mounted.length).toBeGreaterThan(40);
    expect(mounted).toEqual(expect.arrayContaining(['post /ussd/africastalking', 'post /api/sms/delivery-reports', 'get /api/tontines/{id}']));
    const undocumented = mounted.filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      // The embedded card sandbox's pages stand in for the processor's hosted checkout (docs/cards.md): not our API.
      if (path.startsWith('/sandbox/card-checkout/')) return false;
      return paths[path]?.[method] === undefined;
    });
    expect(undocumented).toEqual([]);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await request(t.handler).get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found.', code: 'not_found' });
    // A known path with a method it does not route is not "not found" (tests/integration/http-methods.test.ts).
    const wrongMethod = await request(t.handler).delete('/api/auth/login');
    expect([wrongMethod.status, wrongMethod.body.code, wrongMethod.headers.allow]).toEqual([405, 'method_not_allowed', 'POST']);
  });

  it('reports Google sign-in disabled when it is not configured', async () => {
    expect((await request(t.handler).get('/api/auth/google-status')).body).toEqual({ enabled: false });
    const start = await request(t.handler).get('/api/auth/google');
    expect(start.status).toBe(404);
    expect(start.body.code).toBe('sso_disabled');
  });
});
