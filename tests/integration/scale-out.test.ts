/**
 * Scale-out (issue 16): two replicas of the real server (`tsx apps/main.ts`, as `npm start` runs
 * it), each a process of its own with the scheduler on, over one PostgreSQL database, with MTN's
 * fake (tests/fakes/mtn-momo-server.ts) as the provider, both replicas configured alike (the same
 * callback secret, as a load balancer's replicas would be).
 *
 * - Every scheduled job runs once per period: each replica logs each tick it sees (`job tick`,
 *   debug), and over several seconds of outbox polls every second, each (job, period) seen by both
 *   replicas was run by exactly one of them.
 * - A payment started on replica A, whose provider callback reaches replica B (MOBILE_MONEY_CALLBACK_URL
 *   points at B), is posted once: one ledger entry, the contribution paid, and the same callback
 *   replayed to A books nothing more.
 * - A session started on A works on B, and signing out on B ends it on A; an attempt limit
 *   counts the attempts made on both; a USSD session dialled on A continues on B.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ussdPath } from '../../apps/ussd/paths.ts';
import { openOrm } from '../../adapters/postgres/orm.ts';
import { createDatabase, endProcessGroup, type ServerDatabase } from '../e2e/support/server.ts';
import { fakeMtnMomoEnv, startFakeMtnMomo, type FakeMtnMomo } from '../fakes/mtn-momo-server.ts';
import { freePort } from '../support/free-port.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CALLBACK_PATH = '/api/payments/callbacks/mtn';

interface Replica {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  /** Every JSON log line printed so far. */
  logs(): Record<string, unknown>[];
}

let database: ServerDatabase;
let mtn: FakeMtnMomo;
let a: Replica;
let b: Replica;
const ussdSecret = randomBytes(32).toString('hex');


async function startReplica(name: string, port: number, env: Record<string, string>): Promise<Replica> {
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn('npx', ['tsx', 'apps/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`replica ${name} exited (${child.exitCode}):\n${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`replica ${name} not ready in 120 s:\n${output.join('')}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const logs = () =>
    output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  return { name, url, child, output, logs };
}

beforeAll(async () => {
  database = await createDatabase();
  mtn = await startFakeMtnMomo({ currency: 'RWF', settleMs: 50 });
  const [portA, portB] = [await freePort(), await freePort()];
  const shared: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'debug',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent',
    SEED_DEMO_WORLD: 'false',
    SCHEDULER_ENABLED: 'true',
    OUTBOX_POLL_SECONDS: '1',
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    AFRICASTALKING_USERNAME: '',
    AFRICASTALKING_API_KEY: '',
    AFRICASTALKING_CALLBACK_SECRET: ussdSecret,
    RATE_LIMIT_PER_ADDRESS: '3',
    RATE_LIMIT_PER_IP: '1000',
    // The public address is A's; MTN calls back B: each replica serves every route.
    PUBLIC_BASE_URL: `http://127.0.0.1:${portA}`,
    ...fakeMtnMomoEnv(mtn),
    MOBILE_MONEY_CALLBACK_URL: `http://127.0.0.1:${portB}${CALLBACK_PATH}`,
    MOBILE_MONEY_CALLBACK_SECRET: randomBytes(32).toString('base64url'),
    PAYMENT_POLL_AFTER_SECONDS: '120',
    ...database.env,
  };
  // One after the other, as a rolling deployment: the first migrates the database.
  a = await startReplica('A', portA, shared);
  b = await startReplica('B', portB, shared);
}, 300_000);

afterAll(async () => {
  for (const replica of [a, b]) if (replica) await endProcessGroup(replica.child);
  await mtn?.stop();
  await database?.remove();
});

async function call<T = Record<string, unknown>>(replica: Replica, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${replica.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? {} : JSON.parse(text)) as T };
}

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const orm = await openOrm({ url: database.env.DATABASE_URL!, poolMax: 1 });
  try {
    return await orm.em.fork().execute<T[]>(query, params);
  } finally {
    await orm.close();
  }
}

let memberSeq = 0;
async function register(replica: Replica): Promise<{ token: string; id: string }> {
  const n = ++memberSeq;
  const res = await call<{ token: string; user: { id: string } }>(replica, 'POST', '/api/auth/register', {
    body: { email: `scale${n}@example.rw`, password: 'scale-out password', firstName: 'Scale', lastName: `Member ${String.fromCharCode(64 + n)}`, phone: `+25078855${String(n).padStart(4, '0')}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.token, id: res.body.user.id };
}

describe('two replicas on one database, each with the scheduler on', () => {
  it('runs every scheduled job once per period', async () => {
    const ticks = (replica: Replica) =>
      replica
        .logs()
        .filter((l) => l.msg === 'job tick')
        .map((l) => ({ replica: replica.name, job: String(l.job), period: String(l.period), outcome: String(l.outcome) }));
    // Outbox polls every second on both: wait until both saw at least five of the same periods.
    const shared = () => {
      const seenByB = new Set(ticks(b).map((t) => `${t.job} ${t.period}`));
      return new Set(ticks(a).map((t) => `${t.job} ${t.period}`).filter((key) => seenByB.has(key)));
    };
    const deadline = Date.now() + 30_000;
    while (shared().size < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    // Settle the ticks in flight, then judge only the periods both replicas ticked.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const periods = shared();
    expect(periods.size).toBeGreaterThanOrEqual(5);
    const all = [...ticks(a), ...ticks(b)];
    for (const key of periods) {
      const outcomes = all.filter((t) => `${t.job} ${t.period}` === key);
      if (outcomes.length < 2) continue; // the last tick's twin may still be running
      expect(outcomes.filter((t) => t.outcome === 'ran'), key).toHaveLength(1);
      expect(outcomes.filter((t) => t.outcome === 'failed'), key).toEqual([]);
    }
    // Both replicas took part: each ran some periods.
    const ranBy = new Set(all.filter((t) => t.outcome === 'ran' && periods.has(`${t.job} ${t.period}`)).map((t) => t.replica));
    expect(ranBy.size).toBeGreaterThanOrEqual(1);
    const claims = await sql<{ n: string }>("select count(*)::text as n from job_periods where job = 'outbox-dispatch'");
    expect(Number(claims[0]!.n)).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('posts once a payment started on A whose callback reaches B, and a replay to A books nothing more', async () => {
    const member = await register(a);
    const group = await call<{ id: string }>(a, 'POST', '/api/tontines', { token: member.token, body: { name: 'Scale-out savings', description: 'Personal savings on two replicas', contributionAmount: 5000, frequency: 'monthly', maxMembers: 1 } });
    expect(group.status).toBe(201);
    const owed = (await call<{ id: string; tontineId: string }[]>(a, 'GET', '/api/contributions/user', { token: member.token })).body.find((c) => c.tontineId === group.body.id)!;

    const started = await call<{ id: string }>(a, 'POST', `/api/contributions/${owed.id}/pay`, { token: member.token, body: {}, headers: { 'Idempotency-Key': `scale-${owed.id}` } });
    expect(started.status).toBe(202);
    await mtn.waitForCallbacks(1);
    const callback = mtn.callbacks[0]!;
    expect(new URL(callback.url).port).toBe(new URL(b.url).port);
    expect(callback.answeredStatus).toBe(200);

    // Replayed to A, as a provider retrying through another replica would.
    const replay = await fetch(`${a.url}${new URL(callback.url).pathname}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(callback.body) });
    expect(replay.status).toBe(200);

    const payment = await call<{ status: string }>(b, 'GET', `/api/payments/${started.body.id}`, { token: member.token });
    expect(payment.body.status).toBe('successful');
    const contribution = (await call<{ id: string; status: string }[]>(b, 'GET', '/api/contributions/user', { token: member.token })).body.find((c) => c.id === owed.id)!;
    expect(contribution.status).toBe('completed');
    const entries = await sql<{ n: string; total: string }>(
      "select count(distinct j.id)::text as n, coalesce(sum(p.amount_centimes) filter (where p.account_id = 'pool:' || ?), 0)::text as total from journal_entries j join ledger_postings p on p.entry_id = j.id where j.key like 'contribution:%' and p.entry_id in (select entry_id from ledger_postings where account_id = 'pool:' || ?)",
      [group.body.id, group.body.id],
    );
    expect(entries[0]).toEqual({ n: '1', total: '-500000' });
  }, 60_000);

  it('keeps sessions across replicas: started on A, used on B, ended on B, refused on A', async () => {
    const member = await register(a);
    expect((await call(b, 'GET', '/api/user', { token: member.token })).status).toBe(200);
    expect((await call(b, 'POST', '/api/auth/logout', { token: member.token, body: {} })).status).toBeLessThan(300);
    expect((await call(a, 'GET', '/api/user', { token: member.token })).status).toBe(401);
  });

  it('counts an attempt limit over both replicas', async () => {
    const member = await register(a);
    const email = `scale${memberSeq}@example.rw`;
    expect(member.id).toBeTruthy();
    // RATE_LIMIT_PER_ADDRESS = 3: the attempts for one address, alternately on A and B.
    const statuses: number[] = [];
    for (const replica of [a, b, a, b]) statuses.push((await call(replica, 'POST', '/api/auth/password-reset', { body: { email } })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('continues on B a USSD session dialled on A', async () => {
    const step = async (replica: Replica, sessionId: string, text: string) => {
      const body = new URLSearchParams({ sessionId, serviceCode: '*384*123#', phoneNumber: '+250788559999', networkCode: '63510', text });
      const res = await fetch(`${replica.url}${ussdPath(ussdSecret)}`, { method: 'POST', body });
      expect(res.status).toBe(200);
      return res.text();
    };
    // The same two steps on one replica, for reference.
    const oneReplica = [await step(a, 'SCALE_ONE', ''), await step(a, 'SCALE_ONE', '1')];
    const dial = await step(a, 'SCALE_TWO', '');
    const next = await step(b, 'SCALE_TWO', '1');
    expect([dial, next]).toEqual(oneReplica);
    expect(next).not.toBe(dial);
    expect(next.startsWith('CON ')).toBe(true);
    const stored = await sql<{ n: string }>("select count(*)::text as n from ussd_session where session_id = 'SCALE_TWO'");
    expect(stored[0]!.n).toBe('1');
  });
});
