/**
 * `npm run bench:payments`: payment throughput of the app against this machine's PostgreSQL,
 * each figure beside pgbench's tpcb-like TPS at the same client count, measured in the same run.
 *
 * A fresh database for the app and another for pgbench are created on DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. The app listens on
 * 127.0.0.1 with a pool of C connections (pgbench opens C too); C clients in a worker thread
 * (bench/http-load.ts) drive it over HTTP, as the provider and the members' phones would, so the
 * app's event loop does the app's work only. The provider's side runs there too: the app's bench
 * provider accepts a payment at once and hands its MTN callback to the worker, which sends it to
 * the app, as MTN's servers would. Setting up (members, groups, the payments to confirm) goes
 * through the same API but is not measured; the tables are then analysed, as autovacuum keeps a
 * database in use analysed.
 *
 * Workloads (every group keeps one member who pays nothing, so no cycle completes and no payout
 * debits a pool: a contribution is a credit to its pool, which takes no lock):
 *   confirmations     MTN callbacks (PUT /api/payments/callbacks/mtn/<token>) for payments
 *                     created beforehand across many groups: callback → token checked → the
 *                     provider's status asked (in process, answered at once) → contribution paid,
 *                     ledger entry, notice in the outbox.
 *   whole payments    POST /api/contributions/:id/pay (member's session, Idempotency-Key), the
 *                     provider accepting and calling back at once; counted when every payment is
 *                     final.
 *   card confirmations  Flutterwave webhooks (POST /api/payments/callbacks/flutterwave, signed)
 *                     for card payments made beforehand on the embedded sandbox checkout: webhook
 *                     → the processor's verify call (in process) → contribution paid, ledger entry
 *                     from card clearing, the processor's fee, notice.
 *   whole card payments  POST /api/payments/card (member's session, Idempotency-Key), the payer
 *                     through the sandbox's hosted checkout (3-D Secure test card), the sandbox's
 *                     webhook, verified and credited; counted when every payment is final. Both
 *                     card lines are beside the many-pools figures, against the same pgbench.
 *   hot pool, ...     the same two, every payment into one 30-member group's pool.
 * pgbench: `pgbench -i -s 10` then `-c C -j 2 -T <s> -b tpcb-like` for the many-pool figures;
 * `-i -s 1` (one branch row, every transaction updates it) for the hot-pool figures.
 *
 *   --clients <list>       client counts C, for both, comma-separated (default 16,32): one run
 *                          per count, each in a process of its own with a fresh database
 *   --pgbench-seconds <n>  length of each pgbench run (default 15)
 *   --max-seconds <n>      bound on each app workload (default 15)
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import Table from 'cli-table3';
import { Command } from 'commander';
import { pino } from 'pino';
import { PlainHasher } from '../core/accounts/accounts.fixtures.ts';
import type { Money } from '../core/money/money.ts';
import type { MobileMoney, MobileMoneyRequest } from '../core/payments/ports.ts';
import { MobileMoneyCallbackTokens } from '../adapters/mobile-money/callback-tokens.ts';
import { err, ok } from '../core/shared/result.ts';
import { MAX_MEMBERS } from '../core/tontines/tontine-terms.ts';
import { SystemClock } from '../adapters/clock/system-clock.ts';
import { openOrm } from '../adapters/postgres/orm.ts';
import { buildContainer, TOKENS } from '../apps/container.ts';
import { createApp } from '../apps/server.ts';
import { testConfig } from '../tests/support/test-app.ts';
import type { LoadJob, LoadRequest, LoadResult, ProviderCallback } from './http-load.ts';
import { AMOUNT, api, concurrently, expectStatus, group, owedIn, payRequest, untilSettled, type Group, type Owed, type PaymentWorld } from './payment-world.ts';
import { adminExecute, createTestDatabase } from '../tests/support/test-database.ts';
import { THREE_DS_CARD } from '../tests/support/sandbox-card.ts';

const options = new Command()
  .option('--clients <list>', 'client counts C, comma-separated (app workers, app pool, pgbench clients)', '16,32')
  .option('--pgbench-seconds <n>', 'length of each pgbench run', '15')
  .option('--max-seconds <n>', 'bound on each app workload', '15')
  .parse(process.argv.slice(2), { from: 'user' })
  .opts<{ clients: string; pgbenchSeconds: string; maxSeconds: string }>();
const clientCounts = options.clients.split(',').map((c) => Math.min(64, Math.max(1, Number(c))));
if (clientCounts.length > 1) {
  // One run per client count, one after the other, each in a process of its own: a fresh app,
  // pool and database every time.
  for (const clients of clientCounts) {
    const args = [...process.execArgv, fileURLToPath(import.meta.url), '--clients', String(clients), '--pgbench-seconds', options.pgbenchSeconds, '--max-seconds', options.maxSeconds];
    const code = await new Promise<number | null>((resolve) => spawn(process.execPath, args, { stdio: 'inherit' }).on('exit', resolve));
    if (code !== 0) process.exit(code ?? 1);
  }
  process.exit(0);
}
const CLIENTS = clientCounts[0]!;
const PGBENCH_SECONDS = Math.min(60, Math.max(5, Number(options.pgbenchSeconds)));
const MAX_MS = Math.min(60, Math.max(5, Number(options.maxSeconds))) * 1000;

/** Many pools: groups of this size; each pays (size − 1) × size contributions. */
const GROUP_SIZE = 10;
const CONFIRMATION_GROUPS = 40;
const WHOLE_GROUPS = 24;
/** Groups paid by card: their payments confirmed by webhook, and whole card payments. */
const CARD_CONFIRMATION_GROUPS = 24;
const CARD_WHOLE_GROUPS = 16;
/** Groups whose payments are confirmed before the measures: the ledger's history. */
const HISTORY_GROUPS = 8;

const run = promisify(execFile);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const adminUrl = process.env.DATABASE_URL;
const pg = new URL(adminUrl);
const pgArgs = ['-h', pg.hostname, '-p', pg.port || '5432', '-U', decodeURIComponent(pg.username || 'postgres')];

const t0 = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${message}`);

// --- pgbench ---------------------------------------------------------------------------------
const pgbenchDb = `ikimina_pgbench_${randomBytes(4).toString('hex')}`;

async function pgbenchTps(scale: number): Promise<number> {
  await run('pgbench', [...pgArgs, '-i', '-q', '-s', String(scale), pgbenchDb], { maxBuffer: 1 << 24 });
  const { stdout } = await run('pgbench', [...pgArgs, '-c', String(CLIENTS), '-j', '2', '-T', String(PGBENCH_SECONDS), '-b', 'tpcb-like', pgbenchDb], { maxBuffer: 1 << 24 });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench printed no TPS:\n${stdout}`);
  return Number(tps);
}

// --- the app ---------------------------------------------------------------------------------
const db = await createTestDatabase();
const orm = await openOrm({ url: db.url, poolMax: CLIENTS });
const config = testConfig({ RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000' });
/** The app's signer of each payment's callback URL: the provider calls back at the URL it was given. */
const callbackTokens = new MobileMoneyCallbackTokens(randomBytes(32).toString('base64url'), '/api/payments/callbacks/mtn');
/** The load worker running now: the provider's callbacks go to the app through it. */
let loadWorker: Worker | null = null;
/** What the provider was asked to collect: it answers the app's status query with it, paid. */
const asked = new Map<string, Money>();
/**
 * The provider: accepts every payment at once and has the load worker send MTN's callback (at the
 * payment's own URL, with its token), as MTN's servers would; a number ending in 454 (MTN's
 * "pending" test number in sandbox mode) is not called back at once, which is how the payments the
 * confirmations workload settles are made. Every payment it was asked for is paid by the time the
 * app asks its status, as the app now does on every callback before it books anything.
 */
const mobileMoney: MobileMoney = {
  async requestToPay(r: MobileMoneyRequest) {
    asked.set(r.reference, r.amount);
    if (!r.msisdn.endsWith('454')) {
      const body = { externalId: r.reference, amount: String(r.amount.toWholeFrancs()), currency: 'RWF', status: 'SUCCESSFUL', financialTransactionId: r.reference.slice(0, 8) };
      loadWorker?.postMessage({ path: callbackTokens.urlFor('collection', r.reference), body } satisfies ProviderCallback);
    }
    return ok({ providerReference: r.reference });
  },
  transfer: async (r) => ok({ providerReference: r.reference }),
  async collectionStatus(_provider, reference) {
    const amount = asked.get(reference);
    if (!amount) return err('mobile_money_reference_unknown');
    return ok({ reference, status: 'successful', amount, currency: 'RWF', providerTransactionId: reference.slice(0, 8), reason: undefined });
  },
  transferStatus: async () => err('mobile_money_reference_unknown'),
};
const container = buildContainer({ config, orm, logger: pino({ level: 'error' }), clock: new SystemClock(), singleSignOn: null, mailTransport: null, mobileMoney, callbackTokens });
// Signing up is setup, not measured: no argon2 for the bench's hundreds of members.
container.rebind(TOKENS.PasswordHasher).toConstantValue(new PlainHasher());
const server = createApp(container).listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const world: PaymentWorld = { base, query: (sql, params = []) => orm.em.fork().execute(sql, params), clients: CLIENTS };
/** The embedded card checkout (no Flutterwave keys in the bench): the processor's side, in this process as the MTN provider is. */
const cardSandbox = container.get(TOKENS.CardCheckoutSetup).sandbox;
if (!cardSandbox) throw new Error('the bench needs the embedded card sandbox (no Flutterwave keys)');
cardSandbox.deliverWebhooksTo(`${base}/api/payments/callbacks/flutterwave`);





/** A measured workload: the requests sent by C clients in the load worker, bounded by MAX_MS. */
async function load(requests: LoadRequest[], untilDone: () => Promise<void> = async () => {}): Promise<LoadResult> {
  const job: LoadJob = { base, clients: CLIENTS, maxMs: MAX_MS, requests };
  const worker = new Worker(new URL('./http-load.ts', import.meta.url), { workerData: job });
  loadWorker = worker;
  try {
    const result = await new Promise<LoadResult>((resolve, reject) => {
      worker.once('message', (r: LoadResult) => (r.error ? reject(new Error(r.error)) : resolve(r)));
      worker.once('error', reject);
    });
    await untilDone();
    return result;
  } finally {
    loadWorker = null;
    await worker.terminate();
  }
}






async function startPayment(o: Owed): Promise<void> {
  const r = payRequest(o);
  expectStatus('pay', await api(base, r.method, r.path, r.body, r.headers), 202);
}

/** MTN's callback for each payment still pending in these groups (made beforehand), in random order. */
async function callbacks(tontineIds: string[]): Promise<LoadRequest[]> {
  const rows = await orm.em
    .fork()
    .execute<{ reference: string }[]>("select reference from payments where kind = 'contribution' and status = 'pending' and tontine_id = any(?::uuid[]) order by random()", [`{${tontineIds.join(',')}}`]);
  return rows.map((r) => ({
    method: 'PUT',
    path: callbackTokens.urlFor('collection', r.reference),
    headers: {},
    body: { externalId: r.reference, amount: AMOUNT, currency: 'RWF', status: 'SUCCESSFUL', financialTransactionId: r.reference.slice(0, 8) },
    expect: { status: 200, bodyStatus: 'applied' },
  }));
}


/**
 * A card payment of one contribution: started on the app, then paid by the load worker on the
 * hosted checkout with the 3-D Secure test card; the sandbox then sends its webhook (`once`) or
 * none (`never`: the confirmations workload posts them).
 */
function cardPayRequest(o: Owed, webhook: 'once' | 'never'): LoadRequest {
  return {
    method: 'POST',
    path: '/api/payments/card',
    headers: { authorization: `Bearer ${o.member.token}`, 'idempotency-key': `bench-card-${o.contributionId}` },
    body: { purpose: 'contribution', contributionId: o.contributionId },
    expect: { status: 201 },
    checkout: { origin: config.publicBaseUrl, steps: [{ card_number: THREE_DS_CARD, webhook }, { action: 'pay' }] },
  };
}

/** Flutterwave's webhook for each card payment paid but still pending in these groups, in random order. */
async function cardWebhooks(tontineIds: string[]): Promise<LoadRequest[]> {
  const rows = await orm.em
    .fork()
    .execute<{ reference: string }[]>("select reference from payments where kind = 'contribution' and status = 'pending' and provider = 'flutterwave' and tontine_id = any(?::uuid[]) order by random()", [`{${tontineIds.join(',')}}`]);
  // Only those the payer got through (the setup's load is bounded in time like every workload).
  const charges = rows.flatMap((r) => cardSandbox!.chargeOf(r.reference) ?? []);
  return charges.map((charge) => {
    const { body, headers } = cardSandbox!.webhookFor(charge);
    return { method: 'POST', path: '/api/payments/callbacks/flutterwave', headers, body: JSON.parse(body) as unknown, expect: { status: 200, bodyStatus: 'applied' } };
  });
}

/** Whole payments: initiated by the load worker, the provider calling back; done when all are final. */
async function wholePayments(requests: LoadRequest[], tontineIds: string[]): Promise<{ ops: number; seconds: number }> {
  const started = performance.now();
  const initiated = await load(requests, () => untilSettled(world, tontineIds, 20_000));
  return { ops: initiated.ops, seconds: (performance.now() - started) / 1000 };
}

/** Busy CPU time of the whole machine so far (Linux /proc/stat), in ms; undefined elsewhere. */
function machineBusyMs(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq!) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Runs one measured workload and notes where the CPU went: this process (the app, and the load
 * worker with the provider's side), and the rest of the machine (PostgreSQL, mostly), per operation.
 */
async function measured(run: () => Promise<{ ops: number; seconds: number }>): Promise<{ ops: number; seconds: number; appCpuMs: number; restCpuMs: number | undefined }> {
  const cpu = process.cpuUsage();
  const busy = machineBusyMs();
  const result = await run();
  const used = process.cpuUsage(cpu);
  const appCpuMs = (used.user + used.system) / 1000;
  const after = machineBusyMs();
  return { ...result, appCpuMs, restCpuMs: busy === undefined || after === undefined ? undefined : after - busy - appCpuMs };
}

interface Figure {
  workload: string;
  ops: number;
  seconds: number;
  appCpuMs: number;
  restCpuMs: number | undefined;
  pgbench: number;
  target: number;
}
const figures: Figure[] = [];

try {
  await adminExecute(adminUrl, `create database "${pgbenchDb}"`);
  log(`C = ${CLIENTS}; setting up members and groups on ${db.url.replace(/\/\/[^@]*@/, '//')} ...`);
  const confirmGroups: Group[] = [];
  for (let i = 0; i < CONFIRMATION_GROUPS; i++) confirmGroups.push(await group(world, GROUP_SIZE, true));
  const wholeGroups: Group[] = [];
  for (let i = 0; i < WHOLE_GROUPS; i++) wholeGroups.push(await group(world, GROUP_SIZE, false));
  const cardConfirmGroups: Group[] = [];
  for (let i = 0; i < CARD_CONFIRMATION_GROUPS; i++) cardConfirmGroups.push(await group(world, GROUP_SIZE, true));
  const cardWholeGroups: Group[] = [];
  for (let i = 0; i < CARD_WHOLE_GROUPS; i++) cardWholeGroups.push(await group(world, GROUP_SIZE, true));
  const hotConfirm = await group(world, MAX_MEMBERS, true);
  const hotWhole = await group(world, MAX_MEMBERS, false);
  log('creating the payments the confirmations will settle ...');
  await concurrently(world, await owedIn(world, [...confirmGroups, hotConfirm]), startPayment);
  log('paying on the card checkout the card payments the webhooks will confirm ...');
  await load((await owedIn(world, cardConfirmGroups)).map((o) => cardPayRequest(o, 'never')));
  log('giving the ledger a history ...');
  const historyGroups: Group[] = [];
  for (let i = 0; i < HISTORY_GROUPS; i++) historyGroups.push(await group(world, GROUP_SIZE, true));
  await concurrently(world, await owedIn(world, historyGroups), startPayment);
  await concurrently(world, await callbacks(historyGroups.map((g) => g.id)), async (r) => expectStatus('history callback', await api(base, r.method, r.path, r.body, r.headers), 200));
  // A database in use has a history and is analysed by autovacuum. Analysed empty, the ledger's
  // tables would be planned as empty for the whole run: PostgreSQL caches the foreign-key checks'
  // plans per connection, and a posting's check on its journal entry would scan the whole table.
  await orm.em.fork().execute('analyze');

  log(`pgbench -s 10, ${PGBENCH_SECONDS} s ...`);
  const manyTps = await pgbenchTps(10);
  log('confirmations, many pools ...');
  const manyCallbacks = await callbacks(confirmGroups.map((g) => g.id));
  figures.push({ workload: `confirmations (${CONFIRMATION_GROUPS} pools)`, ...(await measured(() => load(manyCallbacks))), pgbench: manyTps, target: 0.5 });
  log('whole payments, many pools ...');
  const manyOwed = await owedIn(world, wholeGroups);
  figures.push({ workload: `whole payments (${WHOLE_GROUPS} pools)`, ...(await measured(() => wholePayments(manyOwed.map(payRequest), wholeGroups.map((g) => g.id)))), pgbench: manyTps, target: 0.25 });

  log('card confirmations, many pools ...');
  const manyWebhooks = await cardWebhooks(cardConfirmGroups.map((g) => g.id));
  figures.push({ workload: `card confirmations (${CARD_CONFIRMATION_GROUPS} pools)`, ...(await measured(() => load(manyWebhooks))), pgbench: manyTps, target: 0.5 });
  log('whole card payments, many pools ...');
  const cardOwed = await owedIn(world, cardWholeGroups);
  figures.push({
    workload: `whole card payments (${CARD_WHOLE_GROUPS} pools)`,
    ...(await measured(() => wholePayments(cardOwed.map((o) => cardPayRequest(o, 'once')), cardWholeGroups.map((g) => g.id)))),
    pgbench: manyTps,
    target: 0.1,
  });

  log(`pgbench -s 1 (one branch row), ${PGBENCH_SECONDS} s ...`);
  const hotTps = await pgbenchTps(1);
  log('confirmations, one hot pool ...');
  const hotCallbacks = await callbacks([hotConfirm.id]);
  figures.push({ workload: 'confirmations (1 hot pool)', ...(await measured(() => load(hotCallbacks))), pgbench: hotTps, target: 0.4 });
  log('whole payments, one hot pool ...');
  const hotOwed = await owedIn(world, [hotWhole]);
  figures.push({ workload: 'whole payments (1 hot pool)', ...(await measured(() => wholePayments(hotOwed.map(payRequest), [hotWhole.id]))), pgbench: hotTps, target: 0.25 });

  const [trial] = await orm.em.fork().execute<{ total: string | null }[]>('select sum(amount_centimes)::text as total from ledger_postings');
  if (Number(trial?.total ?? 0) !== 0) throw new Error(`the ledger does not balance: ${trial?.total}`);

  const table = new Table({ head: ['workload', 'ops', 'ops/s', 'pgbench TPS', 'ratio', 'target', '', 'app CPU ms/op', 'rest CPU ms/op'], style: { head: [] } });
  for (const f of figures) {
    const rate = f.ops / f.seconds;
    const ratio = rate / f.pgbench;
    const perOp = (ms: number | undefined) => (ms === undefined ? '–' : (ms / f.ops).toFixed(2));
    table.push([f.workload, f.ops, rate.toFixed(0), f.pgbench.toFixed(0), `${(ratio * 100).toFixed(0)} %`, `≥ ${f.target * 100} %`, ratio >= f.target ? 'pass' : 'FAIL', perOp(f.appCpuMs), perOp(f.restCpuMs)]);
  }
  console.log(`\nC = ${CLIENTS} (app workers and pool, pgbench clients), through HTTP on 127.0.0.1; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs; ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(table.toString());
} finally {
  cardSandbox.close();
  await new Promise((resolve) => server.close(resolve));
  await orm.close();
  await db.drop();
  await adminExecute(adminUrl, `drop database if exists "${pgbenchDb}" with (force)`);
}
