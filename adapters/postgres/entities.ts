/** Every entity schema the ORM knows: add a module's schemas here. */
import { SessionSchema, SignInLinkSchema, SingleSignOnAttemptSchema, UserIdentitySchema, UserSchema } from './accounts-schema.ts';
import { ContributionNoticeSchema } from './contribution-notice-schema.ts';
import { OutboxMessageSchema, RateLimitWindowSchema } from './outbox-schema.ts';
import { SmsDeliverySchema } from './sms-delivery-schema.ts';

export const ENTITIES = [
  UserSchema,
  UserIdentitySchema,
  SessionSchema,
  SignInLinkSchema,
  SingleSignOnAttemptSchema,
  OutboxMessageSchema,
  RateLimitWindowSchema,
  SmsDeliverySchema,
  ContributionNoticeSchema,
];
