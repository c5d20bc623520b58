/**
 * The facial KYC stores against PostgreSQL: the record and users.kyc_verified, consents in force
 * and withdrawn, decisions stored whole (and the table's own checks), and the national-ID photos
 * read from the NIDA module's `national_ids` (created here with its columns when the NIDA
 * migration is not in this tree).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycDecision } from '../../core/kyc/ports.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { PostgresBiometricConsents, PostgresKycDecisions, PostgresKycRecords, PostgresRegistryIdPhotos } from './postgres-kyc-store.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const em = () => db.orm.em.fork();
const T0 = new Date('2026-11-23T08:00:00Z');
const T1 = new Date('2026-11-23T09:00:00Z');

async function aMember(): Promise<string> {
  const id = randomUUID();
  await em().execute(`insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, ?, 'Aline', 'Uwase', now(), now())`, [id, `${id}@example.rw`]);
  return id;
}

describe('PostgresKycRecords', () => {
  it('a member without a record: not verified, nothing saved', async () => {
    const id = await aMember();
    expect(await new PostgresKycRecords(em()).recordOf(id)).toEqual({ memberId: id, verified: false });
  });

  it('keeps each photo saved, the latest one, and marks the member verified with the confidence and instant', async () => {
    const id = await aMember();
    const records = new PostgresKycRecords(em());
    await records.savePhoto(id, 'selfie', '/objects/private/s1', T0);
    await records.savePhoto(id, 'id_photo', '/objects/private/i1', T0);
    await records.savePhoto(id, 'selfie', '/objects/private/s2', T1);
    expect(await records.recordOf(id)).toEqual({ memberId: id, verified: false, idPhotoPath: '/objects/private/i1', selfiePath: '/objects/private/s2' });
    await records.markVerified(id, 91.3, T1);
    expect(await records.recordOf(id)).toEqual({ memberId: id, verified: true, idPhotoPath: '/objects/private/i1', selfiePath: '/objects/private/s2', matchConfidence: 91.3, verifiedAt: T1 });
    expect(await em().execute('select kyc_verified from users where id = ?', [id])).toEqual([{ kyc_verified: true }]);
  });
});

describe('PostgresBiometricConsents', () => {
  it('answers the latest consent in force; a withdrawal withdraws every one and keeps them', async () => {
    const id = await aMember();
    const consents = new PostgresBiometricConsents(em());
    expect(await consents.activeConsentOf(id)).toBeUndefined();
    const first = { id: randomUUID(), memberId: id, textVersion: '2026-01-01', givenAt: T0 };
    const second = { id: randomUUID(), memberId: id, textVersion: '2026-11-23', givenAt: T1 };
    await consents.record(first);
    await consents.record(second);
    expect(await consents.activeConsentOf(id)).toEqual(second);
    expect(await consents.withdraw(id, T1)).toBe(2);
    expect(await consents.withdraw(id, T1)).toBe(0);
    expect(await consents.activeConsentOf(id)).toBeUndefined();
    expect(await em().execute('select count(*)::int as n from biometric_consents where user_id = ?', [id])).toEqual([{ n: 2 }]);
  });

  it('holds one consent in force per member and text version', async () => {
    const id = await aMember();
    const consents = new PostgresBiometricConsents(em());
    await consents.record({ id: randomUUID(), memberId: id, textVersion: 'v', givenAt: T0 });
    await expect(consents.record({ id: randomUUID(), memberId: id, textVersion: 'v', givenAt: T1 })).rejects.toThrow(/biometric_consents_in_force_unique/);
  });
});

describe('PostgresKycDecisions', () => {
  const decision = (memberId: string, consentId: string, extra: Partial<KycDecision> = {}): KycDecision => ({
    id: randomUUID(),
    memberId,
    verificationType: 'profile_update',
    idPhotoPath: '/objects/private/i',
    idPhotoSource: 'kyc_upload',
    selfiePath: '/objects/private/s',
    outcome: 'verified',
    similarity: 0.91234,
    matchConfidence: 90.5,
    thresholdPercent: 80,
    cutoffSimilarity: 0.77,
    modelName: 'human-faceres',
    modelVersion: '@vladmandic/human 3.3.6',
    consentId,
    decidedAt: T0,
    ...extra,
  });

  it('stores a decision whole', async () => {
    const id = await aMember();
    const consentId = randomUUID();
    await new PostgresBiometricConsents(em()).record({ id: consentId, memberId: id, textVersion: 'v', givenAt: T0 });
    const d = decision(id, consentId, { referenceId: 'ref-1' });
    await new PostgresKycDecisions(em()).record(d);
    const [row] = await em().execute<Record<string, unknown>[]>('select * from kyc_decisions where id = ?', [d.id]);
    expect({ ...row, decided_at: new Date(row!.decided_at as string) }).toEqual({
      id: d.id,
      user_id: id,
      verification_type: 'profile_update',
      reference_id: 'ref-1',
      id_photo_path: '/objects/private/i',
      id_photo_source: 'kyc_upload',
      selfie_path: '/objects/private/s',
      outcome: 'verified',
      reason: null,
      similarity: 0.91234,
      match_confidence: '90.5',
      threshold_percent: '80.0',
      cutoff_similarity: 0.77,
      model_name: 'human-faceres',
      model_version: '@vladmandic/human 3.3.6',
      consent_id: consentId,
      decided_at: T0,
    });
  });

  it('refuses a rejection without its reason, and a comparison without its percent', async () => {
    const id = await aMember();
    const consentId = randomUUID();
    await new PostgresBiometricConsents(em()).record({ id: consentId, memberId: id, textVersion: 'v', givenAt: T0 });
    const { matchConfidence: _m, similarity: _s, ...bare } = decision(id, consentId);
    await expect(new PostgresKycDecisions(em()).record({ ...bare, outcome: 'rejected' })).rejects.toThrow(/kyc_decisions_rejected_has_reason/);
    await expect(new PostgresKycDecisions(em()).record({ ...bare, id: randomUUID(), outcome: 'not_matched' })).rejects.toThrow(/kyc_decisions_compared_has_confidence/);
  });
});

describe('PostgresRegistryIdPhotos', () => {
  it("answers the photos of the member's verified national ID, not of a replaced one, nor another member's", async () => {
    // The NIDA module's table, with its columns, when its migration is not in this tree.
    await em().execute(`create table if not exists "national_ids" (
      "id" uuid not null primary key, "user_id" uuid not null references "users" ("id") on delete cascade, "status" text not null,
      "id_number_sealed" text not null, "key_version" int not null, "lookup_hash" varchar(64) not null,
      "first_name" varchar(200) not null, "last_name" varchar(200) not null, "date_of_birth" date null, "sex" text null,
      "phone_number" varchar(32) not null, "registry" varchar(32) not null, "registry_photo_path" text null, "id_photo_path" text null,
      "verified_at" timestamptz not null, "replaced_at" timestamptz null)`);
    const row = (userId: string, status: string, registryPhoto: string | null, idPhoto: string | null, at: Date) =>
      em().execute(
        `insert into national_ids (id, user_id, status, id_number_sealed, key_version, lookup_hash, first_name, last_name, phone_number, registry, registry_photo_path, id_photo_path, verified_at)
         values (?, ?, ?, 'sealed', 1, ?, 'Aline', 'Uwase', '+250788000000', 'sandbox', ?, ?, ?)`,
        [randomUUID(), userId, status, randomUUID().replaceAll('-', ''), registryPhoto, idPhoto, at],
      );
    const aline = await aMember();
    const jean = await aMember();
    const nobody = await aMember();
    await row(aline, 'replaced', '/objects/private/old-registry', '/objects/private/old-upload', T0);
    await row(aline, 'verified', '/objects/private/registry', '/objects/private/upload', T1);
    await row(jean, 'verified', null, '/objects/private/jean-upload', T1);
    const photos = new PostgresRegistryIdPhotos(em());
    expect([await photos.registryPhotoOf(aline), await photos.uploadedIdPhotoOf(aline)]).toEqual(['/objects/private/registry', '/objects/private/upload']);
    expect([await photos.registryPhotoOf(jean), await photos.uploadedIdPhotoOf(jean)]).toEqual([undefined, '/objects/private/jean-upload']);
    expect([await photos.registryPhotoOf(nobody), await photos.uploadedIdPhotoOf(nobody)]).toEqual([undefined, undefined]);
  });
});
