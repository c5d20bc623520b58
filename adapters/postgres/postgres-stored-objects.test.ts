/** PostgresStoredObjects against PostgreSQL: records, the pending → stored step, locks, counts, the table's own checks. */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.ts';
import type { ObjectRecord } from '../../core/uploads/ports.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { PostgresStoredObjects } from './postgres-stored-objects.ts';

let db: TestDatabase;
const AMINA = '00000000-0000-4000-8000-0000000000a1';
const JEAN = '00000000-0000-4000-8000-0000000000b2';
const at = new Date('2026-11-23T10:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  for (const [id, email] of [[AMINA, 'amina@example.rw'], [JEAN, 'jean@example.rw']]) {
    await db.orm.em.fork().execute(`insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, ?, 'A', 'B', now(), now())`, [id, email]);
  }
});
afterAll(async () => {
  await db?.drop();
});

const inContext = <T>(work: (objects: PostgresStoredObjects) => Promise<T>) => RequestContext.create(db.orm.em, () => work(new PostgresStoredObjects(db.orm.em)));

let n = 0;
const pending = (over: Partial<ObjectRecord> = {}): ObjectRecord => ({
  id: `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`,
  ownerId: AMINA,
  visibility: 'private',
  status: 'pending',
  contentType: null,
  size: null,
  uploadId: null,
  createdAt: at,
  expiresAt: new Date(at.getTime() + 900_000),
  storedAt: null,
  ...over,
});

describe('PostgresStoredObjects', () => {
  it('adds and finds a record, by id and by upload id; a non-UUID id finds nothing', async () => {
    const record = pending({ uploadId: 'upload.abc' });
    await inContext(async (objects) => {
      await objects.add(record);
      expect(await objects.find(record.id)).toEqual(record);
      expect(await objects.findByUploadId('upload.abc')).toEqual(record);
      expect(await objects.findByUploadId('other')).toBeNull();
      expect(await objects.find('not-a-uuid')).toBeNull();
      expect(await objects.lock("' or 1=1 --")).toBeNull();
    });
  });

  it('stores a pending record once: a second markStored answers false and changes nothing', async () => {
    const record = pending();
    await inContext(async (objects) => {
      await objects.add(record);
      expect(await objects.markStored(record.id, { contentType: 'image/png', size: 10, storedAt: at })).toBe(true);
      expect(await objects.markStored(record.id, { contentType: 'image/jpeg', size: 99, storedAt: at })).toBe(false);
      expect(await objects.find(record.id)).toMatchObject({ status: 'stored', contentType: 'image/png', size: 10, storedAt: at });
    });
  });

  it('locks a row until the unit of work ends', async () => {
    const record = pending();
    await inContext((objects) => objects.add(record));
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = RequestContext.create(db.orm.em, () =>
      new MikroOrmUnitOfWork(db.orm.em).run(async () => {
        await new PostgresStoredObjects(db.orm.em).lock(record.id);
        order.push('first locked');
        await held;
        order.push('first done');
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = RequestContext.create(db.orm.em, () =>
      new MikroOrmUnitOfWork(db.orm.em).run(async () => {
        await new PostgresStoredObjects(db.orm.em).lock(record.id);
        order.push('second locked');
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'first done', 'second locked']);
  });

  it('counts a member\'s records since an instant, and deletes one', async () => {
    await inContext(async (objects) => {
      const before = await objects.countCreatedSince(JEAN, at);
      const old = pending({ ownerId: JEAN, createdAt: new Date(at.getTime() - 1) });
      const fresh = pending({ ownerId: JEAN });
      await objects.add(old);
      await objects.add(fresh);
      expect(await objects.countCreatedSince(JEAN, at)).toBe(before + 1);
      await objects.delete(fresh.id);
      await objects.delete('not-a-uuid');
      expect(await objects.find(fresh.id)).toBeNull();
      expect(await objects.countCreatedSince(JEAN, at)).toBe(before);
    });
  });

  it('lists pending records whose address expired before an instant, oldest first, never stored ones', async () => {
    const later = new Date('2030-01-01T00:00:00Z');
    await inContext(async (objects) => {
      const old = pending({ expiresAt: new Date(later.getTime() + 1000) });
      const older = pending({ expiresAt: new Date(later.getTime() + 500) });
      const kept = pending({ expiresAt: new Date(later.getTime() + 100) });
      const young = pending({ expiresAt: new Date(later.getTime() + 5000) });
      for (const r of [old, older, kept, young]) await objects.add(r);
      await objects.markStored(kept.id, { contentType: 'image/png', size: 1, storedAt: at });
      const listed = (await objects.listAbandoned(new Date(later.getTime() + 2000), 100)).filter((r) => r.expiresAt > later);
      expect(listed.map((r) => r.id)).toEqual([older.id, old.id]);
      expect(await objects.listAbandoned(new Date(later.getTime() + 2000), 1)).toHaveLength(1);
    });
  });

  it('refuses, in the table itself, a stored row without its checked type and size, and an unknown type', async () => {
    await inContext(async (objects) => {
      await expect(objects.add(pending({ status: 'stored' }))).rejects.toThrow(/stored_is_checked/);
      await expect(objects.add({ ...pending(), contentType: 'image/svg+xml' as never })).rejects.toThrow(/content_type_check/);
      await expect(objects.add(pending({ uploadId: 'dup' })).then(() => objects.add(pending({ uploadId: 'dup' })))).rejects.toThrow(/upload_id_unique/);
    });
  });
});
