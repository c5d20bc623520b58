import { z } from 'zod';
import type { AuthSession } from '../../../lib/session.ts';

// The answer of login, register and magic-link redeem: {token, user, profile}. Loose objects,
// because the server may add fields and the session keeps what it was given.
export const authSessionSchema: z.ZodType<AuthSession> = z.object({
  token: z.string().min(1),
  user: z.looseObject({
    email: z.string(),
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    language: z.string().nullish(),
    profilePhotoUrl: z.string().nullish(),
  }),
  profile: z
    .looseObject({
      firstName: z.string().nullish(),
      lastName: z.string().nullish(),
      phoneNumber: z.string().nullish(),
      address: z.string().nullish(),
      dateOfBirth: z.string().nullish(),
    })
    .nullish(),
});
