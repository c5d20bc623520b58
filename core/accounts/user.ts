/**
 * User: a member's account.
 *
 * Guarantees
 * - `email` is always normalised (trimmed, lower-cased): one address, one account. It is null
 *   only for an account opened by phone (USSD), which signs in with its PIN, never by e-mail.
 * - `passwordHash` is null for an account created through single sign-on; such an account signs
 *   in with its provider or a sign-in link, never with a password.
 * - `isDemo` marks the seeded demonstration accounts, so they can be told apart everywhere.
 */
export const LANGUAGES = ['en', 'fr', 'rw', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export interface NewUser {
  id: string;
  email: string | null;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  language: Language;
  emailVerified: boolean;
  nidaVerified?: boolean;
  isDemo?: boolean;
  profilePhotoUrl?: string | null;
  createdAt: Date;
}

export class User {
  id: string;
  email: string | null;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  language: Language;
  profession: string | null;
  address: string | null;
  /** ISO calendar date (YYYY-MM-DD). */
  dateOfBirth: string | null;
  profilePhotoUrl: string | null;
  emailVerified: boolean;
  nidaVerified: boolean;
  kycVerified: boolean;
  isDemo: boolean;
  createdAt: Date;
  updatedAt: Date;

  constructor(props: NewUser) {
    this.id = props.id;
    this.email = props.email === null ? null : normalizeEmail(props.email);
    this.passwordHash = props.passwordHash;
    this.firstName = props.firstName;
    this.lastName = props.lastName;
    this.phoneNumber = props.phoneNumber;
    this.language = props.language;
    this.profession = null;
    this.address = null;
    this.dateOfBirth = null;
    this.profilePhotoUrl = props.profilePhotoUrl ?? null;
    this.emailVerified = props.emailVerified;
    this.nidaVerified = props.nidaVerified ?? false;
    this.kycVerified = false;
    this.isDemo = props.isDemo ?? false;
    this.createdAt = props.createdAt;
    this.updatedAt = props.createdAt;
  }

  /** A new password, already hashed (change or reset). */
  setPasswordHash(passwordHash: string, now: Date): void {
    this.passwordHash = passwordHash;
    this.updatedAt = now;
  }

  /** Following a sign-in link or a provider's verified claim proves the address is the member's. */
  markEmailVerified(now: Date): void {
    if (this.emailVerified) return;
    this.emailVerified = true;
    this.updatedAt = now;
  }
}

/** A link between an account and an external identity provider's subject. */
export class UserIdentity {
  provider: string;
  subject: string;
  userId: string;
  createdAt: Date;

  constructor(props: { provider: string; subject: string; userId: string; createdAt: Date }) {
    this.provider = props.provider;
    this.subject = props.subject;
    this.userId = props.userId;
    this.createdAt = props.createdAt;
  }
}
