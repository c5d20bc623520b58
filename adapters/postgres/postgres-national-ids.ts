/**
 * PostgresNationalIds: the NationalIdRepository port over the `national_ids` table
 * (identity-schema.ts), in the caller's transaction.
 *
 * Guarantees
 * - `add` inserts with ON CONFLICT DO NOTHING: losing the race for a partial unique index (the
 *   lookup hash or the member already holds a verified row, committed by a concurrent
 *   verification) throws `ConcurrentWriteConflict`, without aborting the transaction, and the unit
 *   of work runs the use case again, which then finds the winner.
 * - `markMemberVerified` sets `users.nida_verified` alone (an UPDATE of that one column), so it
 *   never overwrites another field a concurrent request changed.
 * - `sealedNotUnder` locks its rows (FOR UPDATE SKIP LOCKED): two rotations at once each take
 *   other rows; `reseal` writes only when the row is still under the version it was read under.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NationalIdRepository, SealedNationalId, SealedRow, StoredNationalId } from '../../core/identity/ports.ts';
import { formatDate, parseDate } from '../../core/shared/calendar.ts';
import { ConcurrentWriteConflict } from './mikro-orm-unit-of-work.ts';

interface NationalIdDbRow {
  id: string;
  user_id: string;
  status: 'verified' | 'replaced';
  id_number_sealed: string;
  key_version: number;
  lookup_hash: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  sex: 'male' | 'female' | null;
  phone_number: string;
  registry: string;
  registry_photo_path: string | null;
  id_photo_path: string | null;
  verified_at: Date;
  replaced_at: Date | null;
}

const COLUMNS = `id, user_id, status, id_number_sealed, key_version, lookup_hash, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth,
  sex, phone_number, registry, registry_photo_path, id_photo_path, verified_at, replaced_at`;

function rowOf(r: NationalIdDbRow): StoredNationalId {
  return {
    id: r.id,
    memberId: r.user_id,
    status: r.status,
    sealed: { ciphertext: r.id_number_sealed, keyVersion: r.key_version },
    lookupHash: r.lookup_hash,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth === null ? null : (parseDate(r.date_of_birth) ?? null),
    sex: r.sex,
    phoneNumber: r.phone_number,
    registry: r.registry,
    registryPhotoPath: r.registry_photo_path,
    idPhotoPath: r.id_photo_path,
    verifiedAt: new Date(r.verified_at),
    replacedAt: r.replaced_at === null ? null : new Date(r.replaced_at),
  };
}

export class PostgresNationalIds implements NationalIdRepository {
  constructor(private readonly em: EntityManager) {}

  async currentOf(memberId: string): Promise<StoredNationalId | undefined> {
    const rows = await this.em.execute<NationalIdDbRow[]>(`select ${COLUMNS} from national_ids where user_id = ? and status = 'verified'`, [memberId]);
    return rows[0] && rowOf(rows[0]);
  }

  async verifiedByHash(lookupHash: string): Promise<StoredNationalId | undefined> {
    const rows = await this.em.execute<NationalIdDbRow[]>(`select ${COLUMNS} from national_ids where lookup_hash = ? and status = 'verified'`, [lookupHash]);
    return rows[0] && rowOf(rows[0]);
  }

  async add(row: StoredNationalId): Promise<void> {
    const inserted = await this.em.execute<{ id: string }[]>(
      `insert into national_ids (id, user_id, status, id_number_sealed, key_version, lookup_hash, first_name, last_name, date_of_birth, sex, phone_number, registry,
         registry_photo_path, id_photo_path, verified_at, replaced_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
      [
        row.id, row.memberId, row.status, row.sealed.ciphertext, row.sealed.keyVersion, row.lookupHash, row.firstName, row.lastName,
        row.dateOfBirth ? formatDate(row.dateOfBirth) : null, row.sex, row.phoneNumber, row.registry, row.registryPhotoPath, row.idPhotoPath, row.verifiedAt, row.replacedAt,
      ],
    );
    if (inserted.length === 0) throw new ConcurrentWriteConflict('a national ID of this number or this member was verified concurrently');
  }

  async markReplaced(id: string, at: Date): Promise<void> {
    await this.em.execute(`update national_ids set status = 'replaced', replaced_at = ? where id = ? and status = 'verified'`, [at, id]);
  }

  async setIdPhoto(id: string, path: string): Promise<void> {
    await this.em.execute(`update national_ids set id_photo_path = ? where id = ?`, [path, id]);
  }

  async markMemberVerified(memberId: string, at: Date): Promise<void> {
    await this.em.execute(`update users set nida_verified = true, updated_at = ? where id = ?`, [at, memberId]);
  }

  async sealedNotUnder(keyVersion: number, limit: number): Promise<SealedRow[]> {
    const rows = await this.em.execute<{ id: string; id_number_sealed: string; key_version: number }[]>(
      `select id, id_number_sealed, key_version from national_ids where key_version <> ? order by id limit ? for update skip locked`,
      [keyVersion, limit],
    );
    return rows.map((r) => ({ id: r.id, sealed: { ciphertext: r.id_number_sealed, keyVersion: r.key_version } }));
  }

  async countNotUnder(keyVersion: number): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>(`select count(*) as n from national_ids where key_version <> ?`, [keyVersion]);
    return Number(rows[0]?.n ?? 0);
  }

  async reseal(id: string, from: number, sealed: SealedNationalId): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update national_ids set id_number_sealed = ?, key_version = ? where id = ? and key_version = ? returning id`,
      [sealed.ciphertext, sealed.keyVersion, id, from],
    );
    return rows.length === 1;
  }
}
