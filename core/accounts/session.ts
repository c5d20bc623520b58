/**
 * Session and SignInLink: the two kinds of secret an account is reached with.
 *
 * Guarantees
 * - Only the sha256 of a secret is ever stored (`tokenHash`); the secret itself is handed to the
 *   member once and cannot be recovered from the database.
 * - A session is valid while not revoked, before its absolute expiry and not idle for longer than
 *   the policy allows (session-policy.ts); a sign-in link while unused and not expired, and it is
 *   used at most once.
 */
import type { SecretTokens } from './ports.ts';
/** Where a session was started from, as the member's own session list shows it. */
export interface SessionClient {
  /** The client address as the HTTP channel determined it. */
  ip: string | null;
  /** The User-Agent header, cut to 255 characters. */
  userAgent: string | null;
}

export class Session {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  /** The absolute expiry: no use of the session extends it. */
  expiresAt: Date;
  /** Last time a request used it, kept to within SessionPolicy.touchEverySeconds. */
  lastSeenAt: Date;
  revokedAt: Date | null;
  clientIp: string | null;
  userAgent: string | null;

  constructor(props: { id: string; userId: string; tokenHash: string; createdAt: Date; expiresAt: Date; client: SessionClient }) {
    this.id = props.id;
    this.userId = props.userId;
    this.tokenHash = props.tokenHash;
    this.createdAt = props.createdAt;
    this.expiresAt = props.expiresAt;
    this.lastSeenAt = props.createdAt;
    this.revokedAt = null;
    this.clientIp = props.client.ip;
    this.userAgent = props.client.userAgent;
  }
}

/**
 * 'magic_link': e-mailed to the member; 'sso': handed over after a provider sign-in;
 * 'password_reset': e-mailed to set a new password (never signs in by itself).
 */
export type SignInLinkPurpose = 'magic_link' | 'sso' | 'password_reset';

export class SignInLink {
  id: string;
  userId: string;
  tokenHash: string;
  purpose: SignInLinkPurpose;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  createdIp: string | null;

  constructor(props: {
    id: string;
    userId: string;
    tokenHash: string;
    purpose: SignInLinkPurpose;
    createdAt: Date;
    expiresAt: Date;
    createdIp: string | null;
  }) {
    this.id = props.id;
    this.userId = props.userId;
    this.tokenHash = props.tokenHash;
    this.purpose = props.purpose;
    this.createdAt = props.createdAt;
    this.expiresAt = props.expiresAt;
    this.usedAt = null;
    this.createdIp = props.createdIp;
  }
}

/**
 * A new sign-in link for a member, good for `ttlMs` from `now`: the secret to hand over once, and
 * the link to store (with the secret's hash only).
 */
export function issueSignInLink(
  secrets: SecretTokens,
  props: { id: string; userId: string; purpose: SignInLinkPurpose; now: Date; ttlMs: number; createdIp: string | null },
): { token: string; link: SignInLink } {
  const { token, hash } = secrets.issue();
  const { now, ttlMs, ...link } = props;
  return { token, link: new SignInLink({ ...link, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) }) };
}
