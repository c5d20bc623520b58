import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOidcIssuer, type FakeOidcIdentity, type FakeOidcIssuer } from '../../tests/fakes/oidc-issuer.ts';
import { GoogleSingleSignOn } from './google-single-sign-on.ts';

const CLIENT_ID = 'ikimina-web.apps.example';
const CLIENT_SECRET = 'fake-client-secret';
const REDIRECT_URI = 'http://127.0.0.1:3000/auth/google/callback';
const ALINE: FakeOidcIdentity = {
  sub: '108234567890123456789',
  email: 'aline.uwase@example.rw',
  email_verified: true,
  given_name: 'Aline',
  family_name: 'Uwase',
  picture: 'https://lh3.example.com/a/aline.jpg',
};

let issuer: FakeOidcIssuer;
let sso: GoogleSingleSignOn;

beforeAll(async () => {
  issuer = await startFakeOidcIssuer({ identity: ALINE, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  sso = await GoogleSingleSignOn.create({
    issuerUrl: issuer.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    allowInsecureHttp: true,
  });
});

afterAll(async () => {
  await issuer.stop();
});

beforeEach(() => {
  issuer.setIdentity(ALINE);
  issuer.setBehaviour({ issInAuthorizationResponse: false, idTokenIssuer: undefined, signWithUnpublishedKey: false, authorizationError: undefined });
});

/** What the browser does: follow the authorization URL to the issuer and come back with its redirect. */
async function approve(authorizationUrl: string): Promise<string> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = response.headers.get('location');
  if (location === null) throw new Error('the issuer did not redirect');
  return location;
}

describe('GoogleSingleSignOn', () => {
  it('start asks for openid email profile with PKCE S256, state and nonce', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const url = new URL(authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: createHash('sha256').update(pending.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    const other = await sso.start();
    expect(other.pending.state).not.toBe(pending.state);
    expect(other.pending.nonce).not.toBe(pending.nonce);
    expect(other.pending.codeVerifier).not.toBe(pending.codeVerifier);
  });

  it('finish returns the identity of a completed sign-in, keyed on the subject', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = await approve(authorizationUrl);
    expect(callbackUrl.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    expect(await sso.finish(callbackUrl, pending)).toEqual({
      ok: true,
      value: {
        provider: 'google',
        subject: ALINE.sub,
        email: ALINE.email,
        firstName: 'Aline',
        lastName: 'Uwase',
        pictureUrl: ALINE.picture,
      },
    });
    expect(issuer.authorizations.at(-1)?.nonce).toBe(pending.nonce);
  });

  it('leaves out the profile fields the provider does not send', async () => {
    issuer.setIdentity({ sub: '42', email: 'jean@example.rw', email_verified: true });
    const { authorizationUrl, pending } = await sso.start();
    expect(await sso.finish(await approve(authorizationUrl), pending)).toEqual({
      ok: true,
      value: { provider: 'google', subject: '42', email: 'jean@example.rw' },
    });
  });

  it('refuses an e-mail the provider has not verified: sso_email_unverified', async () => {
    issuer.setIdentity({ ...ALINE, email_verified: false });
    const { authorizationUrl, pending } = await sso.start();
    expect(await sso.finish(await approve(authorizationUrl), pending)).toEqual({ ok: false, error: 'sso_email_unverified' });
  });

  it('refuses a callback whose state belongs to another sign-in: sso_failed', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = await approve(authorizationUrl);
    const other = await sso.start();
    expect(await sso.finish(callbackUrl, { ...pending, state: other.pending.state })).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses an ID token whose nonce belongs to another sign-in: sso_failed', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = await approve(authorizationUrl);
    const other = await sso.start();
    expect(await sso.finish(callbackUrl, { ...pending, nonce: other.pending.nonce })).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses a code redeemed with another PKCE verifier: sso_failed', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = await approve(authorizationUrl);
    const other = await sso.start();
    expect(await sso.finish(callbackUrl, { ...pending, codeVerifier: other.pending.codeVerifier })).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses a tampered code: sso_failed', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = new URL(await approve(authorizationUrl));
    callbackUrl.searchParams.set('code', `${callbackUrl.searchParams.get('code')}x`);
    expect(await sso.finish(callbackUrl.href, pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses a replayed callback: a code is redeemed once', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = await approve(authorizationUrl);
    expect((await sso.finish(callbackUrl, pending)).ok).toBe(true);
    expect(await sso.finish(callbackUrl, pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses an ID token not signed by the issuer: sso_failed', async () => {
    issuer.setBehaviour({ signWithUnpublishedKey: true });
    const { authorizationUrl, pending } = await sso.start();
    expect(await sso.finish(await approve(authorizationUrl), pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses a callback carrying an error such as access_denied: sso_failed', async () => {
    issuer.setBehaviour({ authorizationError: 'access_denied' });
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = await approve(authorizationUrl);
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    expect(await sso.finish(callbackUrl, pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses a callback that is not a URL: sso_failed', async () => {
    const { pending } = await sso.start();
    expect(await sso.finish('not a url', pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('accepts an issuer that adds iss to the authorization response, and refuses a foreign one', async () => {
    issuer.setBehaviour({ issInAuthorizationResponse: true });
    const { authorizationUrl, pending } = await sso.start();
    const callbackUrl = await approve(authorizationUrl);
    expect(new URL(callbackUrl).searchParams.get('iss')).toBe(issuer.url);
    expect((await sso.finish(callbackUrl, pending)).ok).toBe(true);

    const second = await sso.start();
    const forged = new URL(await approve(second.authorizationUrl));
    forged.searchParams.set('iss', 'https://evil.example');
    expect(await sso.finish(forged.href, second.pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('accepts an ID token whose iss lacks the scheme, as Google documents', async () => {
    issuer.setBehaviour({ idTokenIssuer: issuer.url.replace('http://', '') });
    const { authorizationUrl, pending } = await sso.start();
    const result = await sso.finish(await approve(authorizationUrl), pending);
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ subject: ALINE.sub, email: ALINE.email }) });
  });

  it('still checks nonce, signature and e-mail verification for an iss without the scheme', async () => {
    issuer.setBehaviour({ idTokenIssuer: issuer.url.replace('http://', '') });
    const first = await sso.start();
    const other = await sso.start();
    expect(await sso.finish(await approve(first.authorizationUrl), { ...first.pending, nonce: other.pending.nonce })).toEqual({
      ok: false,
      error: 'sso_failed',
    });

    issuer.setBehaviour({ signWithUnpublishedKey: true });
    const second = await sso.start();
    expect(await sso.finish(await approve(second.authorizationUrl), second.pending)).toEqual({ ok: false, error: 'sso_failed' });

    issuer.setBehaviour({ signWithUnpublishedKey: false });
    issuer.setIdentity({ ...ALINE, email_verified: false });
    const third = await sso.start();
    expect(await sso.finish(await approve(third.authorizationUrl), third.pending)).toEqual({ ok: false, error: 'sso_email_unverified' });
  });

  it('refuses an ID token from another issuer: sso_failed', async () => {
    issuer.setBehaviour({ idTokenIssuer: 'https://evil.example' });
    const { authorizationUrl, pending } = await sso.start();
    expect(await sso.finish(await approve(authorizationUrl), pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('answers sso_failed when the issuer refuses the client credentials', async () => {
    const misconfigured = await GoogleSingleSignOn.create({
      issuerUrl: issuer.url,
      clientId: CLIENT_ID,
      clientSecret: 'wrong-secret',
      redirectUri: REDIRECT_URI,
      allowInsecureHttp: true,
    });
    const { authorizationUrl, pending } = await misconfigured.start();
    expect(await misconfigured.finish(await approve(authorizationUrl), pending)).toEqual({ ok: false, error: 'sso_failed' });
  });

  it('refuses a plain-http issuer unless insecure http is allowed', async () => {
    await expect(
      GoogleSingleSignOn.create({ issuerUrl: issuer.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI }),
    ).rejects.toThrow();
  });

  it('uses the injected fetch for every call to the issuer', async () => {
    const seen: string[] = [];
    const tracing: typeof fetch = (input, init) => {
      seen.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    };
    const traced = await GoogleSingleSignOn.create({
      issuerUrl: issuer.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: REDIRECT_URI,
      allowInsecureHttp: true,
      fetch: tracing,
    });
    const { authorizationUrl, pending } = await traced.start();
    expect((await traced.finish(await approve(authorizationUrl), pending)).ok).toBe(true);
    expect(seen).toEqual(['/.well-known/openid-configuration', '/token', '/jwks']);
  });
});

describe('fake OIDC issuer', () => {
  it('accepts client_secret_basic at the token endpoint and serves userinfo for the access token', async () => {
    const { authorizationUrl, pending } = await sso.start();
    const code = new URL(await approve(authorizationUrl)).searchParams.get('code') ?? '';
    const basic = Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64');
    const tokenResponse = await fetch(`${issuer.url}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: pending.codeVerifier }),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
    const userinfo = await fetch(`${issuer.url}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await userinfo.json()).toEqual(ALINE);
    expect((await fetch(`${issuer.url}/userinfo`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });
});
