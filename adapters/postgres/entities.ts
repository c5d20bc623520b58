/** Every entity schema the ORM knows: add a module's schemas here. */
import { AuditLogSchema } from './audit-schema.ts';
import { SessionSchema, SignInFailuresSchema, SignInLinkSchema, SingleSignOnAttemptSchema, UserIdentitySchema, UserSchema } from './accounts-schema.ts';
import { ContributionNoticeSchema } from './contribution-notice-schema.ts';
import { NationalIdSchema } from './identity-schema.ts';
import { JournalEntrySchema, LedgerAccountSchema, LedgerPostingSchema } from './ledger-schema.ts';
import { KYC_ENTITIES } from './kyc-schema.ts';
import { LOAN_ENTITIES } from './loans-schema.ts';
import { OutboxMessageSchema, RateLimitWindowSchema } from './outbox-schema.ts';
import { NotificationSchema, PaymentSchema } from './payments-schema.ts';
import { SmsDeliverySchema } from './sms-delivery-schema.ts';
import { ChatMessageSchema, ContributionSchema, TontineCategorySchema, TontineMemberSchema, TontineSchema } from './tontines-schema.ts';
import { StoredObjectSchema } from './uploads-schema.ts';
import { USSD_ENTITIES } from './ussd-schema.ts';

export const ENTITIES = [
  UserSchema,
  UserIdentitySchema,
  SessionSchema,
  SignInLinkSchema,
  SingleSignOnAttemptSchema,
  SignInFailuresSchema,
  OutboxMessageSchema,
  RateLimitWindowSchema,
  SmsDeliverySchema,
  ContributionNoticeSchema,
  TontineSchema,
  TontineMemberSchema,
  ContributionSchema,
  ChatMessageSchema,
  TontineCategorySchema,
  PaymentSchema,
  NotificationSchema,
  LedgerAccountSchema,
  JournalEntrySchema,
  LedgerPostingSchema,
  ...USSD_ENTITIES,
  ...LOAN_ENTITIES,
  ...KYC_ENTITIES,
  AuditLogSchema,
  NationalIdSchema,
  StoredObjectSchema,
];
