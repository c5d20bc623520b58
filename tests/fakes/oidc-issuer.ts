/**
 * Fake OpenID Connect issuer: a real HTTP OpenID provider on 127.0.0.1 that stands in for Google
 * in tests. It speaks the documented protocol (discovery, JWKS, authorization-code flow with
 * PKCE S256, RS256 ID tokens signed with jose, userinfo), so the adapter under test runs the
 * same code it runs against accounts.google.com.
 *
 * Usage
 *   const issuer = await startFakeOidcIssuer({
 *     clientId: 'ikimina-web', clientSecret: 's3cret',
 *     identity: { sub: 'google-123', email: 'aline@example.rw', email_verified: true },
 *   });
 *   // point the app at issuer.url (an http URL: the client must allow insecure requests)
 *   const sso = await GoogleSingleSignOn.create({ issuerUrl: issuer.url, clientId: 'ikimina-web',
 *     clientSecret: 's3cret', redirectUri: 'http://127.0.0.1:3000/auth/google/callback',
 *     allowInsecureHttp: true });
 *   // a browser, or fetch(authorizationUrl, { redirect: 'manual' }), follows /authorize: the
 *   // issuer approves at once as the configured identity and redirects to
 *   // redirect_uri?code=…&state=…
 *   issuer.setIdentity({ ... });       // who the next sign-in is
 *   issuer.setBehaviour({ ... });      // protocol variations and faults, see FakeOidcBehaviour
 *   issuer.authorizations              // every /authorize request received, newest last
 *   await issuer.stop();
 *
 * Guarantees (the checks a real issuer makes, so tests of the client can fail)
 * - /authorize only redirects to the redirect_uri it was given, for the configured client_id,
 *   response_type=code and a scope with `openid`; a PKCE challenge must use S256.
 * - A code is redeemed at most once, before it expires (10 min), by the client it was issued to
 *   (client_secret_basic or client_secret_post), with the same redirect_uri and, when the
 *   authorization carried a code_challenge, the code_verifier whose S256 hash it is.
 * - Each ID token carries iss, aud, azp, sub, iat, exp, the nonce of its authorization and the
 *   identity's claims, signed RS256 with the key published at the JWKS endpoint (unless a
 *   behaviour asks for a foreign key).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** The signed-in user, in OpenID Connect claim names. */
export interface FakeOidcIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface FakeOidcBehaviour {
  /** Add `iss` to the authorization response, as Google may do without advertising it. */
  issInAuthorizationResponse: boolean;
  /** The `iss` claim of ID tokens; defaults to the issuer URL. Google's old tokens had `accounts.google.com`. */
  idTokenIssuer: string | undefined;
  /** Sign ID tokens with a key the JWKS does not publish (same kid), to test signature checks. */
  signWithUnpublishedKey: boolean;
  /** Answer /authorize with this OAuth error (e.g. `access_denied`) instead of a code. */
  authorizationError: string | undefined;
}

export interface FakeOidcAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
}

export interface FakeOidcIssuer {
  /** The issuer identifier and base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  clientId: string;
  clientSecret: string;
  setIdentity(identity: FakeOidcIdentity): void;
  setBehaviour(behaviour: Partial<FakeOidcBehaviour>): void;
  readonly authorizations: readonly FakeOidcAuthorization[];
  stop(): Promise<void>;
}

export interface FakeOidcIssuerOptions {
  identity: FakeOidcIdentity;
  clientId: string;
  clientSecret: string;
  behaviour?: Partial<FakeOidcBehaviour>;
}

interface IssuedCode {
  authorization: FakeOidcAuthorization;
  identity: FakeOidcIdentity;
  expiresAt: number;
}

const CODE_LIFETIME_MS = 10 * 60_000;
const TOKEN_LIFETIME_S = 3600;
const KEY_ID = 'fake-oidc-key-1';

export async function startFakeOidcIssuer(options: FakeOidcIssuerOptions): Promise<FakeOidcIssuer> {
  const publishedKey = await generateKeyPair('RS256', { extractable: true });
  const unpublishedKey = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(publishedKey.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };

  let identity = options.identity;
  const behaviour: FakeOidcBehaviour = {
    issInAuthorizationResponse: false,
    idTokenIssuer: undefined,
    signWithUnpublishedKey: false,
    authorizationError: undefined,
    ...options.behaviour,
  };
  const authorizations: FakeOidcAuthorization[] = [];
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, FakeOidcIdentity>();
  let url = '';

  function discovery(): Record<string, unknown> {
    return {
      issuer: url,
      authorization_endpoint: `${url}/authorize`,
      token_endpoint: `${url}/token`,
      userinfo_endpoint: `${url}/userinfo`,
      jwks_uri: `${url}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: ['aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss', 'name', 'picture', 'sub'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code'],
    };
  }

  function authorize(request: URL, response: ServerResponse): void {
    const query = request.searchParams;
    const clientId = query.get('client_id');
    const redirectUri = query.get('redirect_uri');
    // Without a trusted client and redirect URI the error must not be redirected (RFC 6749 §4.1.2.1).
    if (clientId !== options.clientId || redirectUri === null || !URL.canParse(redirectUri)) {
      sendText(response, 400, 'invalid client_id or redirect_uri');
      return;
    }
    const state = query.get('state') ?? undefined;
    const redirect = (params: Record<string, string>): void => {
      const target = new URL(redirectUri);
      for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
      if (state !== undefined) target.searchParams.set('state', state);
      if (behaviour.issInAuthorizationResponse) target.searchParams.set('iss', url);
      response.writeHead(302, { location: target.href, 'cache-control': 'no-store' }).end();
    };
    const scope = query.get('scope') ?? '';
    const codeChallenge = query.get('code_challenge') ?? undefined;
    const codeChallengeMethod = query.get('code_challenge_method') ?? undefined;
    if (query.get('response_type') !== 'code') return redirect({ error: 'unsupported_response_type' });
    if (!scope.split(' ').includes('openid')) return redirect({ error: 'invalid_scope' });
    if (codeChallenge !== undefined && codeChallengeMethod !== 'S256') {
      return redirect({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    }
    const authorization: FakeOidcAuthorization = {
      clientId,
      redirectUri,
      scope,
      state,
      nonce: query.get('nonce') ?? undefined,
      codeChallenge,
      codeChallengeMethod,
    };
    authorizations.push(authorization);
    if (behaviour.authorizationError !== undefined) return redirect({ error: behaviour.authorizationError });
    const code = randomToken();
    codes.set(code, { authorization, identity, expiresAt: Date.now() + CODE_LIFETIME_MS });
    redirect({ code });
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const client = clientCredentials(request, form);
    if (client === 'conflicting') return sendOAuthError(response, 400, 'invalid_request', 'more than one client authentication method');
    if (client === undefined || client.id !== options.clientId || !sameSecret(client.secret, options.clientSecret)) {
      response.setHeader('www-authenticate', 'Basic realm="fake-oidc"');
      return sendOAuthError(response, 401, 'invalid_client');
    }
    if (form.get('grant_type') !== 'authorization_code') return sendOAuthError(response, 400, 'unsupported_grant_type');
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // A code is single-use: it is gone after the first attempt, whether that attempt succeeds or not.
    codes.delete(code);
    if (issued === undefined || issued.expiresAt < Date.now()) return sendOAuthError(response, 400, 'invalid_grant', 'unknown, used or expired code');
    const { authorization } = issued;
    if (authorization.clientId !== client.id || form.get('redirect_uri') !== authorization.redirectUri) {
      return sendOAuthError(response, 400, 'invalid_grant', 'code was issued to another client or redirect_uri');
    }
    const verifier = form.get('code_verifier');
    if (authorization.codeChallenge !== undefined) {
      if (verifier === null || s256(verifier) !== authorization.codeChallenge) return sendOAuthError(response, 400, 'invalid_grant', 'PKCE verification failed');
    } else if (verifier !== null) {
      return sendOAuthError(response, 400, 'invalid_grant', 'code_verifier without code_challenge');
    }
    const accessToken = randomToken();
    accessTokens.set(accessToken, issued.identity);
    sendJson(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_S,
      scope: authorization.scope,
      id_token: await idToken(issued.identity, authorization.nonce),
    });
  }

  async function idToken(user: FakeOidcIdentity, nonce: string | undefined): Promise<string> {
    const key: CryptoKey = behaviour.signWithUnpublishedKey ? unpublishedKey.privateKey : publishedKey.privateKey;
    return new SignJWT({ ...user, azp: options.clientId, ...(nonce === undefined ? {} : { nonce }) })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(behaviour.idTokenIssuer ?? url)
      .setAudience(options.clientId)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_S}s`)
      .sign(key);
  }

  function userinfo(request: IncomingMessage, response: ServerResponse): void {
    const [scheme, accessToken] = (request.headers.authorization ?? '').split(' ');
    const user = scheme?.toLowerCase() === 'bearer' && accessToken !== undefined ? accessTokens.get(accessToken) : undefined;
    if (user === undefined) {
      response.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      return sendOAuthError(response, 401, 'invalid_token');
    }
    sendJson(response, 200, user);
  }

  const server = createServer((request, response) => {
    const requestUrl = new URL(request.url ?? '/', url);
    const route = `${request.method} ${requestUrl.pathname}`;
    const handle = async (): Promise<void> => {
      switch (route) {
        case 'GET /.well-known/openid-configuration':
          return sendJson(response, 200, discovery());
        case 'GET /jwks':
          return sendJson(response, 200, { keys: [publicJwk] });
        case 'GET /authorize':
          return authorize(requestUrl, response);
        case 'POST /token':
          return token(request, response);
        case 'GET /userinfo':
        case 'POST /userinfo':
          return userinfo(request, response);
        default:
          return sendText(response, 404, 'not found');
      }
    };
    handle().catch((error: unknown) => sendText(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    setIdentity(next) {
      identity = next;
    },
    setBehaviour(next) {
      Object.assign(behaviour, next);
    },
    authorizations,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** client_secret_basic (form-encoded id and secret, RFC 6749 §2.3.1) or client_secret_post. */
function clientCredentials(request: IncomingMessage, form: URLSearchParams): { id: string; secret: string } | 'conflicting' | undefined {
  const header = request.headers.authorization;
  const posted = form.has('client_secret');
  if (header !== undefined && posted) return 'conflicting';
  if (header !== undefined) {
    const [scheme, encoded] = header.split(' ');
    if (scheme?.toLowerCase() !== 'basic' || encoded === undefined) return undefined;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id !== null && secret !== null ? { id, secret } : undefined;
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function sendOAuthError(response: ServerResponse, status: number, error: string, description?: string): void {
  sendJson(response, status, description === undefined ? { error } : { error, error_description: description });
}

function sendText(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
}
