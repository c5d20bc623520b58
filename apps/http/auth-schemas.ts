/**
 * Request and response schemas of the accounts API: the validation at the edge and the source
 * of the OpenAPI document. Messages are the specification's words (part 1, §5) where it gives
 * them.
 */
import { z } from 'zod';

export const EMAIL_MESSAGE = 'Please enter a valid email address';

const email = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, { error: EMAIL_MESSAGE })
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .meta({ example: 'amina@example.rw', override: { format: 'email' } });

// Letters of any script with the separators real names use (Nshimiyimana, N'Guessan, Jean-Paul,
// St. John); markup and SQL punctuation have no place in a name and are refused, not escaped.
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}' .-]*$/u;

export function personName(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(100, { error: `${label} must be at most 100 characters` })
    .regex(NAME_PATTERN, { error: `${label} may only contain letters, spaces, apostrophes, hyphens and periods` });
}

export const LanguageSchema = z.enum(['en', 'fr', 'rw', 'sw'], { error: 'Language must be one of en, fr, rw, sw' });

/** The rule for every new password: registration, change and reset. */
const newPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(256, { error: 'Password must be at most 256 characters' });

export const RegisterRequest = z
  .object({
    email,
    password: newPassword,
    firstName: personName('First name'),
    lastName: personName('Last name'),
    phone: z
      .string({ error: 'Please enter a valid phone number' })
      .trim()
      .max(32, { error: 'Please enter a valid phone number' })
      .optional()
      .meta({
        example: '+250 788 123 456',
        description:
          'A Rwandan mobile number in any usual form (0788123456, +250 788 123 456…) or another country\'s number with its country code; stored in E.164 (+250788123456). Anything else: 400 `phone_number_invalid`.',
      }),
    language: LanguageSchema.default('en'),
  })
  .meta({ id: 'RegisterRequest' });

export const LoginRequest = z
  .object({
    email,
    password: z
      .string({ error: 'Password is required' })
      .min(1, { error: 'Password is required' })
      .max(256, { error: 'Invalid email or password' }),
  })
  .meta({ id: 'LoginRequest' });

export const MagicLinkRequest = z.object({ email }).meta({ id: 'MagicLinkRequest' });

export const ChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, { error: 'Current password is required' })
      .max(256, { error: 'Your current password is not correct.' }),
    newPassword,
  })
  .meta({ id: 'ChangePasswordRequest' });

export const PasswordResetRequest = z.object({ email }).meta({ id: 'PasswordResetRequest' });

export const PasswordResetConfirmRequest = z
  .object({
    token: z
      .string({ error: 'Token is required' })
      .min(1, { error: 'Token is required' })
      .max(128, { error: 'This password reset link is invalid or has expired. Please ask for a new one.' }),
    password: newPassword,
  })
  .meta({ id: 'PasswordResetConfirmRequest' });

export const SessionResponse = z
  .object({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime().meta({ description: 'Last use, to within a minute' }),
    endsAt: z.iso.datetime().meta({ description: 'When the session ends if it is not used again (idle or absolute limit, the earlier)' }),
    ipAddress: z.string().nullable().meta({ description: 'Client address at sign-in' }),
    userAgent: z.string().nullable().meta({ description: 'Browser or app at sign-in (User-Agent, up to 255 characters)' }),
    current: z.boolean().meta({ description: 'The session making this request' }),
  })
  .meta({ id: 'Session' });

export const SessionsResponse = z.object({ sessions: z.array(SessionResponse) }).meta({ id: 'Sessions' });

export const RedeemRequest = z
  .object({ token: z.string({ error: 'Token is required' }).min(1, { error: 'Token is required' }).max(128, { error: 'This sign-in link is invalid or has expired.' }) })
  .meta({ id: 'RedeemSignInLinkRequest' });

export const UserResponse = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
    language: LanguageSchema,
    profession: z.string().nullable(),
    address: z.string().nullable(),
    dateOfBirth: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
    profilePhotoUrl: z.string().nullable(),
    emailVerified: z.boolean(),
    nidaVerified: z.boolean(),
    kycVerified: z.boolean(),
    isDemo: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });

export const ProfileResponse = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
    address: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
  })
  .meta({ id: 'Profile' });

export const SignedInResponse = z
  .object({ token: z.string().meta({ description: 'Session token: send it as `Authorization: Bearer <token>`.' }), user: UserResponse, profile: ProfileResponse })
  .meta({ id: 'SignedIn' });

export const MagicLinkResponse = z.object({ message: z.string() }).meta({ id: 'MagicLinkSent' });
export const GoogleStatusResponse = z.object({ enabled: z.boolean() }).meta({ id: 'GoogleStatus' });
export const ProfileCompletionResponse = z
  .object({ percentage: z.number().int().min(0).max(100), color: z.enum(['red', 'yellow', 'green']) })
  .meta({ id: 'ProfileCompletion' });
export const HealthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const ErrorResponse = z
  .object({ error: z.string(), code: z.string().meta({ example: 'validation_failed' }), fields: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'Error' });
