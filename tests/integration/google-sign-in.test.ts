/**
 * Google sign-in through the HTTP routes, against the fake OpenID issuer: the real adapter
 * (openid-client, PKCE, state, nonce, signed ID tokens), the real use cases and a real database.
 * The browser's part is played by hand: supertest for our routes, fetch for the issuer.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleSingleSignOn } from '../../adapters/oidc/google-single-sign-on.ts';
import { startFakeOidcIssuer, type FakeOidcIdentity, type FakeOidcIssuer } from '../fakes/oidc-issuer.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const CLIENT_ID = 'ikimina-web';
const CLIENT_SECRET = 'fake-google-secret';
const CALLBACK = `${TEST_BASE_URL}/api/auth/google/callback`;
const STATE_COOKIE = 'ikimina_sso_state';

let db: TestDatabase;
let issuer: FakeOidcIssuer;
let withGoogle: TestApp;
let withoutGoogle: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  issuer = await startFakeOidcIssuer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    identity: { sub: 'unused', email: 'unused@example.rw', email_verified: true },
  });
  const singleSignOn = await GoogleSingleSignOn.create({
    issuerUrl: issuer.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: CALLBACK,
    allowInsecureHttp: true,
  });
  withGoogle = createTestApp(db, { singleSignOn });
  withoutGoogle = createTestApp(db);
});
afterAll(async () => {
  await issuer?.stop();
  await db?.drop();
});

/** The browser's state cookie from a Set-Cookie list, as a Cookie header value. */
function stateCookieOf(setCookie: string[] | undefined): string {
  const line = (setCookie ?? []).find((c) => c.startsWith(`${STATE_COOKIE}=`));
  if (!line) throw new Error(`no ${STATE_COOKIE} cookie in ${JSON.stringify(setCookie)}`);
  return line.split(';')[0] ?? '';
}

function setCookies(res: request.Response): string[] {
  const header = res.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** GET /api/auth/google, then the issuer's /authorize: answers our callback path and the cookie. */
async function startAtGoogle(identity: FakeOidcIdentity) {
  issuer.setIdentity(identity);
  const start = await request(withGoogle.handler).get('/api/auth/google');
  expect(start.status).toBe(302);
  const authorization = await fetch(start.headers.location as string, { redirect: 'manual' });
  expect(authorization.status).toBe(302);
  const callback = new URL(authorization.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
  return { start, callbackPath: `${callback.pathname}${callback.search}`, cookie: stateCookieOf(setCookies(start)) };
}

/** The whole browser journey up to the hand-over link; answers the callback response. */
async function signInWithGoogle(identity: FakeOidcIdentity) {
  const { callbackPath, cookie } = await startAtGoogle(identity);
  return request(withGoogle.handler).get(callbackPath).set('Cookie', cookie);
}

function handoverTokenOf(res: request.Response): string {
  expect(res.status).toBe(302);
  const match = /^\/auth\/magic-link#token=([A-Za-z0-9_-]+)$/.exec(res.headers.location as string);
  if (!match?.[1]) throw new Error(`not a hand-over redirect: ${String(res.headers.location)}`);
  return match[1];
}

const redeem = (token: string) => request(withGoogle.handler).post('/api/auth/magic-link/redeem').send({ token });

async function usersWithEmail(email: string): Promise<number> {
  const rows = await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from users where email = ?', [email]);
  return Number(rows[0]?.n);
}

describe('GET /api/auth/google-status', () => {
  it('reports enabled when Google is configured and disabled when it is not', async () => {
    expect((await request(withGoogle.handler).get('/api/auth/google-status')).body).toEqual({ enabled: true });
    expect((await request(withoutGoogle.handler).get('/api/auth/google-status')).body).toEqual({ enabled: false });
  });

  it('answers sso_disabled for the sign-in routes without configuration', async () => {
    for (const path of ['/api/auth/google', '/api/auth/google/callback?state=x&code=y']) {
      const res = await request(withoutGoogle.handler).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Google sign-in is not enabled.', code: 'sso_disabled' });
    }
  });
});

describe('GET /api/auth/google', () => {
  it('redirects to the issuer with PKCE S256, state and nonce, and binds the state to the browser', async () => {
    const res = await request(withGoogle.handler).get('/api/auth/google');
    expect(res.status).toBe(302);
    const target = new URL(res.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${issuer.url}/authorize`);
    const query = target.searchParams;
    expect(query.get('client_id')).toBe(CLIENT_ID);
    expect(query.get('redirect_uri')).toBe(CALLBACK);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = query.get('state');
    expect(state).toBeTruthy();
    expect(query.get('nonce')).toBeTruthy();
    expect(query.get('nonce')).not.toBe(state);

    const cookie = setCookies(res).find((c) => c.startsWith(`${STATE_COOKIE}=`));
    expect(cookie).toBe(`${STATE_COOKIE}=${state}; Path=/api/auth/google; Max-Age=600; HttpOnly; SameSite=Lax`);
  });

  it('starts a fresh attempt each time', async () => {
    const [a, b] = await Promise.all([request(withGoogle.handler).get('/api/auth/google'), request(withGoogle.handler).get('/api/auth/google')]);
    const params = (res: request.Response) => new URL(res.headers.location as string).searchParams;
    expect(params(a).get('state')).not.toBe(params(b).get('state'));
    expect(params(a).get('nonce')).not.toBe(params(b).get('nonce'));
    expect(params(a).get('code_challenge')).not.toBe(params(b).get('code_challenge'));
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates an account for a new identity and hands over a single-use sign-in link', async () => {
    const identity = { sub: 'google-new-1', email: 'Uwimana@Example.rw', email_verified: true, given_name: 'Grace', family_name: 'Uwimana' };
    const callback = await signInWithGoogle(identity);
    // The state cookie is spent whatever the outcome.
    expect(setCookies(callback)).toContain(`${STATE_COOKIE}=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax`);
    const token = handoverTokenOf(callback);

    const first = await redeem(token);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'uwimana@example.rw', firstName: 'Grace', lastName: 'Uwimana', emailVerified: true });
    const me = await request(withGoogle.handler).get('/api/user').set('Authorization', `Bearer ${first.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('uwimana@example.rw');
    expect(await usersWithEmail('uwimana@example.rw')).toBe(1);

    const second = await redeem(token);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: 'This sign-in link is invalid or has expired.', code: 'invalid_or_expired_link' });
  });

  it('finds the same account on the next sign-in with the same subject, even after an e-mail change at Google', async () => {
    const first = await redeem(handoverTokenOf(await signInWithGoogle({ sub: 'google-return-1', email: 'return@example.rw', email_verified: true })));
    const again = await redeem(handoverTokenOf(await signInWithGoogle({ sub: 'google-return-1', email: 'return@example.rw', email_verified: true })));
    const moved = await redeem(handoverTokenOf(await signInWithGoogle({ sub: 'google-return-1', email: 'moved@example.rw', email_verified: true })));
    expect(first.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(moved.body.user).toMatchObject({ id: first.body.user.id, email: 'return@example.rw' });
    expect(await usersWithEmail('return@example.rw')).toBe(1);
    expect(await usersWithEmail('moved@example.rw')).toBe(0);
  });

  it('links an existing password account with the same verified e-mail, whose password keeps working', async () => {
    const password = 'correct horse battery';
    const registered = await request(withGoogle.handler)
      .post('/api/auth/register')
      .send({ email: 'linked@example.rw', password, firstName: 'Eric', lastName: 'Mugisha' });
    expect(registered.status).toBe(201);

    const viaGoogle = await redeem(handoverTokenOf(await signInWithGoogle({ sub: 'google-link-1', email: 'LINKED@example.rw', email_verified: true })));
    expect(viaGoogle.status).toBe(200);
    expect(viaGoogle.body.user).toMatchObject({ id: registered.body.user.id, firstName: 'Eric' });
    expect(await usersWithEmail('linked@example.rw')).toBe(1);
    expect(await db.count('user_identities')).toBeGreaterThan(0);

    const login = await request(withGoogle.handler).post('/api/auth/login').send({ email: 'linked@example.rw', password });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(registered.body.user.id);
  });

  it('refuses a callback without the state cookie or with another state, and lets the right browser finish', async () => {
    const { callbackPath, cookie } = await startAtGoogle({ sub: 'google-planted-1', email: 'planted@example.rw', email_verified: true });
    const noCookie = await request(withGoogle.handler).get(callbackPath);
    expect(noCookie.status).toBe(302);
    expect(noCookie.headers.location).toBe('/?signin_error=sso_state_mismatch');
    const otherState = await request(withGoogle.handler).get(callbackPath).set('Cookie', `${STATE_COOKIE}=someone-elses-state`);
    expect(otherState.headers.location).toBe('/?signin_error=sso_state_mismatch');
    const noState = await request(withGoogle.handler).get('/api/auth/google/callback?code=abc').set('Cookie', cookie);
    expect(noState.headers.location).toBe('/?signin_error=sso_state_mismatch');
    expect(await usersWithEmail('planted@example.rw')).toBe(0);

    const owner = await request(withGoogle.handler).get(callbackPath).set('Cookie', cookie);
    expect((await redeem(handoverTokenOf(owner))).body.user.email).toBe('planted@example.rw');
  });

  it('finishes each attempt once: replaying the callback is refused', async () => {
    const { callbackPath, cookie } = await startAtGoogle({ sub: 'google-replay-1', email: 'replay@example.rw', email_verified: true });
    handoverTokenOf(await request(withGoogle.handler).get(callbackPath).set('Cookie', cookie));
    const replay = await request(withGoogle.handler).get(callbackPath).set('Cookie', cookie);
    expect(replay.status).toBe(302);
    expect(replay.headers.location).toBe('/?signin_error=sso_expired');
  });

  it('refuses an identity whose e-mail Google has not verified, creating nothing', async () => {
    const res = await signInWithGoogle({ sub: 'google-unverified-1', email: 'unverified@example.rw', email_verified: false });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/?signin_error=sso_email_unverified');
    expect(await usersWithEmail('unverified@example.rw')).toBe(0);
  });

  it('sends the browser home with sso_failed when the person declines at Google', async () => {
    issuer.setBehaviour({ authorizationError: 'access_denied' });
    try {
      const res = await signInWithGoogle({ sub: 'google-declined-1', email: 'declined@example.rw', email_verified: true });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/?signin_error=sso_failed');
      expect(await usersWithEmail('declined@example.rw')).toBe(0);
    } finally {
      issuer.setBehaviour({ authorizationError: undefined });
    }
  });
});
