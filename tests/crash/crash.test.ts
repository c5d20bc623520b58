/**
 * The crash suite (`npm run test:crash`, part of `npm test`): two app replicas as separate
 * processes (the server bundle, as `npm start` runs it) behind a round-robin balancer, one
 * PostgreSQL they share, and the fake MTN MoMo as the provider, outside them all. For a minute,
 * customers pay a merchant on the pay page and new members register on USSD, while one replica
 * after the other is killed with `kill -9` and started again (20 kills) and PostgreSQL is stopped
 * at once (`-m immediate`) and restarted 3 times. Clients do what real ones do: a payment is sent
 * again with its Idempotency-Key until it is accepted, a USSD session that broke is dialled anew.
 *
 * Then, once the replicas' own jobs (payment polling) have finished what the crashes left open:
 * - 0 unbalanced entries: every journal entry's postings sum to zero;
 * - 0 lost confirmations: every collection the provider completed is a completed payment;
 * - 0 duplicates: one payment per idempotency key, one journal entry per payment, one account
 *   per registered phone;
 * - every job once: no period of a job claimed twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openOrm } from '../../adapters/postgres/orm.ts';
import { bundleServer, type ServerBundle } from '../e2e/support/server-bundle.ts';
import { fakeMtnMomoEnv, startFakeMtnMomo, type FakeMtnMomo } from '../fakes/mtn-momo-server.ts';
import { startStreamingPair, type StreamingPair } from '../support/streaming-replica.ts';
import { until } from '../support/until.ts';
import { freePort } from '../support/free-port.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOAD_MS = 60_000;
const REPLICA_KILLS = 20;
const DATABASE_RESTARTS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


interface Replica {
  port: number;
  child?: ChildProcess;
}

describe.runIf(Boolean(process.env.DATABASE_URL))('crashes under load: replicas killed, PostgreSQL restarted', () => {
  let database: StreamingPair;
  let mtn: FakeMtnMomo;
  let bundle: ServerBundle;
  let balancer: Server;
  let balancerUrl: string;
  let orm: MikroORM;
  const replicas: Replica[] = [];
  let env: NodeJS.ProcessEnv;
  const ussdSecret = randomBytes(32).toString('hex');

  /** Like a process supervisor (systemd, Kubernetes): a replica that exits, killed or failing to start while PostgreSQL is down, is started again. */
  let supervising = true;
  function startReplica(replica: Replica): void {
    const child = spawn(process.execPath, ['--enable-source-maps', '--experimental-strip-types', bundle.server], {
      cwd: PROJECT_ROOT,
      env: { ...env, PORT: String(replica.port) },
      detached: true,
      stdio: 'ignore',
    });
    replica.child = child;
    child.once('exit', () => {
      if (supervising && replica.child === child) setTimeout(() => startReplica(replica), 300);
    });
  }
  function killReplica(replica: Replica): void {
    try {
      if (replica.child?.pid) process.kill(-replica.child.pid, 'SIGKILL');
    } catch {
      // Exited already (the supervisor starts it again).
    }
  }
  const alive = (replica: Replica) => replica.child !== undefined && replica.child.exitCode === null && replica.child.signalCode === null;
  async function ready(replica: Replica): Promise<boolean> {
    return (await fetch(`http://127.0.0.1:${replica.port}/readyz`).catch(() => undefined))?.status === 200;
  }
  async function admin(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--enable-source-maps', '--experimental-strip-types', bundle.admin, ...args], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`admin ${args.join(' ')} exited ${code}: ${out}`))));
    });
  }
  /** One call through the balancer; undefined when no replica answered. */
  async function call(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string } | undefined> {
    try {
      const res = await fetch(`${balancerUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body }), signal: AbortSignal.timeout(10_000) });
      return { status: res.status, text: await res.text() };
    } catch {
      return undefined;
    }
  }

  beforeAll(async () => {
    database = await startStreamingPair({ standby: false });
    const client = new pg.Client({ connectionString: database.primaryUrl('postgres') });
    await client.connect();
    await client.query('create database ikimina');
    await client.end();
    orm = await openOrm({ url: database.primaryUrl('ikimina'), poolMax: 2 });
    await migrate(orm);
    mtn = await startFakeMtnMomo({ currency: 'RWF', settleMs: 200 });
    bundle = await bundleServer();

    // The load balancer: each request to the next replica that is up, as a balancer's health check would.
    replicas.push({ port: await freePort() }, { port: await freePort() });
    let next = 0;
    balancer = createHttpServer((req, res) => {
      const up = replicas.filter(alive);
      const target = up[next++ % Math.max(up.length, 1)];
      if (!target) {
        res.writeHead(502).end();
        return;
      }
      const forward = httpRequest({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    balancerUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;

    env = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: balancerUrl,
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL: database.primaryUrl('ikimina'),
      DATABASE_POOL_MAX: '4',
      SEED_DEMO_WORLD: 'false',
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      AFRICASTALKING_USERNAME: '',
      AFRICASTALKING_API_KEY: '',
      AFRICASTALKING_CALLBACK_SECRET: ussdSecret,
      ...fakeMtnMomoEnv(mtn),
      MOBILE_MONEY_CALLBACK_SECRET: randomBytes(32).toString('hex'),
      SCHEDULER_ENABLED: 'true',
      PAYMENT_POLL_AFTER_SECONDS: '2',
      PAYMENT_POLL_EVERY_SECONDS: '2',
      RATE_LIMIT_PER_ADDRESS: '100000',
      RATE_LIMIT_PER_IP: '100000',
      PAY_REQUESTS_PER_NUMBER: '100000',
      PAY_REQUESTS_PER_CLIENT: '100000',
    };
    for (const replica of replicas) startReplica(replica);
    for (const replica of replicas) expect(await until(() => ready(replica), (ok) => ok, 120_000, 200)).toBe(true);

    // A verified merchant: its owner registers on the web, the admin verifies it.
    const owner = await call('POST', '/api/auth/register', JSON.stringify({ email: 'owner@example.rw', password: 'correct horse', firstName: 'Owner', lastName: 'Shop', phone: '+250788770001' }));
    expect(owner?.status).toBe(201);
    const token = JSON.parse(owner!.text).token as string;
    const shop = await call(
      'POST',
      '/api/merchants/register',
      JSON.stringify({ merchantCode: 'CRASH-1', businessName: 'Crash Shop', merchantCategory: 'retail', businessAddress: 'KN 1 Rd', district: 'Gasabo', phoneNumber: '+250788770002', email: 'shop@example.rw' }),
      { authorization: `Bearer ${token}` },
    );
    expect(shop?.status, shop?.text).toBe(201);
    await admin('merchants', 'verify', JSON.parse(shop!.text).id as string);
  }, 240_000);

  afterAll(async () => {
    supervising = false;
    for (const replica of replicas) killReplica(replica);
    balancer?.closeAllConnections();
    await new Promise((resolve) => balancer?.close(resolve));
    await orm?.close();
    await mtn?.stop();
    await bundle?.remove();
    await database?.stop();
  });

  it('a minute of payments and USSD registrations through 20 replica kills and 3 PostgreSQL restarts: balanced, nothing lost, nothing twice, every job once', { timeout: 300_000 }, async () => {
    const end = Date.now() + LOAD_MS;
    const accepted = new Map<string, string>();
    const registered: string[] = [];
    let payments = 0;

    /** A customer: pays, sending the same request with the same key until one replica accepts it. */
    async function customer(): Promise<void> {
      while (Date.now() < end) {
        const key = randomUUID();
        const n = payments++;
        // The same request every time it is sent again: the same key with other details is refused (idempotency_key_reused).
        const body = JSON.stringify({ amount: 500 + (n % 50) * 10, phoneNumber: `+2507887${String(10000 + n).padStart(5, '0')}` });
        for (;;) {
          const res = await call('POST', '/api/pay/CRASH-1', body, { 'idempotency-key': key });
          if (res && (res.status === 202 || res.status === 200)) {
            accepted.set(key, JSON.parse(res.text).id as string);
            break;
          }
          if (res && ![502, 503].includes(res.status)) throw new Error(`pay answered ${res.status}: ${res.text}`);
          await sleep(200);
        }
      }
    }
    /** A new member registering on USSD; a broken session is dialled again from the start. */
    async function ussdMember(n: number): Promise<void> {
      while (Date.now() < end) {
        const phone = `+2507889${String(n).padStart(2, '0')}${String(registered.length % 1000).padStart(3, '0')}`;
        const sessionId = `ATUid_crash_${randomUUID()}`;
        const inputs: string[] = [];
        let done = false;
        for (const step of [undefined, '1', 'Amina', 'Uwase', '40819', '40819']) {
          if (step !== undefined) inputs.push(step);
          const res = await call('POST', `/ussd/africastalking/${ussdSecret}`, new URLSearchParams({ sessionId, phoneNumber: phone, text: inputs.join('*'), serviceCode: '*384*123#', networkCode: '63510' }).toString(), {
            'content-type': 'application/x-www-form-urlencoded',
          });
          if (!res || res.status !== 200) break;
          if (res.text.startsWith('END')) {
            done = true;
            break;
          }
        }
        if (done) registered.push(phone);
        await sleep(100);
      }
    }
    /** 20 × kill -9 of one replica (the supervisor starts it again). */
    async function killer(): Promise<void> {
      for (let kill = 0; kill < REPLICA_KILLS; kill++) {
        await sleep(LOAD_MS / (REPLICA_KILLS + 1));
        killReplica(replicas[kill % replicas.length]!);
      }
    }
    /** 3 × PostgreSQL stopped at once and started again. */
    async function databaseCrashes(): Promise<void> {
      for (let crash = 0; crash < DATABASE_RESTARTS; crash++) {
        await sleep(LOAD_MS / (DATABASE_RESTARTS + 1));
        await database.stopPrimary();
        await sleep(1_000);
        await database.startPrimary();
      }
    }

    await Promise.all([customer(), customer(), customer(), ussdMember(1), ussdMember(2), killer(), databaseCrashes()]);
    expect(accepted.size, 'payments accepted during the minute').toBeGreaterThan(20);

    // Both replicas up again; their polling job finishes what the crashes left pending.
    for (const replica of replicas) expect(await until(() => ready(replica), (ok) => ok, 120_000, 200)).toBe(true);
    const sql = <Row>(text: string) => orm.em.fork().execute<Row[]>(text);
    const pending = await until(async () => Number((await sql<{ n: string }>(`select count(*)::text as n from merchant_transactions where status = 'pending'`))[0]!.n), (n) => n === 0, 90_000, 1_000);
    expect(pending, 'payments still pending after the polling').toBe(0);

    expect(await sql(`select entry_id from ledger_postings group by entry_id having sum(amount_centimes) <> 0`), 'unbalanced entries').toEqual([]);
    const completed = await sql<{ reference: string; entries: string }>(
      `select t.transaction_reference as reference, (select count(*) from journal_entries e where e.key = t.transaction_reference)::text as entries from merchant_transactions t where t.status = 'completed'`,
    );
    const providerCompleted = mtn.payments.filter((p) => p.product === 'collection' && p.resource.status === 'SUCCESSFUL').map((p) => p.resource.externalId);
    expect(new Set(completed.map((r) => r.reference)), 'completed payments = collections the provider completed').toEqual(new Set(providerCompleted));
    expect(completed.filter((r) => r.entries !== '1'), 'payments posted other than once').toEqual([]);
    for (const id of accepted.values()) expect(completed.length > 0 && id.length > 0).toBe(true);
    expect(await sql(`select idempotency_key from merchant_transactions where idempotency_key is not null group by idempotency_key having count(*) > 1`), 'two payments for one key').toEqual([]);
    expect(new Set(accepted.values()).size, 'one payment per key').toBe(accepted.size);
    expect(await sql(`select phone_number from users where phone_number is not null group by phone_number having count(*) > 1`), 'two accounts for one phone').toEqual([]);
    expect(await sql(`select job, period from job_periods group by job, period having count(*) > 1`), 'a job period run twice').toEqual([]);
    console.info(`crash suite: ${accepted.size} payments, ${registered.length} USSD registrations, ${REPLICA_KILLS} replica kills, ${DATABASE_RESTARTS} PostgreSQL restarts`);
  });
});
