/**
 * `npm run bench:dashboard`: the signed-in dashboard's API calls against a large demo population,
 * at a fixed rate (default 200 requests/s for 30 s) over many members' sessions: p50, p99 and
 * errors per call and overall. Aim (issue 16): p99 under 50 ms.
 *
 * The database: `--database <name>` (default ikimina_dashboard_bench) on DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres, an admin connection). It is kept between
 * runs: created, migrated and seeded (`demo seed --members N`, the same use case, about a minute
 * for 100,000 members) only when it has no population yet, then `ANALYZE`d. Drop it yourself when
 * done (`dropdb ikimina_dashboard_bench`).
 *
 * The app listens on 127.0.0.1 with its configured pool (DATABASE_POOL_MAX, 10), the load comes
 * from a worker thread (bench/rate-load.ts: open loop, a request every 1/rate s whether or not the
 * earlier ones were answered; latency counted from when each was due). Each member's visit is
 * the dashboard's calls, as web/src/app/routes/dashboard.tsx and the signed-in header make them:
 * /api/user, /api/auth/profile-completion, /api/tontines/user, /api/dashboard/summary,
 * /api/loans/summary, /api/credit-score (404 before a first assessment: expected), /api/loans,
 * /api/loans/recommendations; the visits of `--sessions` members (sessions started through the
 * app's SessionStarter, not measured) are interleaved.
 *
 * The machine is shared: so the figures can be compared between runs, a baseline is measured in
 * the same run and printed beside them: GET /healthz (no database) at the same rate for 10 s.
 *
 *   --members <n>   population to seed when the database has none (default 100000)
 *   --rate <n>      requests per second (default 200)
 *   --seconds <n>   length of the measure (default 30)
 *   --sessions <n>  members signed in (default 2000)
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { RequestContext } from '@mikro-orm/core';
import { Command } from 'commander';
import { pino } from 'pino';
import { SessionStarter } from '../core/accounts/start-session.ts';
import { POPULATION_EMAIL_DOMAIN, SeedDemoPopulation } from '../core/demo/seed-demo-population.ts';
import { SystemClock } from '../adapters/clock/system-clock.ts';
import { SandboxMobileMoney } from '../adapters/mobile-money/sandbox-mobile-money.ts';
import { migrate, openOrm } from '../adapters/postgres/orm.ts';
import { buildContainer, TOKENS } from '../apps/container.ts';
import { createApp } from '../apps/server.ts';
import { testConfig } from '../tests/support/test-app.ts';
import { adminExecute, withDatabase } from '../tests/support/test-database.ts';
import type { RateJob, RateRequest, RateResult } from './rate-load.ts';
import { maximum, ms, percentile } from './latency.ts';

const options = new Command()
  .option('--database <name>', 'the database kept for this bench', 'ikimina_dashboard_bench')
  .option('--members <n>', 'members to seed when the database has none', '100000')
  .option('--rate <n>', 'requests per second', '200')
  .option('--seconds <n>', 'length of the measure', '30')
  .option('--sessions <n>', 'members signed in', '2000')
  .parse(process.argv.slice(2), { from: 'user' })
  .opts<{ database: string; members: string; rate: string; seconds: string; sessions: string }>();
if (!/^[a-z_][a-z0-9_]*$/.test(options.database)) throw new Error(`not a database name: ${options.database}`);
const RATE = Math.min(5000, Math.max(1, Number(options.rate)));
const SECONDS = Math.min(600, Math.max(1, Number(options.seconds)));
const SESSIONS = Math.min(100_000, Math.max(1, Number(options.sessions)));
const AIM_P99_MS = 50;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const adminUrl = process.env.DATABASE_URL;
const t0 = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}`);

try {
  await adminExecute(adminUrl, `create database "${options.database}"`);
  log(`created database ${options.database}`);
} catch {
  log(`using database ${options.database}`);
}
const url = withDatabase(adminUrl, options.database);
const config = testConfig({ RATE_LIMIT_PER_IP: '100000000', RATE_LIMIT_PER_ADDRESS: '100000000' });
const orm = await openOrm({ url, poolMax: config.databasePoolMax });
const applied = await migrate(orm);
if (applied.applied.length > 0) log(`migrated: ${applied.applied.join(', ')}`);
const sandbox = new SandboxMobileMoney({});
const container = buildContainer({ config, orm, logger: pino({ level: 'silent' }), clock: new SystemClock(), singleSignOn: null, mailTransport: null, mobileMoney: sandbox });

try {
  const members = await RequestContext.create(orm.em, async () => {
    const seeder = container.get(SeedDemoPopulation);
    const existing = await seeder.seededMembers();
    if (existing > 0) return existing;
    log(`seeding ${options.members} members (once for this database) ...`);
    const seeded = await seeder.execute({ members: Number(options.members) });
    if (!seeded.ok) throw new Error(`seed: ${seeded.error}`);
    log(`seeded ${seeded.value.members} members, ${seeded.value.groups} groups, ${seeded.value.contributions} contributions, ${seeded.value.journalEntries} ledger entries`);
    return seeded.value.members;
  });
  await orm.em.fork().execute('analyze');
  const counts = (await orm.em.fork().execute<{ users: string; tontines: string; contributions: string; postings: string }[]>(
    'select (select count(*) from users)::text as users, (select count(*) from tontines)::text as tontines, (select count(*) from contributions)::text as contributions, (select count(*) from ledger_postings)::text as postings',
  ))[0]!;
  log(`population: ${members} members (${counts.users} users), ${counts.tontines} groups, ${counts.contributions} contributions, ${counts.postings} ledger postings`);

  // Sessions of members spread over the population, started as a sign-in would (setup, not measured).
  const tokens = await RequestContext.create(orm.em, async () => {
    const accounts = container.get(TOKENS.AccountRepository);
    const starter = container.get(SessionStarter);
    const step = Math.max(1, Math.floor(members / SESSIONS));
    const out: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const n = 1 + ((i * step + (i % 7)) % members);
      const user = await accounts.findByEmail(`member${n}@${POPULATION_EMAIL_DOMAIN}`);
      if (!user) throw new Error(`member${n} is missing`);
      out.push((await starter.start(user, { ip: '127.0.0.1', userAgent: 'bench:dashboard' })).token);
    }
    return out;
  });
  log(`${tokens.length} members signed in`);

  const server = createApp(container).listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const CALLS: { label: string; path: string; expect: number[] }[] = [
    { label: 'user', path: '/api/user', expect: [200] },
    { label: 'profile-completion', path: '/api/auth/profile-completion', expect: [200] },
    { label: 'tontines/user', path: '/api/tontines/user', expect: [200] },
    { label: 'dashboard/summary', path: '/api/dashboard/summary', expect: [200] },
    { label: 'loans/summary', path: '/api/loans/summary', expect: [200] },
    { label: 'credit-score', path: '/api/credit-score', expect: [200, 404] },
    { label: 'loans', path: '/api/loans', expect: [200] },
    { label: 'loans/recommendations', path: '/api/loans/recommendations', expect: [200] },
  ];
  const visits: RateRequest[] = tokens.flatMap((token) => CALLS.map((c) => ({ ...c, headers: { authorization: `Bearer ${token}` } })));
  const baseline: RateRequest[] = [{ label: 'healthz', path: '/healthz', headers: {}, expect: [200] }];

  const run = async (requests: RateRequest[], seconds: number): Promise<RateResult> => {
    const job: RateJob = { base, ratePerSecond: RATE, seconds, requests };
    const worker = new Worker(new URL('./rate-load.ts', import.meta.url), { workerData: job });
    return new Promise<RateResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    }).finally(() => void worker.terminate());
  };
  // Warm-up: the first visit of every call (plans, prepared statements, JIT), not measured.
  await run(visits.slice(0, CALLS.length * 20), 2);
  log(`baseline: GET /healthz at ${RATE}/s for 10 s ...`);
  const base0 = await run(baseline, 10);
  log(`dashboard: ${CALLS.length} calls per visit at ${RATE} requests/s for ${SECONDS} s over ${tokens.length} members ...`);
  const cpu0 = process.cpuUsage();
  const measured = await run(visits, SECONDS);
  const cpu = process.cpuUsage(cpu0);
  const load = loadavg().map((l) => l.toFixed(1)).join(' ');
  server.close();

  const all = Object.values(measured.latencies).flat();
  const healthz = base0.latencies.healthz ?? [];
  console.log(`\n${RATE} requests/s for ${SECONDS} s (${measured.sent} sent in ${measured.seconds.toFixed(1)} s), pool ${config.databasePoolMax}, load average ${load} (1, 5, 15 min) on ${cpus().length} CPUs`);
  console.log(`app process CPU ${((cpu.user + cpu.system) / 1000 / measured.sent).toFixed(2)} ms per request (the app and the load worker)`);
  console.log(`${'call'.padEnd(24)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  const row = (name: string, values: number[]) =>
    console.log(`${name.padEnd(24)} ${String(values.length).padStart(6)} ${ms(percentile(values, 50))} ${ms(percentile(values, 90))} ${ms(percentile(values, 99))} ${ms(maximum(values))}`);
  for (const c of CALLS) row(c.label, measured.latencies[c.label] ?? []);
  row('all calls', all);
  row('baseline GET /healthz', healthz);
  const p99 = percentile(all, 99);
  console.log(`errors: ${measured.errors} of ${measured.sent}${measured.examples.length ? ` (${measured.examples.join('; ')})` : ''}; baseline errors: ${base0.errors}`);
  console.log(`aim: p99 < ${AIM_P99_MS} ms: ${p99 < AIM_P99_MS ? 'met' : 'NOT met'} (p99 ${p99.toFixed(1)} ms; baseline p99 ${percentile(healthz, 99).toFixed(1)} ms, ratio ${(p99 / percentile(healthz, 99)).toFixed(1)}x)`);
} finally {
  sandbox.close();
  await orm.close();
  log(`done (database ${options.database} kept: dropdb ${options.database} to remove it)`);
}
