/**
 * PostgresStoredObjects: the uploads module's object records (core/uploads/ports.ts
 * `StoredObjects`) in `stored_objects`.
 *
 * Guarantees
 * - `markStored` changes a row only from pending, in one statement: of two racing requests, one
 *   answers true.
 * - `lock` takes the row's lock (SELECT … FOR UPDATE) for the caller's unit of work.
 * - Ids that are not UUIDs find nothing (they never reach the uuid column, which would refuse them).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isObjectId } from '../../core/uploads/object-path.ts';
import type { ImageType, ObjectRecord, StoredObjects } from '../../core/uploads/ports.ts';

interface Row {
  id: string;
  owner_id: string;
  visibility: ObjectRecord['visibility'];
  status: ObjectRecord['status'];
  content_type: ImageType | null;
  size: number | null;
  upload_id: string | null;
  created_at: Date;
  expires_at: Date;
  stored_at: Date | null;
}

const recordOf = (r: Row): ObjectRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  visibility: r.visibility,
  status: r.status,
  contentType: r.content_type,
  size: r.size,
  uploadId: r.upload_id,
  createdAt: new Date(r.created_at),
  expiresAt: new Date(r.expires_at),
  storedAt: r.stored_at ? new Date(r.stored_at) : null,
});

export class PostgresStoredObjects implements StoredObjects {
  constructor(private readonly em: EntityManager) {}

  async add(r: ObjectRecord): Promise<void> {
    await this.em.execute(
      `insert into stored_objects (id, owner_id, visibility, status, content_type, size, upload_id, created_at, expires_at, stored_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [r.id, r.ownerId, r.visibility, r.status, r.contentType, r.size, r.uploadId, r.createdAt, r.expiresAt, r.storedAt],
    );
  }

  find(id: string): Promise<ObjectRecord | null> {
    return this.one(`select * from stored_objects where id = ?`, id);
  }

  lock(id: string): Promise<ObjectRecord | null> {
    return this.one(`select * from stored_objects where id = ? for update`, id);
  }

  async findByUploadId(uploadId: string): Promise<ObjectRecord | null> {
    const rows = await this.em.execute<Row[]>(`select * from stored_objects where upload_id = ?`, [uploadId]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async markStored(id: string, stored: { contentType: ImageType; size: number; storedAt: Date }): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update stored_objects set status = 'stored', content_type = ?, size = ?, stored_at = ? where id = ? and status = 'pending' returning id`,
      [stored.contentType, stored.size, stored.storedAt, id],
    );
    return rows.length > 0;
  }

  async delete(id: string): Promise<void> {
    if (isObjectId(id)) await this.em.execute(`delete from stored_objects where id = ?`, [id]);
  }

  async listAbandoned(before: Date, limit: number): Promise<ObjectRecord[]> {
    const rows = await this.em.execute<Row[]>(`select * from stored_objects where status = 'pending' and expires_at < ? order by expires_at limit ?`, [before, limit]);
    return rows.map(recordOf);
  }

  async countCreatedSince(ownerId: string, since: Date): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>(`select count(*) as n from stored_objects where owner_id = ? and created_at >= ?`, [ownerId, since]);
    return Number(rows[0]?.n ?? 0);
  }

  private async one(sql: string, id: string): Promise<ObjectRecord | null> {
    if (!isObjectId(id)) return null;
    const rows = await this.em.execute<Row[]>(sql, [id]);
    return rows[0] ? recordOf(rows[0]) : null;
  }
}
