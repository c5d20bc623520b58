import type { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm } from '../../adapters/postgres/orm.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { TOKENS } from '../../apps/tokens.ts';

// Two replicas: each its own container and its own connection pool, one database.
let db: TestDatabase;
let secondOrm: MikroORM;
let first: TestApp;
let second: TestApp;
// One trusted proxy: it appends the address it saw to X-Forwarded-For, the last entry.
const env = { RATE_LIMIT_PER_ADDRESS: '3', RATE_LIMIT_PER_IP: '5', RATE_LIMIT_WINDOW_SECONDS: '900', TRUST_PROXY_HOPS: '1' };

beforeAll(async () => {
  db = await createTestDatabase();
  secondOrm = await openOrm({ url: db.url, poolMax: 4, embedded: db.kind === 'embedded' });
  first = createTestApp(db, { env });
  second = createTestApp({ ...db, orm: secondOrm }, { env });
});
afterAll(async () => {
  await secondOrm?.close();
  await db?.drop();
});

// Password guesses are slowed by the sign-in throttle instead (tests/integration/sessions-api.test.ts).
const askReset = (app: TestApp, email: string, ip: string) => request(app.handler).post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email });

describe('attempt limits shared through PostgreSQL', () => {
  it('refuses the 4th password-reset request for one address within the window, across replicas and IPs, with Retry-After', async () => {
    const email = 'target@example.rw';
    expect((await askReset(first, email, '10.0.0.1')).status).toBe(202);
    expect((await askReset(second, email, '10.0.0.2')).status).toBe(202);
    expect((await askReset(first, email, '10.0.0.3')).status).toBe(202);
    const refused = await askReset(second, email, '10.0.0.4');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another address from a fresh IP is not affected.
    expect((await askReset(first, 'someone.else@example.rw', '10.0.0.5')).status).toBe(202);
  });

  it('refuses the 6th attempt from one IP whatever the addresses, across replicas', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < 5; i++) expect((await askReset(i % 2 ? first : second, `spray${i}@example.rw`, ip)).status).toBe(202);
    expect((await askReset(first, 'spray5@example.rw', ip)).status).toBe(429);
  });

  it('counts the address the trusted proxy added, so rotating the leftmost X-Forwarded-For entry does not bypass the limit', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // What the client wrote comes first; the proxy appended the address it saw.
      statuses.push((await askReset(first, `rotate${i}@example.rw`, `10.9.${i}.${i + 1}, ${ip}`)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('takes a forwarded entry that is no IP address (a client past the proxy) for nothing: the socket address counts', async () => {
    const res = await request(first.handler).post('/api/auth/login').set('X-Forwarded-For', 'x'.repeat(400)).send({ email: 'past-proxy@example.rw', password: 'wrong password' });
    expect(res.status).toBe(401);
  });

  it('keeps TRUST_PROXY=true working as one trusted hop (deprecated alias)', async () => {
    const alias = createTestApp(db, { env: { ...env, TRUST_PROXY_HOPS: '', TRUST_PROXY: 'true' } });
    expect(alias.config.trustProxyHops).toBe(1);
    expect(alias.app.proxy).toBe(true);
    expect(alias.app.maxIpsCount).toBe(1);
    expect(createTestApp(db, { env: { ...env, TRUST_PROXY_HOPS: '' } }).app.proxy).toBe(false);
  });

  it('limits registrations and sign-in link requests too', async () => {
    const ip = '198.51.100.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(first.handler).post('/api/auth/magic-link').set('X-Forwarded-For', ip).send({ email: `link${i}@example.rw` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const body = { email: 'newbie@example.rw', password: 'long enough', firstName: 'New', lastName: 'Bie' };
    const reg: number[] = [];
    for (let i = 0; i < 4; i++) reg.push((await request(second.handler).post('/api/auth/register').set('X-Forwarded-For', `203.0.113.${i}`).send(body)).status);
    expect(reg).toEqual([201, 409, 409, 429]);
  });

  it('counts concurrent attempts exactly (atomic upsert)', async () => {
    const limiter = first.container.get(TOKENS.RateLimiter);
    const now = new Date();
    const hits = await Promise.all(Array.from({ length: 40 }, () => db.orm.em.fork().transactional(() => limiter.hit('concurrency', 60, now))));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
