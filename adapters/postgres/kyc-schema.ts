/**
 * Persistence mapping of facial KYC (core/kyc): the member's KYC record, their consents to
 * biometric processing, and the decisions kept for audit (Migration20261123130000). The stores
 * (postgres-kyc-store.ts) speak SQL; these schemas keep the ORM's picture of the tables.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../core/accounts/user.ts';

export class KycRecordRow {
  userId!: string;
  idPhotoPath!: string | null;
  selfiePath!: string | null;
  matchConfidence!: string | null;
  verifiedAt!: Date | null;
  updatedAt!: Date;
}

export class BiometricConsentRow {
  id!: string;
  userId!: string;
  textVersion!: string;
  givenAt!: Date;
  withdrawnAt!: Date | null;
}

export class KycDecisionRow {
  id!: string;
  userId!: string;
  verificationType!: string;
  referenceId!: string | null;
  idPhotoPath!: string;
  idPhotoSource!: string;
  selfiePath!: string;
  outcome!: string;
  reason!: string | null;
  similarity!: number | null;
  matchConfidence!: string | null;
  thresholdPercent!: string;
  cutoffSimilarity!: number;
  modelName!: string;
  modelVersion!: string;
  consentId!: string;
  decidedAt!: Date;
}

const member = () => p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade');

export const KycRecordSchema = defineEntity({
  class: KycRecordRow,
  tableName: 'kyc_records',
  properties: {
    userId: () => member().primary(),
    idPhotoPath: p.text().nullable(),
    selfiePath: p.text().nullable(),
    matchConfidence: p.decimal('string').precision(4).scale(1).nullable(),
    verifiedAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});

export const BiometricConsentSchema = defineEntity({
  class: BiometricConsentRow,
  tableName: 'biometric_consents',
  indexes: [{ name: 'biometric_consents_user_index', properties: ['userId', 'givenAt'] }],
  properties: {
    id: p.uuid().primary(),
    userId: () => member(),
    textVersion: p.string().length(32),
    givenAt: p.datetime(),
    withdrawnAt: p.datetime().nullable(),
  },
});

export const KycDecisionSchema = defineEntity({
  class: KycDecisionRow,
  tableName: 'kyc_decisions',
  indexes: [{ name: 'kyc_decisions_user_index', properties: ['userId', 'decidedAt'] }],
  properties: {
    id: p.uuid().primary(),
    userId: () => member(),
    verificationType: p.string().length(40),
    referenceId: p.string().length(100).nullable(),
    idPhotoPath: p.text(),
    idPhotoSource: p.enum(['registry', 'kyc_upload', 'nida_upload']),
    selfiePath: p.text(),
    outcome: p.enum(['verified', 'not_matched', 'rejected']),
    reason: p.string().length(64).nullable(),
    similarity: p.double().nullable(),
    matchConfidence: p.decimal('string').precision(4).scale(1).nullable(),
    thresholdPercent: p.decimal('string').precision(4).scale(1),
    cutoffSimilarity: p.double(),
    modelName: p.string().length(64),
    modelVersion: p.string().length(200),
    consentId: () => p.manyToOne(BiometricConsentRow).mapToPk().fieldName('consent_id').deleteRule('cascade').index('kyc_decisions_consent_index'),
    decidedAt: p.datetime(),
  },
});

export const KYC_ENTITIES = [KycRecordSchema, BiometricConsentSchema, KycDecisionSchema];
