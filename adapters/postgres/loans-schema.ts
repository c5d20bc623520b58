/**
 * Persistence mapping of loans and credit: loans (schedule as one JSON document, written whole),
 * confirmed repayments, repayment collections, key facts statements, credit assessments, scoring
 * consents and the instalment reminders already sent. Rows are plain row classes; the repositories
 * map them to the core's plain values. Amounts are integer centimes (bigint).
 *
 * - `(member_id, application_key)` and `(member_id, idempotency_key)` are UNIQUE: a retried
 *   application or repayment request finds what the first one made.
 * - Disbursement attempts are outgoing transfers (`outgoing_transfers`, core/transfers).
 * - `(provider, provider_reference)` of a repayment and `reference` of a collection are UNIQUE:
 *   a repeated callback books nothing twice.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../core/accounts/user.ts';
import { LOAN_STATUSES } from '../../core/loans/loan.ts';

export class LoanRow {
  id!: string;
  memberId!: string;
  amountCentimes!: string;
  termMonths!: number;
  purpose!: string;
  annualRateBps!: number;
  creditScore!: number;
  status!: (typeof LOAN_STATUSES)[number];
  appliedAt!: Date;
  decidedAt!: Date | null;
  disbursedAt!: Date | null;
  schedule!: unknown;
  totalPaidCentimes!: string;
  applicationKey!: string | null;
  decisionReason!: string | null;
  decisionReasonCode!: string | null;
  decisionReasonParams!: Record<string, unknown> | null;
  decidedBy!: string | null;
}

export class LoanRepaymentRow {
  id!: string;
  loanId!: string;
  provider!: string;
  providerReference!: string;
  amountCentimes!: string;
  interestCentimes!: string;
  principalCentimes!: string;
  receivedAt!: Date;
}

export class LoanCollectionRow {
  id!: string;
  loanId!: string;
  memberId!: string;
  idempotencyKey!: string;
  reference!: string;
  provider!: string;
  msisdn!: string;
  scope!: string;
  amountCentimes!: string;
  status!: string;
  requestedAt!: Date;
  settledAt!: Date | null;
  failureReason!: string | null;
  lastPolledAt!: Date | null;
}

export class KeyFactsStatementRow {
  id!: string;
  memberId!: string;
  facts!: unknown;
  assessment!: unknown;
  shownAt!: Date;
  acceptedAt!: Date | null;
  loanId!: string | null;
}

export class CreditAssessmentRow {
  id!: string;
  memberId!: string;
  score!: number;
  rating!: string;
  maxLoanCentimes!: string;
  factors!: unknown;
  recommendations!: unknown;
  modelVersion!: string;
  assessedAt!: Date;
}

export class ScoringConsentRow {
  memberId!: string;
  consentedAt!: Date;
  textVersion!: string;
  withdrawnAt!: Date | null;
}

export class LoanReminderNoticeRow {
  key!: string;
  sentAt!: Date;
}

const member = () => p.manyToOne(User).mapToPk().fieldName('member_id').deleteRule('cascade');

export const LoanSchema = defineEntity({
  class: LoanRow,
  tableName: 'loans',
  uniques: [{ name: 'loans_member_application_key_unique', properties: ['memberId', 'applicationKey'] }],
  indexes: [{ name: 'loans_status_index', properties: ['status'] }],
  properties: {
    id: p.uuid().primary(),
    memberId: () => member().index('loans_member_id_index'),
    amountCentimes: p.bigint('string'),
    termMonths: p.integer(),
    purpose: p.text(),
    annualRateBps: p.integer(),
    creditScore: p.integer(),
    status: p.enum([...LOAN_STATUSES]),
    appliedAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
    disbursedAt: p.datetime().nullable(),
    schedule: p.json(),
    totalPaidCentimes: p.bigint('string'),
    applicationKey: p.string().length(255).nullable(),
    /** A reason written as a sentence before reasons had codes (null once it has a code). */
    decisionReason: p.text().nullable(),
    decisionReasonCode: p.text().nullable(),
    decisionReasonParams: p.json().nullable(),
    decidedBy: p.text().nullable(),
  },
});

export const LoanRepaymentSchema = defineEntity({
  class: LoanRepaymentRow,
  tableName: 'loan_repayments',
  uniques: [{ name: 'loan_repayments_provider_reference_unique', properties: ['provider', 'providerReference'] }],
  properties: {
    id: p.uuid().primary(),
    loanId: () => p.manyToOne(LoanRow).mapToPk().fieldName('loan_id').deleteRule('cascade').index('loan_repayments_loan_id_index'),
    provider: p.string().length(16),
    providerReference: p.string().length(255),
    amountCentimes: p.bigint('string'),
    interestCentimes: p.bigint('string'),
    principalCentimes: p.bigint('string'),
    receivedAt: p.datetime(),
  },
});

export const LoanCollectionSchema = defineEntity({
  class: LoanCollectionRow,
  tableName: 'loan_collections',
  uniques: [{ name: 'loan_collections_member_key_unique', properties: ['memberId', 'idempotencyKey'] }],
  properties: {
    id: p.uuid().primary(),
    loanId: () => p.manyToOne(LoanRow).mapToPk().fieldName('loan_id').deleteRule('cascade').index('loan_collections_loan_id_index'),
    memberId: () => member(),
    idempotencyKey: p.string().length(255),
    reference: p.string().length(255).unique('loan_collections_reference_unique'),
    provider: p.string().length(16),
    msisdn: p.string().length(32),
    scope: p.enum(['instalment', 'balance']),
    amountCentimes: p.bigint('string'),
    status: p.enum(['requested', 'succeeded', 'failed']),
    requestedAt: p.datetime(),
    settledAt: p.datetime().nullable(),
    failureReason: p.string().length(255).nullable(),
    lastPolledAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'loan_collections_status_polled_index', properties: ['status', 'lastPolledAt'] }],
});

export const KeyFactsStatementSchema = defineEntity({
  class: KeyFactsStatementRow,
  tableName: 'loan_key_facts',
  properties: {
    id: p.uuid().primary(),
    memberId: () => member().index('loan_key_facts_member_id_index'),
    facts: p.json(),
    assessment: p.json().nullable(),
    shownAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    loanId: () => p.manyToOne(LoanRow).mapToPk().fieldName('loan_id').nullable().deleteRule('set null').index('loan_key_facts_loan_id_index'),
  },
});

export const CreditAssessmentSchema = defineEntity({
  class: CreditAssessmentRow,
  tableName: 'credit_assessments',
  indexes: [{ name: 'credit_assessments_member_assessed_index', properties: ['memberId', 'assessedAt'] }],
  properties: {
    id: p.uuid().primary(),
    memberId: () => member(),
    score: p.integer(),
    rating: p.string().length(16),
    maxLoanCentimes: p.bigint('string'),
    factors: p.json(),
    recommendations: p.json(),
    modelVersion: p.string().length(64),
    assessedAt: p.datetime(),
  },
});

export const ScoringConsentSchema = defineEntity({
  class: ScoringConsentRow,
  tableName: 'credit_scoring_consents',
  properties: {
    memberId: () => p.manyToOne(User).mapToPk().fieldName('member_id').deleteRule('cascade').primary(),
    consentedAt: p.datetime(),
    // Migration20261128530000 (data rights): the words' version, and the withdrawal.
    textVersion: p.string().length(32).default('2026-11-22'),
    withdrawnAt: p.datetime().nullable(),
  },
});

export const LoanReminderNoticeSchema = defineEntity({
  class: LoanReminderNoticeRow,
  tableName: 'loan_reminder_notices',
  properties: {
    key: p.string().length(160).primary(),
    sentAt: p.datetime(),
  },
});

export const LOAN_ENTITIES = [
  LoanSchema,
  LoanRepaymentSchema,
  LoanCollectionSchema,
  KeyFactsStatementSchema,
  CreditAssessmentSchema,
  ScoringConsentSchema,
  LoanReminderNoticeSchema,
];
