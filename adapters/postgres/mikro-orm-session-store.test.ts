/**
 * MikroOrmSessionStore.findByToken against the database (PostgreSQL, or PGlite in
 * `npm run test:embedded`): look-ups made at the same moment share one statement, and each caller
 * gets its own session's account, or none.
 */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { MikroOrmSessionStore } from './mikro-orm-session-store.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const NOW = new Date('2026-11-22T08:00:00Z');
const LATER = new Date('2026-11-29T08:00:00Z');
const EARLIER = new Date('2026-11-21T08:00:00Z');
const ALINE = '00000000-0000-4000-8000-000000000001';
const JEAN = '00000000-0000-4000-8000-000000000002';

async function sql(text: string, params: unknown[] = []): Promise<void> {
  await db.orm.em.fork().execute(text, params);
}

describe('MikroOrmSessionStore.findByToken', () => {
  it('answers each of many look-ups at once with its own account: none for a revoked, expired or unknown session', async () => {
    for (const [id, email, first] of [[ALINE, 'aline@example.rw', 'Aline'], [JEAN, 'jean@example.rw', 'Jean']]) {
      await sql(`insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, ?, ?, 'Uwase', now(), now())`, [id, email, first]);
    }
    const session = (n: number, userId: string, hash: string, expiresAt: Date, revokedAt: Date | null = null) =>
      sql(`insert into sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at, revoked_at) values (?, ?, ?, ?, ?, ?, ?)`, [
        `00000000-0000-4000-9000-00000000000${n}`,
        userId,
        hash,
        EARLIER,
        EARLIER,
        expiresAt,
        revokedAt,
      ]);
    await session(1, ALINE, 'aline-active', LATER);
    await session(2, JEAN, 'jean-active', LATER);
    await session(3, JEAN, 'jean-revoked', LATER, EARLIER);
    await session(4, ALINE, 'aline-expired', NOW);

    const store = new MikroOrmSessionStore(db.orm.em);
    const statements = vi.spyOn(store as unknown as { findActiveRows: (asked: unknown[]) => Promise<unknown[]> }, 'findActiveRows');
    const asked = ['jean-active', 'aline-expired', 'unknown', 'aline-active', 'jean-revoked', 'jean-active'];
    const answers = await Promise.all(
      asked.map((hash) => RequestContext.create(db.orm.em.fork(), async () => (await store.findByToken(hash, NOW))?.user.firstName ?? null)),
    );
    expect(answers).toEqual(['Jean', null, null, 'Aline', null, 'Jean']);
    expect(statements.mock.calls.map(([batch]) => batch.length)).toEqual([asked.length]);
  });
});
