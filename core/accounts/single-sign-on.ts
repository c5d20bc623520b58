/**
 * SingleSignOn: sign-in through an OpenID Connect provider (Google), authorisation-code flow
 * with PKCE, state and nonce.
 *
 * Guarantees
 * - `finish` only returns an identity for a callback that carries the state, nonce and PKCE
 *   verifier of the `start` it belongs to, with an ID token signed by the issuer.
 * - An identity whose e-mail the provider has not verified is refused (`sso_email_unverified`),
 *   because accounts are linked by e-mail.
 */
import type { Result } from '../shared/result.ts';

export interface SingleSignOnPending {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SingleSignOnStart {
  authorizationUrl: string;
  pending: SingleSignOnPending;
}

export interface SingleSignOnIdentity {
  provider: 'google';
  /** The provider's stable subject id: accounts are keyed on it. */
  subject: string;
  email: string;
  firstName?: string;
  lastName?: string;
  pictureUrl?: string;
}

export type SingleSignOnError = 'sso_failed' | 'sso_email_unverified';

export interface SingleSignOn {
  start(): Promise<SingleSignOnStart>;
  /** `callbackUrl` is the full URL the provider redirected the browser to (query included). */
  finish(callbackUrl: string, pending: SingleSignOnPending): Promise<Result<SingleSignOnIdentity, SingleSignOnError>>;
}
