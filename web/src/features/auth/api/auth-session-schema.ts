import * as z from 'zod/mini';
import type { AuthSession } from '../../../lib/session.ts';

// The answer of login, register and magic-link redeem: {token, user, profile}. Loose objects,
// because the server may add fields and the session keeps what it was given.
export const authSessionSchema: z.ZodMiniType<AuthSession> = z.object({
  token: z.string().check(z.minLength(1)),
  user: z.looseObject({
    email: z.string(),
    firstName: z.nullish(z.string()),
    lastName: z.nullish(z.string()),
    language: z.nullish(z.string()),
    profilePhotoUrl: z.nullish(z.string()),
  }),
  profile: z.nullish(z
    .looseObject({
      firstName: z.nullish(z.string()),
      lastName: z.nullish(z.string()),
      phoneNumber: z.nullish(z.string()),
      address: z.nullish(z.string()),
      dateOfBirth: z.nullish(z.string()),
    })),
});
