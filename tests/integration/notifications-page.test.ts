/**
 * The /notifications page's API against PostgreSQL: a member's notifications whole, a page at a
 * time (a cursor, newest first, each once, rows written with microseconds included), the count of
 * all unread, mark-all-read of their own only; another member's never shown or changed; a cursor
 * the server did not give, or a limit out of range, a clear 400 that changes nothing.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
});
afterAll(async () => {
  await db?.drop();
});

let seq = 0;
async function member() {
  seq += 1;
  const res = await request(t.handler).post('/api/auth/register').send({ email: `reader${seq}@example.rw`, password: 'correct horse', firstName: 'Reader', lastName: ['Uwase', 'Habimana', 'Mugisha', 'Keza', 'Ineza', 'Mutoni'][seq % 6] });
  expect(res.status).toBe(201);
  const token = res.body.token as string;
  const as = (method: 'get' | 'post' | 'patch', path: string) => request(t.handler)[method](path).set('Authorization', `Bearer ${token}`);
  return { id: res.body.user.id as string, as };
}

/**
 * `count` notifications of the member, one a second from 09:00 (the last ones unread), at
 * microsecond precision like any stored time; notices 5 and 6 fall in the same millisecond.
 */
async function notify(userId: string, count: number, unread: number) {
  for (let i = 0; i < count; i++) {
    const at = `2026-11-20 09:00:${String(i === 6 ? 5 : i).padStart(2, '0')}.${String(123456 + i)}+00`;
    await db.orm.em.fork().execute(`insert into notifications (id, user_id, type, title, message, is_read, created_at) values (?, ?, 'other', ?, ?, ?, ?)`, [
      randomUUID(),
      userId,
      `Notice ${i}`,
      `A whole message number ${i}, longer than two lines in the bell: ${'so that nothing is cut here. '.repeat(6)}`,
      i < count - unread,
      at,
    ]);
  }
}

type Page = { notifications: { title: string; message: string; isRead: boolean }[]; nextCursor: string | null; unreadCount: number };

describe('the notifications page API', () => {
  it('pages through the member’s own notifications, newest first, each once and whole, with the count of all unread', async () => {
    const reader = await member();
    const stranger = await member();
    await notify(reader.id, 23, 4);
    await notify(stranger.id, 3, 3);
    const titles: string[] = [];
    let cursor: string | null = null;
    const pages: Page[] = [];
    do {
      // 17 a page: the first page ends between notices 6 and 5, in one millisecond.
      const res = await reader.as('get', `/api/notifications/page?limit=17${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body as Page;
      pages.push(page);
      titles.push(...page.notifications.map((n) => n.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.notifications.length)).toEqual([17, 6]);
    // Newest first; the two of one millisecond in either order (by id), each shown once.
    const tied = ['Notice 6', 'Notice 5'];
    expect(titles.map((title) => (tied.includes(title) ? 'Notice 5|6' : title))).toEqual(Array.from({ length: 23 }, (_, i) => (tied.includes(`Notice ${22 - i}`) ? 'Notice 5|6' : `Notice ${22 - i}`)));
    expect(new Set(titles).size).toBe(23);
    expect(pages.every((p) => p.unreadCount === 4)).toBe(true);
    expect(pages[0]!.notifications[0]!.message).toMatch(/nothing is cut here\. $/);
    expect((await reader.as('get', '/api/notifications/page')).body.notifications).toHaveLength(20);
  });

  it('marks all of the member’s own notifications read, and nobody else’s; again, none', async () => {
    const reader = await member();
    const stranger = await member();
    await notify(reader.id, 5, 3);
    await notify(stranger.id, 2, 2);
    expect((await reader.as('post', '/api/notifications/read-all')).body).toEqual({ marked: 3 });
    expect((await reader.as('get', '/api/notifications/page')).body.unreadCount).toBe(0);
    expect((await stranger.as('get', '/api/notifications/page')).body.unreadCount).toBe(2);
    expect((await reader.as('post', '/api/notifications/read-all')).body).toEqual({ marked: 0 });
    expect((await request(t.handler).post('/api/notifications/read-all')).status).toBe(401);
    expect((await request(t.handler).get('/api/notifications/page')).status).toBe(401);
  });

  it('answers a cursor it did not give, or a limit out of range, with a clear 400', async () => {
    const reader = await member();
    for (const query of ['cursor=abc', "cursor=1_x'%3B--", 'cursor=99999999999999999999_00000000-0000-0000-0000-000000000000', 'limit=0', 'limit=51', 'limit=ten']) {
      const res = await reader.as('get', `/api/notifications/page?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toMatch(/^The (cursor is not one this server gave|limit must be a whole number from 1 to 50)$/);
    }
    // A cursor of the right shape whose time no database holds (the year 33658): a 400, never a 500.
    const farFuture = await reader.as('get', `/api/notifications/page?cursor=999999999999999_${randomUUID()}`);
    expect(farFuture.status).toBe(400);
    expect(farFuture.body.code).toBe('validation_failed');
    // A well-formed cursor of someone else's notification shows only the reader's own, older ones.
    expect((await reader.as('get', `/api/notifications/page?cursor=${Date.now()}_${randomUUID()}`)).body).toEqual({ notifications: [], nextCursor: null, unreadCount: 0 });
  });
});
