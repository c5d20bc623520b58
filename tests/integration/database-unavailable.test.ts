/**
 * The database going away under a running app (README "A primary that fails over", the app's
 * side): every request that needs it answers 503 `database_unavailable` with Retry-After, never a
 * 500, and nothing half-written stays; once PostgreSQL is back the same app serves again without
 * a restart (the pool drops its dead connections and opens new ones).
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../adapters/postgres/database-unavailable.ts';
import { migrate, openOrm } from '../../adapters/postgres/orm.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startStreamingPair, type StreamingPair } from '../support/streaming-replica.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

const group = { name: 'Abadahigwa', description: 'Weekly savings', contributionAmount: 5000, frequency: 'weekly', maxMembers: 5 };

describe.runIf(Boolean(process.env.DATABASE_URL))('when PostgreSQL goes away and comes back', () => {
  let pair: StreamingPair;
  let orm: MikroORM;
  let t: TestApp;
  let token: string;
  const countGroups = async () => {
    const client = new pg.Client({ connectionString: pair.primaryUrl('ikimina') });
    await client.connect();
    try {
      return Number((await client.query('select count(*) from tontines')).rows[0].count);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    pair = await startStreamingPair({ standby: false });
    const admin = new pg.Client({ connectionString: pair.primaryUrl('postgres') });
    await admin.connect();
    await admin.query('create database ikimina');
    await admin.end();
    orm = await openOrm({ url: pair.primaryUrl('ikimina'), poolMax: 4 });
    await migrate(orm);
    t = createTestApp({ url: pair.primaryUrl('ikimina'), kind: 'server', orm } as TestDatabase);
    const registered = await request(t.handler).post('/api/auth/register').send({ email: 'gone@example.rw', password: 'correct horse', firstName: 'Aline', lastName: 'U' });
    expect(registered.status).toBe(201);
    token = registered.body.token as string;
  }, 120_000);

  afterAll(async () => {
    await orm?.close();
    await pair?.stop();
  });

  it('stopped: reads and writes answer 503 database_unavailable with Retry-After, /readyz 503, /healthz still 200', async () => {
    await pair.stopPrimary();
    const calls = {
      'GET /api/tontines': request(t.handler).get('/api/tontines'),
      'GET /api/tontines/user': request(t.handler).get('/api/tontines/user').set('Authorization', `Bearer ${token}`),
      'POST /api/tontines': request(t.handler).post('/api/tontines').set('Authorization', `Bearer ${token}`).send(group),
      'POST /api/auth/login': request(t.handler).post('/api/auth/login').send({ email: 'gone@example.rw', password: 'correct horse' }),
    };
    for (const [call, sent] of Object.entries(calls)) {
      const res = await sent;
      expect(res.status, `${call}: ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.body.code).toBe('database_unavailable');
      expect(res.headers['retry-after']).toBe('5');
    }
    expect((await request(t.handler).get('/readyz')).status).toBe(503);
    expect((await request(t.handler).get('/healthz')).status).toBe(200);
  });

  it('back: the same app serves again, and the refused write left nothing behind', async () => {
    await pair.startPrimary();
    const mine = await until(() => request(t.handler).get('/api/tontines/user').set('Authorization', `Bearer ${token}`), (res) => res.status === 200);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([]);
    expect(await countGroups()).toBe(0);
    expect((await request(t.handler).post('/api/tontines').set('Authorization', `Bearer ${token}`).send(group)).status).toBe(201);
  });

  it('tells a lost database from other failures', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('x', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
