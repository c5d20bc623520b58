/**
 * `npm run bench:soak`: whole payments for a long while at half the peak measured in the same run,
 * watching the app's latency, errors and memory (issue 29).
 *
 * The app runs as a process of its own, the server bundle as `npm start` runs it
 * (tests/e2e/support/server.ts with tests/e2e/support/server-bundle.ts, NODE_ENV=production, its
 * scheduler on), over a fresh database on DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres; dropped afterwards), with the fake MTN MoMo
 * (tests/fakes/mtn-momo-server.ts) as its provider, in this process: the app asks it to collect,
 * it calls the app back 50 ms later, and the app asks it for the payment's status before it books
 * anything. So the memory read is the app's alone (VmRSS of its process), not the load
 * generator's nor the provider's.
 *
 * 1. Peak: whole payments (POST /api/contributions/:id/pay with a member's session and an
 *    Idempotency-Key, then the provider's callback; bench/payment-world.ts sets the members and
 *    groups up through the API, not measured) by C = 2, 4, 8, … 64 clients in turn, each for
 *    RAMP_SECONDS, closed loop (bench/http-load.ts), while a step does 5 % better than the best
 *    before it; a step counts once its payments are final. The peak is the best step's rate.
 * 2. Soak: SOAK_MINUTES (default 10) of whole payments at half that peak, open loop
 *    (bench/rate-load.ts: a payment every 1/rate s whether or not the earlier ones were answered,
 *    latency counted from when each was due), and GET /healthz at 5/s beside it from another
 *    worker. The app's RSS is read every few seconds.
 *
 * Printed: the pay request's p50/p95/p99/max, the error rate (answers other than 202, and
 * payments not completed once the provider has answered them all), throughput (completed
 * payments/s), /healthz's latency in the same minutes, the RSS samples' range and linear
 * regression slope (MB/min, over the soak after its first fifth: the heap's and the pools' growth
 * to their working size), and PASS/FAIL against:
 *   p99 < 600 ms; errors < 0.1 %; RSS slope ≤ 2 MB/min, flat. The slope's bound: 20 MB over
 *   the 10 minutes, about 5 % of the app's working RSS under this load (~450 MB here). Lower, a
 *   regression over a few cycles of V8's heap (it grows by 100–250 MB between the collections
 *   that hand memory back, seen here within 3 minutes) would fail a process that does not leak;
 *   a leak keeping about 1 kB per payment at ~30 payments/s would still go above it (the bound
 *   in bytes per payment at the run's rate is printed).
 * A run shorter than 10 minutes says little about memory: its slope is mostly one GC cycle.
 *
 * Also printed: the pay request's p50/p99 by tenths of the soak (a queue from the start, or a path
 * that slows as the tables grow), the rows the app's sequential scans read from `payments` during
 * the soak, and what autovacuum's stand-in did. The test server runs with autovacuum off, so the
 * bench does what autovacuum would, every 60 s from its own connection (`autovacuum` below);
 * without it the app keeps plans made on empty tables (bench/README.md, "The soak, second look").
 * Knobs: SOAK_RATE=<payments/s> soaks at that rate without measuring the peak;
 * SOAK_HEAP_SNAPSHOTS=<dir> has the app write heap snapshots at the soak's start and end;
 * SOAK_AUTOVACUUM=off leaves the stand-in out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import { openOrm } from '../adapters/postgres/orm.ts';
import { MAX_MEMBERS } from '../core/tontines/tontine-terms.ts';
import { bundleServer } from '../tests/e2e/support/server-bundle.ts';
import { startServer } from '../tests/e2e/support/server.ts';
import { fakeMtnMomoEnv, startFakeMtnMomo } from '../tests/fakes/mtn-momo-server.ts';
import type { LoadJob, LoadResult } from './http-load.ts';
import { maximum, minimum, ms, percentile } from './latency.ts';
import { group, owedIn, payRequest, untilSettled, type Group, type Owed, type PaymentWorld } from './payment-world.ts';
import type { RateJob, RateRequest, RateResult } from './rate-load.ts';

const SOAK_SECONDS = Math.max(0.25, Number(process.env.SOAK_MINUTES ?? 10)) * 60;
/** Client counts of the peak's steps, in turn, while a step does at least 5 % better than the best before it. */
const RAMP_CLIENTS = [2, 4, 8, 16, 32, 64];
const RAMP_GAIN = 1.05;
const RAMP_SECONDS = 8;
/** Groups as large as allowed (30): 29 payers, 30 cycles each, so fewer members to register (argon2) per payment. */
const GROUP_SIZE = MAX_MEMBERS;
const PAYMENTS_PER_GROUP = (GROUP_SIZE - 1) * GROUP_SIZE;
const HEALTHZ_PER_SECOND = 5;
/** The app's pool, its default (DATABASE_POOL_MAX). */
const APP_POOL = 10;
const SAMPLE_MS = Math.min(5, Math.max(1, SOAK_SECONDS / 30)) * 1000;
const WARM_UP_SHARE = 0.2;
/** SOAK_RATE: soak at this many whole payments/s instead of half the peak (the peak is not measured). */
const FIXED_RATE = process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : undefined;
/** SOAK_HEAP_SNAPSHOTS=<dir>: the app writes a heap snapshot there (SIGUSR2) as the soak starts and once its payments are final, to compare by constructor. */
const SNAPSHOT_DIR = process.env.SOAK_HEAP_SNAPSHOTS;
const AIMS = { p99Ms: 600, errorRate: 0.001, rssSlopeMbPerMin: 2 } as const;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const t0 = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** The process's resident memory in MB (Linux /proc). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** Has the app write a heap snapshot into SNAPSHOT_DIR and waits until the file is whole; answers its name. */
async function heapSnapshot(pid: number): Promise<string | undefined> {
  if (!SNAPSHOT_DIR) return undefined;
  const before = new Set(readdirSync(SNAPSHOT_DIR));
  process.kill(pid, 'SIGUSR2');
  for (let size = -1; ; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const name = readdirSync(SNAPSHOT_DIR).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!name) continue;
    const now = statSync(`${SNAPSHOT_DIR}/${name}`).size;
    if (now === size && now > 0) return name;
    size = now;
  }
}

/** SOAK_AUTOVACUUM=off: no stand-in for autovacuum (what the test server's `autovacuum = off` costs the app). */
const AUTOVACUUM = process.env.SOAK_AUTOVACUUM !== 'off';
/** autovacuum_naptime's default: how often autovacuum looks at each database. */
const AUTOVACUUM_NAPTIME_MS = 60_000;

/**
 * What autovacuum would do to the app's database now (its default thresholds): VACUUM ANALYZE a
 * table with more than 50 + 20 % dead rows, ANALYZE one with more than 50 + 10 % rows changed
 * since its last analysis. The test server runs with autovacuum off (its conf.d/90-ci.conf), and
 * without it the app's connections keep, for good, the plans they made for their prepared
 * statements while the tables were empty: a sequential scan of `payments` in each payment start
 * and confirmation, over a table growing by 128,000 rows in ten minutes (bench/README.md). Answers
 * the tables it did.
 */
async function autovacuum(world: PaymentWorld): Promise<string[]> {
  const due = await world.query<{ relname: string; vacuum: boolean }>(
    `select t.relname, n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum from pg_stat_user_tables t join pg_class c on c.oid = t.relid
     where n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`,
  );
  for (const t of due) await world.query(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} "${t.relname}"`);
  return due.map((t) => t.relname);
}

/** Least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

function inWorker<Job, Result>(script: 'http-load.ts' | 'rate-load.ts', job: Job): Promise<Result> {
  const worker = new Worker(new URL(`./${script}`, import.meta.url), { workerData: job });
  return new Promise<Result>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}

/** Adds groups enough for `payments` more, their owed contributions interleaved group by group (each payment in another pool than the last). */
async function addPayable(world: PaymentWorld, to: { groups: Group[]; owed: Owed[] }, payments: number): Promise<void> {
  const groups: Group[] = [];
  for (let i = 0; i < Math.ceil(payments / PAYMENTS_PER_GROUP); i++) groups.push(await group(world, GROUP_SIZE, false));
  const perGroup = await Promise.all(groups.map((g) => owedIn(world, [g])));
  to.groups.push(...groups);
  for (let i = 0; i < PAYMENTS_PER_GROUP; i++) for (const list of perGroup) if (list[i]) to.owed.push(list[i]!);
}

const mtn = await startFakeMtnMomo({ currency: 'RWF', settleMs: 50 });
log('bundling the server ...');
const bundle = await bundleServer();
// startServer stops the server and drops its database itself when the start fails.
const server = await startServer({
  bundle,
  webDistDir: '/nonexistent',
  env: {
    LOG_LEVEL: 'error',
    DATABASE_POOL_MAX: String(APP_POOL),
    ...fakeMtnMomoEnv(mtn),
    MOBILE_MONEY_CALLBACK_SECRET: randomBytes(32).toString('hex'),
    // Hundreds of members register and pay from one address: the per-address limits are not what is measured.
    ...(SNAPSHOT_DIR ? { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${SNAPSHOT_DIR}` } : {}),
    RATE_LIMIT_PER_ADDRESS: '100000000',
    RATE_LIMIT_PER_IP: '100000000',
    PAY_REQUESTS_PER_NUMBER: '100000000',
    PAY_REQUESTS_PER_CLIENT: '100000000',
  },
}).catch(async (error: unknown) => {
  await Promise.all([mtn.stop(), bundle.remove()]);
  throw error;
});
const orm = await openOrm({ url: server.databaseUrl!, poolMax: 2 }).catch(async (error: unknown) => {
  await Promise.all([server.stop(), mtn.stop(), bundle.remove()]);
  throw error;
});
try {
  const pid = server.appPid!;
  const world: PaymentWorld = { base: server.url, query: (sql, params = []) => orm.em.fork().execute(sql, params), clients: 8 };
  log(`app ${server.url} (pid ${pid}, database ${new URL(server.databaseUrl!).pathname.slice(1)}, RSS ${rssMb(pid).toFixed(0)} MB); setting up groups of ${GROUP_SIZE} for the peak ...`);
  const ramp = { groups: [] as Group[], owed: [] as Owed[] };
  // Autovacuum's stand-in, for the whole run (peak and soak): the tables it did, with when.
  const vacuumed: string[] = [];
  let vacuuming = Promise.resolve();
  const vacuumTick = () => {
    vacuuming = vacuuming.then(async () => {
      const tables = await autovacuum(world);
      if (tables.length) vacuumed.push(`${((Date.now() - t0) / 1000).toFixed(0)} s: ${tables.join(', ')}`);
    });
  };
  const vacuumTimer = AUTOVACUUM ? setInterval(vacuumTick, AUTOVACUUM_NAPTIME_MS).unref() : undefined;

  // --- 1. the peak ---------------------------------------------------------------------------
  let sent = 0;
  let peak = 0;
  const stepped: number[] = [];
  for (const clients of FIXED_RATE ? [] : RAMP_CLIENTS) {
    // Payments enough for this step even at three times the best rate so far (doubling the clients rarely does more).
    const wanted = Math.max(1_000, Math.ceil(peak * RAMP_SECONDS * 3));
    if (ramp.owed.length - sent < wanted) await addPayable(world, ramp, wanted - (ramp.owed.length - sent));
    const started = performance.now();
    const job: LoadJob = { base: server.url, clients, maxMs: RAMP_SECONDS * 1000, requests: ramp.owed.slice(sent).map(payRequest) };
    const result = await inWorker<LoadJob, LoadResult>('http-load.ts', job);
    if (result.error) throw new Error(`peak, C = ${clients}: ${result.error}`);
    await untilSettled(world, ramp.groups.map((g) => g.id), 30_000);
    const rate = result.ops / ((performance.now() - started) / 1000);
    sent += result.ops;
    stepped.push(clients);
    log(`peak: C = ${String(clients).padStart(2)}: ${result.ops} whole payments, ${rate.toFixed(1)}/s`);
    const better = rate >= peak * RAMP_GAIN;
    peak = Math.max(peak, rate);
    if (!better) break;
  }
  const rate = FIXED_RATE ?? peak / 2;

  // --- 2. the soak ---------------------------------------------------------------------------
  const total = Math.ceil(rate * SOAK_SECONDS);
  log(`soak: ${rate.toFixed(1)} whole payments/s (${FIXED_RATE ? 'SOAK_RATE' : `half the peak, ${peak.toFixed(1)}/s`}) for ${(SOAK_SECONDS / 60).toFixed(1)} min: setting up ${Math.ceil(total / PAYMENTS_PER_GROUP)} groups for ${total} payments ...`);
  const soak = { groups: [] as Group[], owed: [] as Owed[] };
  await addPayable(world, soak, total);
  soak.owed.length = total;
  const pays: RateRequest[] = soak.owed.map((o) => {
    const r = payRequest(o);
    return { label: 'pay', method: 'POST', path: r.path, headers: r.headers, body: r.body, expect: [r.expect.status] };
  });
  // The soak's setup registered members and groups by the thousand: a pass of autovacuum's before it, as the next would.
  if (AUTOVACUUM) vacuumTick();
  await vacuuming;
  // Rows the app's sequential scans read from `payments`: a lookup planned as a scan reads the whole, growing table.
  const scanned = async () => Number((await world.query<{ n: string }>("select seq_tup_read::text as n from pg_stat_user_tables where relname = 'payments'"))[0]?.n ?? 0);
  const scannedBefore = await scanned();
  log(`soak: running; RSS every ${SAMPLE_MS / 1000} s, GET /healthz at ${HEALTHZ_PER_SECOND}/s beside it ...`);
  const startSnapshot = await heapSnapshot(pid);
  if (startSnapshot) log(`heap snapshot at the start: ${SNAPSHOT_DIR}/${startSnapshot} (RSS ${rssMb(pid).toFixed(0)} MB)`);
  const samples: { x: number; y: number }[] = [];
  const soakStart = Date.now();
  const sample = () => samples.push({ x: (Date.now() - soakStart) / 60_000, y: rssMb(pid) });
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  const [paid, healthz] = await Promise.all([
    inWorker<RateJob, RateResult>('rate-load.ts', { base: server.url, ratePerSecond: rate, seconds: SOAK_SECONDS, requests: pays }),
    inWorker<RateJob, RateResult>('rate-load.ts', { base: server.url, ratePerSecond: HEALTHZ_PER_SECOND, seconds: SOAK_SECONDS, requests: [{ label: 'healthz', path: '/healthz', headers: {}, expect: [200] }] }),
  ]);
  clearInterval(sampler);
  const soakSeconds = (Date.now() - soakStart) / 1000;
  // Read before the bench's own look-ups below.
  const scannedRows = (await scanned()) - scannedBefore;
  await untilSettled(world, soak.groups.map((g) => g.id), 30_000).catch((error: unknown) => log(String(error)));
  const [final] = await world.query<{ completed: string; other: string }>(
    "select count(*) filter (where status = 'successful')::text as completed, count(*) filter (where status <> 'successful')::text as other from payments where kind = 'contribution' and tontine_id = any(?::uuid[])",
    [`{${soak.groups.map((g) => g.id).join(',')}}`],
  );
  clearInterval(vacuumTimer);
  await vacuuming;
  const endSnapshot = await heapSnapshot(pid);
  if (endSnapshot) log(`heap snapshot at the end: ${SNAPSHOT_DIR}/${endSnapshot} (RSS ${rssMb(pid).toFixed(0)} MB)`);
  const [trial] = await world.query<{ total: string | null }>('select sum(amount_centimes)::text as total from ledger_postings');

  // --- the figures ---------------------------------------------------------------------------
  const latencies = paid.latencies.pay ?? [];
  const completed = Number(final!.completed);
  const errors = paid.errors + Number(final!.other);
  const errorRate = errors / paid.sent;
  const p99 = percentile(latencies, 99);
  const steady = samples.filter((s) => s.x >= (WARM_UP_SHARE * soakSeconds) / 60);
  const rssSlope = slope(steady);
  const rss = samples.map((s) => s.y);
  const perPaymentBytes = (AIMS.rssSlopeMbPerMin * 1024 * 1024) / (rate * 60);
  const h = healthz.latencies.healthz ?? [];
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const checks = [
    { what: `pay p99 < ${AIMS.p99Ms} ms`, ok: p99 < AIMS.p99Ms, got: `${p99.toFixed(1)} ms` },
    { what: `errors < ${AIMS.errorRate * 100} %`, ok: errorRate < AIMS.errorRate, got: `${(errorRate * 100).toFixed(3)} % (${errors} of ${paid.sent})` },
    { what: `RSS slope ≤ ${AIMS.rssSlopeMbPerMin} MB/min (flat)`, ok: Math.abs(rssSlope) <= AIMS.rssSlopeMbPerMin, got: `${rssSlope.toFixed(2)} MB/min` },
  ];

  console.log(`\nSoak: ${(soakSeconds / 60).toFixed(1)} min at ${rate.toFixed(1)} whole payments/s (${FIXED_RATE ? 'SOAK_RATE, no peak measured' : `half the peak of ${peak.toFixed(1)}/s measured in this run, C = ${stepped.join(', ')}`}); app pool ${APP_POOL} connections; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (1, 5, 15 min) on ${cpus().length} CPUs`);
  console.log(`${'request'.padEnd(26)} ${'n'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  const row = (name: string, values: number[]) =>
    console.log(`${name.padEnd(26)} ${String(values.length).padStart(7)} ${ms(percentile(values, 50))} ${ms(percentile(values, 95))} ${ms(percentile(values, 99))} ${ms(maximum(values))}`);
  row('POST …/pay (202)', latencies);
  row('GET /healthz (beside)', h);
  console.log(`throughput: ${(completed / soakSeconds).toFixed(1)} completed payments/s (${completed} completed, ${paid.sent} sent in ${paid.seconds.toFixed(0)} s)`);
  console.log(`errors: ${paid.errors} answers other than 202, ${final!.other} payments not completed${paid.examples.length ? ` (${paid.examples.join('; ')})` : ''}; /healthz errors: ${healthz.errors}`);
  console.log(
    `app RSS: ${samples.length} samples every ${SAMPLE_MS / 1000} s, ${minimum(rss).toFixed(0)}–${maximum(rss).toFixed(0)} MB (start ${rss[0]!.toFixed(0)}, end ${rss.at(-1)!.toFixed(0)}); ` +
      `slope ${rssSlope.toFixed(2)} MB/min over the last ${Math.round((1 - WARM_UP_SHARE) * 100)} % (${steady.length} samples): ${Math.abs(rssSlope) <= AIMS.rssSlopeMbPerMin ? 'flat' : 'NOT flat'} ` +
      `(bound ${AIMS.rssSlopeMbPerMin} MB/min: a leak above ~${perPaymentBytes.toFixed(0)} bytes per payment at this rate)`,
  );
  // Latency by tenths of the soak (by when each request was due): a queue from the start, or a path that slows as the tables grow.
  const due = paid.dueAt.pay ?? [];
  const byTenth = Array.from({ length: 10 }, () => [] as number[]);
  latencies.forEach((l, i) => byTenth[Math.min(9, Math.floor((due[i]! / paid.seconds) * 10))]!.push(l));
  console.log(`pay p50 / p99 by tenths of the soak: ${byTenth.map((t) => `${percentile(t, 50).toFixed(0)}/${percentile(t, 99).toFixed(0)}`).join(' ')} ms`);
  const tenths = Array.from({ length: 11 }, (_, i) => samples[Math.round((i * (samples.length - 1)) / 10)]!);
  console.log(`app RSS by tenths of the soak: ${tenths.map((t) => `${t.y.toFixed(0)}`).join(' ')} MB`);
  console.log(`autovacuum's stand-in (every ${AUTOVACUUM_NAPTIME_MS / 1000} s): ${!AUTOVACUUM ? 'off (SOAK_AUTOVACUUM=off)' : vacuumed.length ? vacuumed.join('; ') : 'nothing due'}`);
  console.log(`payments rows read by sequential scans during the soak: ${scannedRows} (${(scannedRows / paid.sent).toFixed(1)} per payment)`);
  console.log(`ledger: ${Number(trial?.total ?? 0) === 0 ? 'balanced' : `UNBALANCED by ${trial?.total} centimes`}`);
  for (const c of checks) console.log(`${verdict(c.ok)}  ${c.what}: ${c.got}`);
  const passed = checks.every((c) => c.ok) && Number(trial?.total ?? 0) === 0;
  if (!passed) process.exitCode = 1;
  console.log(`${verdict(passed)} overall${SOAK_SECONDS < 600 ? ` (a ${(SOAK_SECONDS / 60).toFixed(1)}-minute run: its RSS slope is mostly one GC cycle, not a verdict on leaks)` : ''}`);
} finally {
  await orm.close();
  await server.stop();
  await mtn.stop();
  await bundle.remove();
}
