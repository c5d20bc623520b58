/**
 * Request a sign-in link by e-mail ("magic link"): a one-time link (EmailOneTimeLink, whose
 * guarantees hold) that expires after 15 minutes and opens /auth/magic-link.
 */
import { EmailOneTimeLink, type OneTimeLinkKind } from './one-time-link.ts';
import { SIGN_IN_LINK_TEXTS } from './sign-in-link-email.ts';

export const SIGN_IN_LINK_TTL_MINUTES = 15;

export class RequestSignInLink extends EmailOneTimeLink {
  protected readonly kind: OneTimeLinkKind = {
    attempt: 'sign_in_link',
    purpose: 'magic_link',
    ttlMinutes: SIGN_IN_LINK_TTL_MINUTES,
    page: 'auth/magic-link',
    texts: SIGN_IN_LINK_TEXTS,
  };
}
