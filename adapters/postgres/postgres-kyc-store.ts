/**
 * The facial KYC stores over PostgreSQL (tables of kyc-schema.ts), in the caller's transaction,
 * and the national-ID photos read from the NIDA module's `national_ids`.
 *
 * Guarantees
 * - `markVerified` sets `users.kyc_verified` and the record's confidence and instant in the same
 *   transaction as the decision (VerifyFace's unit of work).
 * - `activeConsentOf` answers the latest consent not withdrawn; `withdraw` withdraws every one in
 *   force and keeps them (history).
 * - A decision is stored whole and never changed.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BiometricConsent, BiometricConsents, FacePhoto, KycDecision, KycDecisions, KycRecord, KycRecords, RegistryIdPhotos } from '../../core/kyc/ports.ts';

interface RecordDbRow {
  verified: boolean;
  id_photo_path: string | null;
  selfie_path: string | null;
  match_confidence: string | null;
  verified_at: Date | null;
}

export class PostgresKycRecords implements KycRecords {
  constructor(private readonly em: EntityManager) {}

  async recordOf(memberId: string): Promise<KycRecord> {
    const rows = await this.em.execute<RecordDbRow[]>(
      `select u.kyc_verified as verified, k.id_photo_path, k.selfie_path, k.match_confidence, k.verified_at
         from users u left join kyc_records k on k.user_id = u.id
        where u.id = ?`,
      [memberId],
    );
    const row = rows[0];
    if (!row) return { memberId, verified: false };
    return {
      memberId,
      verified: row.verified,
      ...(row.id_photo_path !== null ? { idPhotoPath: row.id_photo_path } : {}),
      ...(row.selfie_path !== null ? { selfiePath: row.selfie_path } : {}),
      ...(row.match_confidence !== null ? { matchConfidence: Number(row.match_confidence) } : {}),
      ...(row.verified_at !== null ? { verifiedAt: new Date(row.verified_at) } : {}),
    };
  }

  async savePhoto(memberId: string, photo: FacePhoto, path: string, at: Date): Promise<void> {
    const column = photo === 'id_photo' ? 'id_photo_path' : 'selfie_path';
    await this.em.execute(
      `insert into kyc_records (user_id, ${column}, updated_at) values (?, ?, ?)
       on conflict (user_id) do update set ${column} = excluded.${column}, updated_at = excluded.updated_at`,
      [memberId, path, at],
    );
  }

  async markVerified(memberId: string, matchConfidence: number, at: Date): Promise<void> {
    await this.em.execute(
      `insert into kyc_records (user_id, match_confidence, verified_at, updated_at) values (?, ?, ?, ?)
       on conflict (user_id) do update set match_confidence = excluded.match_confidence, verified_at = excluded.verified_at, updated_at = excluded.updated_at`,
      [memberId, matchConfidence, at, at],
    );
    await this.em.execute(`update users set kyc_verified = true, updated_at = ? where id = ?`, [at, memberId]);
  }
}

interface ConsentDbRow {
  id: string;
  user_id: string;
  text_version: string;
  given_at: Date;
}

export class PostgresBiometricConsents implements BiometricConsents {
  constructor(private readonly em: EntityManager) {}

  async activeConsentOf(memberId: string): Promise<BiometricConsent | undefined> {
    const rows = await this.em.execute<ConsentDbRow[]>(
      `select id, user_id, text_version, given_at from biometric_consents where user_id = ? and withdrawn_at is null order by given_at desc, id desc limit 1`,
      [memberId],
    );
    const row = rows[0];
    return row && { id: row.id, memberId: row.user_id, textVersion: row.text_version, givenAt: new Date(row.given_at) };
  }

  async record(consent: BiometricConsent): Promise<void> {
    await this.em.execute(`insert into biometric_consents (id, user_id, text_version, given_at) values (?, ?, ?, ?)`, [consent.id, consent.memberId, consent.textVersion, consent.givenAt]);
  }

  async withdraw(memberId: string, at: Date): Promise<number> {
    const result = await this.em.execute<{ affectedRows: number }>(`update biometric_consents set withdrawn_at = ? where user_id = ? and withdrawn_at is null`, [at, memberId], 'run');
    return result.affectedRows;
  }
}

export class PostgresKycDecisions implements KycDecisions {
  constructor(private readonly em: EntityManager) {}

  async record(d: KycDecision): Promise<void> {
    await this.em.execute(
      `insert into kyc_decisions (id, user_id, verification_type, reference_id, id_photo_path, id_photo_source, selfie_path, outcome, reason, similarity,
         match_confidence, threshold_percent, cutoff_similarity, model_name, model_version, consent_id, decided_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        d.id,
        d.memberId,
        d.verificationType,
        d.referenceId ?? null,
        d.idPhotoPath,
        d.idPhotoSource,
        d.selfiePath,
        d.outcome,
        d.reason ?? null,
        d.similarity ?? null,
        d.matchConfidence ?? null,
        d.thresholdPercent,
        d.cutoffSimilarity,
        d.modelName,
        d.modelVersion,
        d.consentId,
        d.decidedAt,
      ],
    );
  }
}

/** The member's verified national ID (the NIDA module's table, `status = 'verified'`, one per member). */
export class PostgresRegistryIdPhotos implements RegistryIdPhotos {
  constructor(private readonly em: EntityManager) {}

  private async photos(memberId: string): Promise<{ registry_photo_path: string | null; id_photo_path: string | null } | undefined> {
    const rows = await this.em.execute<{ registry_photo_path: string | null; id_photo_path: string | null }[]>(
      `select registry_photo_path, id_photo_path from national_ids where user_id = ? and status = 'verified' order by verified_at desc limit 1`,
      [memberId],
    );
    return rows[0];
  }

  async registryPhotoOf(memberId: string): Promise<string | undefined> {
    return (await this.photos(memberId))?.registry_photo_path ?? undefined;
  }

  async uploadedIdPhotoOf(memberId: string): Promise<string | undefined> {
    return (await this.photos(memberId))?.id_photo_path ?? undefined;
  }
}
