import type { SignedIn } from '../../core/accounts/start-session.ts';
import type { User } from '../../core/accounts/user.ts';
import { invariant } from '../../core/shared/result.ts';
import type { z } from 'zod';
import type { ProfileResponse, SignedInResponse, UserResponse } from './auth-schemas.ts';

export function presentUser(user: User): z.infer<typeof UserResponse> {
  // Only e-mail accounts reach the web: a phone (USSD) account has no password, link or provider.
  invariant(user.email !== null, `account ${user.id} has no e-mail address`);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    language: user.language,
    profession: user.profession,
    address: user.address,
    dateOfBirth: user.dateOfBirth,
    profilePhotoUrl: user.profilePhotoUrl,
    emailVerified: user.emailVerified,
    nidaVerified: user.nidaVerified,
    kycVerified: user.kycVerified,
    isDemo: user.isDemo,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentProfile(user: User): z.infer<typeof ProfileResponse> {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    address: user.address,
    dateOfBirth: user.dateOfBirth,
  };
}

export function presentSignedIn(signedIn: SignedIn): z.infer<typeof SignedInResponse> {
  return { token: signedIn.token, user: presentUser(signedIn.user), profile: presentProfile(signedIn.user) };
}
