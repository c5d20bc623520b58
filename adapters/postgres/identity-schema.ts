/**
 * Persistence mapping of national ID verification (core/identity): `national_ids`, one row per
 * number a member verified, the history kept (a replaced card may carry a new number). Read and
 * written with SQL by adapters/postgres/postgres-national-ids.ts; this schema keeps the ORM's
 * picture of the table whole (`db create-migration` diffs against it).
 *
 * - The number is never stored in clear: `id_number_sealed` is its AES-256-GCM ciphertext (which
 *   names `key_version`), `lookup_hash` its HMAC-SHA256 for the one-ID-per-account look-up.
 * - Partial UNIQUE indexes: one `verified` row per lookup hash (one ID, one account) and one per
 *   member; `replaced` rows are history and constrain nothing.
 * - `registry_photo_path`: the registry's ID photo, kept as the member's private object;
 *   `id_photo_path`: the member's own photo of the card. Both `/objects/private/<id>`.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../core/accounts/user.ts';

export class NationalIdRow {
  id!: string;
  userId!: string;
  status!: 'verified' | 'replaced';
  idNumberSealed!: string;
  keyVersion!: number;
  lookupHash!: string;
  firstName!: string;
  lastName!: string;
  dateOfBirth!: string | null;
  sex!: 'male' | 'female' | null;
  phoneNumber!: string;
  registry!: string;
  registryPhotoPath!: string | null;
  idPhotoPath!: string | null;
  verifiedAt!: Date;
  replacedAt!: Date | null;
}

export const NationalIdSchema = defineEntity({
  class: NationalIdRow,
  tableName: 'national_ids',
  indexes: [
    {
      name: 'national_ids_verified_hash_unique',
      expression: `create unique index "national_ids_verified_hash_unique" on "national_ids" ("lookup_hash") where "status" = 'verified'`,
    },
    {
      name: 'national_ids_verified_user_unique',
      expression: `create unique index "national_ids_verified_user_unique" on "national_ids" ("user_id") where "status" = 'verified'`,
    },
    { name: 'national_ids_user_index', properties: ['userId', 'verifiedAt'] },
    { name: 'national_ids_key_version_index', properties: ['keyVersion'] },
  ],
  properties: {
    id: p.uuid().primary(),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade'),
    status: p.enum(['verified', 'replaced']),
    idNumberSealed: p.text(),
    keyVersion: p.integer(),
    lookupHash: p.string().length(64),
    firstName: p.string().length(200),
    lastName: p.string().length(200),
    dateOfBirth: p.string().columnType('date').nullable(),
    sex: p.enum(['male', 'female']).nullable(),
    phoneNumber: p.string().length(32),
    registry: p.string().length(32),
    registryPhotoPath: p.text().nullable(),
    idPhotoPath: p.text().nullable(),
    verifiedAt: p.datetime(),
    replacedAt: p.datetime().nullable(),
  },
});
