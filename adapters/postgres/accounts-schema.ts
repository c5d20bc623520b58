/**
 * Persistence mapping of the accounts module: plain core classes mapped without decorators.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { Session, SignInLink } from '../../core/accounts/session.ts';
import { LANGUAGES, User, UserIdentity } from '../../core/accounts/user.ts';

export const UserSchema = defineEntity({
  class: User,
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).nullable().unique('users_email_unique'),
    passwordHash: p.string().length(255).nullable(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    phoneNumber: p.string().length(32).nullable(),
    language: p.enum([...LANGUAGES]).default('en'),
    profession: p.string().length(100).nullable(),
    address: p.string().length(255).nullable(),
    dateOfBirth: p.string().columnType('date').nullable(),
    profilePhotoUrl: p.string().length(2048).nullable(),
    emailVerified: p.boolean().default(false),
    nidaVerified: p.boolean().default(false),
    kycVerified: p.boolean().default(false),
    isDemo: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export const UserIdentitySchema = defineEntity({
  class: UserIdentity,
  tableName: 'user_identities',
  properties: {
    provider: p.string().length(32).primary(),
    subject: p.string().length(255).primary(),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade').index('user_identities_user_id_index'),
    createdAt: p.datetime(),
  },
});

export const SessionSchema = defineEntity({
  class: Session,
  tableName: 'sessions',
  properties: {
    id: p.uuid().primary(),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade').index('sessions_user_id_index'),
    tokenHash: p.string().length(64).unique('sessions_token_hash_unique'),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    lastSeenAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    clientIp: p.string().length(64).nullable(),
    userAgent: p.string().length(255).nullable(),
  },
});

export const SignInLinkSchema = defineEntity({
  class: SignInLink,
  tableName: 'sign_in_links',
  properties: {
    id: p.uuid().primary(),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade').index('sign_in_links_user_id_index'),
    tokenHash: p.string().length(64).unique('sign_in_links_token_hash_unique'),
    purpose: p.enum(['magic_link', 'sso', 'password_reset']),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdIp: p.string().length(64).nullable(),
  },
});

/** The pending state of a provider sign-in between the redirect and the callback. */
export class SingleSignOnAttempt {
  constructor(
    public state: string,
    public nonce: string,
    public codeVerifier: string,
    public expiresAt: Date,
  ) {}
}

export const SingleSignOnAttemptSchema = defineEntity({
  class: SingleSignOnAttempt,
  tableName: 'sso_attempts',
  properties: {
    state: p.string().length(128).primary(),
    nonce: p.string().length(128),
    codeVerifier: p.string().length(128),
    expiresAt: p.datetime(),
  },
});

/** The failed (or pending) password attempts of one throttle key (core/accounts/sign-in-throttle.ts). */
export class SignInFailures {
  constructor(
    public key: string,
    public failures: number,
    public lastFailureAt: Date | null,
  ) {}
}

export const SignInFailuresSchema = defineEntity({
  class: SignInFailures,
  tableName: 'sign_in_failures',
  properties: {
    key: p.string().length(320).primary(),
    failures: p.integer(),
    lastFailureAt: p.datetime().nullable(),
  },
});
