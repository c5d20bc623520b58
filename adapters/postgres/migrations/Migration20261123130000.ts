import { Migration } from '@mikro-orm/migrations';

/**
 * Facial KYC (core/kyc, adapters/postgres/kyc-schema.ts), hand-written:
 * - `kyc_records`: one row per member who saved a KYC photo or was verified by a face comparison
 *   (the photos' object paths, the confidence and instant of the last success; the verified flag
 *   itself is `users.kyc_verified`).
 * - `biometric_consents`: each consent to the comparison of the member's face, with the version of
 *   the text accepted; a withdrawal sets `withdrawn_at` (history kept). At most one consent in
 *   force per member and text version.
 * - `kyc_decisions`: every comparison that ran, whatever its outcome, kept for audit: photos and
 *   the ID photo's source, similarity, percent, threshold, cut-off, model and version, outcome and
 *   reason, the consent it ran under, instant.
 */
export class Migration20261123130000 extends Migration {

  override name = 'Migration20261123130000';

  override up(): void | Promise<void> {
    this.addSql(`create table "kyc_records" (
      "user_id" uuid not null,
      "id_photo_path" text null,
      "selfie_path" text null,
      "match_confidence" numeric(4,1) null,
      "verified_at" timestamptz null,
      "updated_at" timestamptz not null,
      constraint "kyc_records_pkey" primary key ("user_id"),
      constraint "kyc_records_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade
    );`);
    this.addSql(`create table "biometric_consents" (
      "id" uuid not null,
      "user_id" uuid not null,
      "text_version" varchar(32) not null,
      "given_at" timestamptz not null,
      "withdrawn_at" timestamptz null,
      constraint "biometric_consents_pkey" primary key ("id"),
      constraint "biometric_consents_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade
    );`);
    this.addSql(`create index "biometric_consents_user_index" on "biometric_consents" ("user_id", "given_at");`);
    this.addSql(`create unique index "biometric_consents_in_force_unique" on "biometric_consents" ("user_id", "text_version") where "withdrawn_at" is null;`);
    this.addSql(`create table "kyc_decisions" (
      "id" uuid not null,
      "user_id" uuid not null,
      "verification_type" varchar(40) not null,
      "reference_id" varchar(100) null,
      "id_photo_path" text not null,
      "id_photo_source" text not null,
      "selfie_path" text not null,
      "outcome" text not null,
      "reason" varchar(64) null,
      "similarity" double precision null,
      "match_confidence" numeric(4,1) null,
      "threshold_percent" numeric(4,1) not null,
      "cutoff_similarity" double precision not null,
      "model_name" varchar(64) not null,
      "model_version" varchar(200) not null,
      "consent_id" uuid not null,
      "decided_at" timestamptz not null,
      constraint "kyc_decisions_pkey" primary key ("id"),
      constraint "kyc_decisions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade,
      constraint "kyc_decisions_consent_id_foreign" foreign key ("consent_id") references "biometric_consents" ("id") on delete cascade,
      constraint "kyc_decisions_id_photo_source_check" check ("id_photo_source" in ('registry', 'kyc_upload', 'nida_upload')),
      constraint "kyc_decisions_outcome_check" check ("outcome" in ('verified', 'not_matched', 'rejected')),
      constraint "kyc_decisions_compared_has_confidence" check ("outcome" = 'rejected' or "match_confidence" is not null),
      constraint "kyc_decisions_rejected_has_reason" check ("outcome" <> 'rejected' or "reason" is not null)
    );`);
    this.addSql(`create index "kyc_decisions_user_index" on "kyc_decisions" ("user_id", "decided_at");`);
    this.addSql(`create index "kyc_decisions_consent_index" on "kyc_decisions" ("consent_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "kyc_decisions";`);
    this.addSql(`drop table if exists "biometric_consents";`);
    this.addSql(`drop table if exists "kyc_records";`);
  }

}
