/**
 * The profile API (/api/profile): the signed-in member's own personal information, read and
 * edited. It has no id in its path: a member can only ever read or change their own profile.
 *
 * Guarantees
 * - A body naming a field that cannot change here (email, dateOfBirth, the verification flags…)
 *   is refused with 400 `field_read_only`, naming each such field in `fields`, and changes nothing;
 *   an unknown field is 400 `validation_failed`. Nothing sent is silently ignored.
 * - The answer of PATCH is the profile as stored (the phone in E.164), as GET answers it.
 * - PUT /profile/language changes only the language the account is written to in (SMS, e-mails,
 *   USSD menus); the page's own language is the browser's choice and follows it.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { ChangeLanguage } from '../../core/accounts/change-language.ts';
import type { UpdateProfile } from '../../core/accounts/update-profile.ts';
import type { User } from '../../core/accounts/user.ts';
import { invariant } from '../../core/shared/result.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { ChangeLanguageRequest, PHONE_NUMBER_MESSAGE, READ_ONLY_PROFILE_FIELDS, UpdateProfileRequest, type ProfileDetailsResponse } from './profile-schemas.ts';
import { parseBody } from './validation.ts';

export interface ProfileRouteUseCases {
  updateProfile: UpdateProfile;
  changeLanguage: ChangeLanguage;
}

export function presentProfileDetails(user: User): z.infer<typeof ProfileDetailsResponse> {
  // Only e-mail accounts reach the web (apps/http/presenters.ts says why).
  invariant(user.email !== null, `account ${user.id} has no e-mail address`);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    address: user.address,
    dateOfBirth: user.dateOfBirth,
    profession: user.profession,
    email: user.email,
    profilePhotoUrl: user.profilePhotoUrl,
    emailVerified: user.emailVerified,
    nidaVerified: user.nidaVerified,
    kycVerified: user.kycVerified,
    updatedAt: user.updatedAt.toISOString(),
  };
}

const EDITABLE = new Set(Object.keys(UpdateProfileRequest.shape));

/** Refuses a body that names a read-only or an unknown field; true when it answered. */
function refusedFields(ctx: Context): boolean {
  const body: unknown = (ctx.request as { body?: unknown }).body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const readOnly = keys.filter((key) => Object.hasOwn(READ_ONLY_PROFILE_FIELDS, key));
  if (readOnly.length > 0) {
    const fields = Object.fromEntries(readOnly.map((key) => [key, READ_ONLY_PROFILE_FIELDS[key]!]));
    sendError(ctx, 'field_read_only', { message: fields[readOnly[0]!], fields });
    return true;
  }
  const unknown = keys.filter((key) => !EDITABLE.has(key));
  if (unknown.length > 0) {
    const fields = Object.fromEntries(unknown.map((key) => [key, 'Unknown field: only firstName, lastName, phoneNumber, address and profession can be changed.']));
    sendError(ctx, 'validation_failed', { message: fields[unknown[0]!], fields });
    return true;
  }
  return false;
}

export function profileRoutes(useCases: ProfileRouteUseCases, auth: Authentication): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/profile', auth.required, (ctx) => {
    ctx.body = presentProfileDetails((ctx.state.auth as AuthState).user);
  });

  router.patch('/profile', auth.required, async (ctx) => {
    if (refusedFields(ctx)) return;
    const input = parseBody(ctx, UpdateProfileRequest);
    if (!input) return;
    const { user } = ctx.state.auth as AuthState;
    const result = await useCases.updateProfile.execute({ userId: user.id, ...input });
    if (!result.ok) {
      if (result.error === 'phone_number_invalid') return sendFailure(ctx, result, { fields: { phoneNumber: PHONE_NUMBER_MESSAGE } });
      if (result.error === 'phone_taken') return sendFailure(ctx, result, { fields: { phoneNumber: 'This number belongs to another account.' } });
      return sendFailure(ctx, result);
    }
    ctx.body = presentProfileDetails(result.value.user);
  });

  // The account's language (SMS, e-mails, USSD): the same use case the USSD menu's Language item calls.
  router.put('/profile/language', auth.required, async (ctx) => {
    const input = parseBody(ctx, ChangeLanguageRequest);
    if (!input) return;
    const { user } = ctx.state.auth as AuthState;
    const result = await useCases.changeLanguage.execute({ userId: user.id, language: input.language });
    if (!result.ok) return sendFailure(ctx, result);
    ctx.body = { language: input.language };
  });

  return router;
}
