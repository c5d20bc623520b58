/**
 * Persistence mapping of contribution payments (mobile-money collections) and of in-app
 * notifications. Payouts and withdrawals are outgoing transfers (`outgoing_transfers`,
 * Migration20261123100000, adapters/postgres/postgres-outgoing-transfers.ts).
 *
 * - A payment is stored before its provider is asked; `(reference, provider)` is UNIQUE (the
 *   provider's idempotency reference) and so is `(member_id, idempotency_key)` (the client's
 *   Idempotency-Key): a retried request or callback finds the payment it made.
 * - `(status, created_at)` is indexed for the polling job's "pending for too long", and
 *   `(status, last_polled_at)` for its fair order (least recently asked first).
 */
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../core/accounts/user.ts';
import { ContributionRow, TontineRow } from './tontines-schema.ts';

export const PAYMENT_KINDS = ['contribution', 'withdrawal', 'payout'] as const;
export const PAYMENT_STATUSES = ['pending', 'successful', 'failed'] as const;

export class PaymentRow {
  id!: string;
  kind!: (typeof PAYMENT_KINDS)[number];
  provider!: string;
  reference!: string;
  memberId!: string;
  idempotencyKey!: string | null;
  contributionId!: string | null;
  tontineId!: string;
  amountCentimes!: string;
  phoneNumber!: string;
  status!: (typeof PAYMENT_STATUSES)[number];
  reason!: string | null;
  providerTransactionId!: string | null;
  createdAt!: Date;
  completedAt!: Date | null;
  attempt!: number;
  lastPolledAt!: Date | null;
}

export class NotificationRow {
  id!: string;
  userId!: string;
  type!: string;
  title!: string;
  message!: string;
  template!: string | null;
  params!: Record<string, string> | null;
  isRead!: boolean;
  createdAt!: Date;
}

export const PaymentSchema = defineEntity({
  class: PaymentRow,
  tableName: 'payments',
  uniques: [
    { name: 'payments_reference_provider_unique', properties: ['reference', 'provider'] },
    { name: 'payments_member_idempotency_key_unique', properties: ['memberId', 'idempotencyKey'] },
  ],
  // Partial: only pending payments are polled (Migration20261122050000); a settled payment leaves the index.
  indexes: [
    {
      name: 'payments_pending_poll_index',
      expression: `create index "payments_pending_poll_index" on "payments" ("last_polled_at" nulls first, "created_at", "id") where "status" = 'pending'`,
    },
  ],
  properties: {
    id: p.uuid().primary(),
    kind: p.enum([...PAYMENT_KINDS]),
    provider: p.string().length(16),
    reference: p.string().length(255),
    memberId: () => p.manyToOne(User).mapToPk().fieldName('member_id'),
    idempotencyKey: p.string().length(255).nullable(),
    contributionId: () => p.manyToOne(ContributionRow).mapToPk().fieldName('contribution_id').nullable().index('payments_contribution_id_index'),
    tontineId: () => p.manyToOne(TontineRow).mapToPk().fieldName('tontine_id').index('payments_tontine_id_index'),
    amountCentimes: p.bigint('string'),
    phoneNumber: p.string().length(32),
    status: p.enum([...PAYMENT_STATUSES]),
    reason: p.string().length(255).nullable(),
    providerTransactionId: p.string().length(255).nullable(),
    createdAt: p.datetime(),
    completedAt: p.datetime().nullable(),
    /** Always 1 for a contribution payment (a payout's or withdrawal's attempts are outgoing transfers). */
    attempt: p.integer().default(1),
    lastPolledAt: p.datetime().nullable(),
  },
});

export const NotificationSchema = defineEntity({
  class: NotificationRow,
  tableName: 'notifications',
  indexes: [{ name: 'notifications_user_created_index', properties: ['userId', 'createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade'),
    type: p.enum(['contribution_due', 'loan_payment', 'payout_received', 'other']),
    /** The text as first written, in the member's language of the time: shown when there is no template. */
    title: p.string().length(200),
    message: p.text(),
    /** The catalogue key and parameters (apps/notifications/catalogue.ts) it is rendered from when read; null on rows written before. */
    template: p.text().nullable(),
    params: p.json().nullable(),
    isRead: p.boolean().default(false),
    createdAt: p.datetime(),
  },
});
