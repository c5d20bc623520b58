/**
 * GoogleSingleSignOn: the SingleSignOn port over Google's OpenID Connect authorization-code flow,
 * with openid-client v6 (PKCE S256, state, nonce).
 *
 * Guarantees
 * - `finish` returns an identity only when the callback's state, the ID token's nonce and the
 *   PKCE verifier all belong to the `start` that produced `pending`, and the ID token's
 *   signature verifies against the issuer's published keys (checked even over TLS, because the
 *   port promises a signed token, and a local issuer is plain HTTP).
 * - An identity whose e-mail Google has not verified (`email_verified !== true`) is refused
 *   with `sso_email_unverified`.
 * - Every protocol failure (error or foreign `iss` in the callback, state, nonce, signature,
 *   refused or replayed code, token endpoint failure) answers `sso_failed`; only faults of
 *   our own side (issuer unreachable, bad arguments) throw.
 *
 * Constraints (Google quirks, PROVIDERS.md §6)
 * - Google may add `iss` to the authorization response without advertising it: the full
 *   callback URL goes to openid-client, which checks it against the discovered issuer.
 * - Google documents the ID token `iss` as `https://accounts.google.com` or
 *   `accounts.google.com`. openid-client accepts only the former, so a token refused for the
 *   schemeless form alone is verified again here, with the same checks, against that alias.
 */
import * as client from 'openid-client';
import { createRemoteJWKSet, customFetch as joseCustomFetch, jwtVerify, type JWTPayload } from 'jose';
import { err, ok, type Result } from '../../core/shared/result.ts';
import type {
  SingleSignOn,
  SingleSignOnError,
  SingleSignOnIdentity,
  SingleSignOnPending,
  SingleSignOnStart,
} from '../../core/accounts/single-sign-on.ts';

export interface GoogleSingleSignOnOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Only for a local issuer in tests and development: production Google is HTTPS. */
  allowInsecureHttp?: boolean;
  fetch?: typeof fetch;
}

const SCOPE = 'openid email profile';
// openid-client's default tolerance, kept for the schemeless-issuer path so both paths agree.
const CLOCK_TOLERANCE_S = 30;

export class GoogleSingleSignOn implements SingleSignOn {
  private constructor(
    private readonly config: client.Configuration,
    private readonly redirectUri: string,
    private readonly clientId: string,
    /** Raw token endpoint responses by authorization code, held only while their `finish` runs. */
    private readonly tokenResponses: Map<string, string>,
    private readonly issuerKeys: ReturnType<typeof createRemoteJWKSet>,
  ) {}

  static async create(options: GoogleSingleSignOnOptions): Promise<GoogleSingleSignOn> {
    const baseFetch = options.fetch ?? fetch;
    const tokenResponses = new Map<string, string>();
    let tokenEndpoint: string | undefined;
    // Keeps a copy of each token response so the schemeless-issuer path can re-verify its ID token.
    const recordingFetch: client.CustomFetch = async (url, init) => {
      // openid-client types a body as Uint8Array<ArrayBufferLike>, which lib.dom's BodyInit narrows; fetch accepts it.
      const response = await baseFetch(url, init as RequestInit);
      const code = url === tokenEndpoint && init.body instanceof URLSearchParams ? init.body.get('code') : null;
      if (code !== null && response.ok) tokenResponses.set(code, await response.clone().text());
      return response;
    };
    const config = await client.discovery(
      new URL(options.issuerUrl),
      options.clientId,
      options.clientSecret,
      undefined,
      {
        execute: [client.enableNonRepudiationChecks, ...(options.allowInsecureHttp === true ? [client.allowInsecureRequests] : [])],
        [client.customFetch]: recordingFetch,
      },
    );
    const metadata = config.serverMetadata();
    tokenEndpoint = metadata.token_endpoint;
    if (metadata.jwks_uri === undefined) throw new Error(`OpenID issuer ${options.issuerUrl} publishes no jwks_uri`);
    const issuerKeys = createRemoteJWKSet(new URL(metadata.jwks_uri), { [joseCustomFetch]: baseFetch });
    return new GoogleSingleSignOn(config, options.redirectUri, options.clientId, tokenResponses, issuerKeys);
  }

  async start(): Promise<SingleSignOnStart> {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizationUrl = client.buildAuthorizationUrl(this.config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { authorizationUrl: authorizationUrl.href, pending: { state, nonce, codeVerifier } };
  }

  async finish(callbackUrl: string, pending: SingleSignOnPending): Promise<Result<SingleSignOnIdentity, SingleSignOnError>> {
    if (!URL.canParse(callbackUrl)) return err('sso_failed');
    const callback = new URL(callbackUrl);
    const code = callback.searchParams.get('code');
    try {
      const tokens = await client.authorizationCodeGrant(this.config, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      return claims === undefined ? err('sso_failed') : identityFrom(claims);
    } catch (error) {
      if (code !== null && isRefusedForSchemelessIssuer(error, this.schemelessIssuer())) {
        return this.verifySchemelessIdToken(code, pending.nonce);
      }
      if (isProtocolFailure(error)) return err('sso_failed');
      throw error;
    } finally {
      if (code !== null) this.tokenResponses.delete(code);
    }
  }

  private schemelessIssuer(): string {
    return this.config.serverMetadata().issuer.replace(/^https?:\/\//, '');
  }

  private async verifySchemelessIdToken(code: string, nonce: string): Promise<Result<SingleSignOnIdentity, SingleSignOnError>> {
    const body = this.tokenResponses.get(code);
    const idToken: unknown = body === undefined ? undefined : (JSON.parse(body) as { id_token?: unknown }).id_token;
    if (typeof idToken !== 'string') return err('sso_failed');
    try {
      const { payload } = await jwtVerify(idToken, this.issuerKeys, {
        issuer: this.schemelessIssuer(),
        audience: this.clientId,
        requiredClaims: ['sub', 'iat', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      if (payload.nonce !== nonce) return err('sso_failed');
      // With several audiences the token must name us as its authorized party (OIDC Core §3.1.3.7).
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.clientId) return err('sso_failed');
      return identityFrom(payload);
    } catch {
      // jose throws only for tokens it refuses (signature, claims, unknown key) or a JWKS it cannot fetch.
      return err('sso_failed');
    }
  }
}

function identityFrom(claims: JWTPayload): Result<SingleSignOnIdentity, SingleSignOnError> {
  if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') return err('sso_failed');
  if (claims.email_verified !== true) return err('sso_email_unverified');
  return ok({
    provider: 'google',
    subject: claims.sub,
    email: claims.email,
    ...optional('firstName', claims.given_name),
    ...optional('lastName', claims.family_name),
    ...optional('pictureUrl', claims.picture),
  });
}

function optional<K extends string>(key: K, value: unknown): { [P in K]?: string } {
  return typeof value === 'string' && value !== '' ? ({ [key]: value } as { [P in K]: string }) : {};
}

/** openid-client's error types for a response that broke the protocol, as opposed to our own faults. */
function isProtocolFailure(error: unknown): boolean {
  return (
    error instanceof client.ClientError ||
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.ResponseBodyError ||
    error instanceof client.WWWAuthenticateChallengeError
  );
}

function isRefusedForSchemelessIssuer(error: unknown, schemelessIssuer: string): boolean {
  if (!(error instanceof client.ClientError) || error.code !== 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') return false;
  const cause: unknown = error.cause;
  if (typeof cause !== 'object' || cause === null || !('cause' in cause)) return false;
  const detail = cause.cause as { claim?: unknown; claims?: { iss?: unknown } } | undefined;
  return detail?.claim === 'iss' && detail.claims?.iss === schemelessIssuer;
}
