/**
 * Session and SignInLink: the two kinds of secret an account is reached with.
 *
 * Guarantees
 * - Only the sha256 of a secret is ever stored (`tokenHash`); the secret itself is handed to the
 *   member once and cannot be recovered from the database.
 * - A session is valid while not revoked and not expired; a sign-in link while unused and not
 *   expired, and it is used at most once.
 */
import type { SecretTokens } from './ports.ts';
export class Session {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;

  constructor(props: { id: string; userId: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
    this.id = props.id;
    this.userId = props.userId;
    this.tokenHash = props.tokenHash;
    this.createdAt = props.createdAt;
    this.expiresAt = props.expiresAt;
    this.revokedAt = null;
  }
}

/** 'magic_link': e-mailed to the member; 'sso': handed over after a provider sign-in. */
export type SignInLinkPurpose = 'magic_link' | 'sso';

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
