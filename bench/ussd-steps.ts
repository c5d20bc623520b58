/**
 * `npm run bench:ussd`: USSD step latency with concurrent sessions walking to "Pay a contribution",
 * against a real PostgreSQL, over HTTP.
 *
 * A fresh database is created (like tests/support: CREATE DATABASE on DATABASE_URL's server,
 * default postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. Members are
 * registered by phone and paired into two-member groups, so each has a contribution due. The app
 * listens on 127.0.0.1 with its configured pool (DATABASE_POOL_MAX); the sessions run in a worker
 * thread (bench/ussd-walk.ts), so the app's event loop does the app's work only: each dials, enters
 * its PIN, opens "Pay a contribution" and picks the group (the confirm screen), over a keep-alive
 * connection of its own opened beforehand. Nothing is paid. The steps go to the path with a
 * callback secret, as in production (its check is part of what is measured). Africa's Talking
 * drops an answer after about 15 s; we aim for p99 < 100 ms. Prints p50/p90/p99 per step and
 * overall, with the machine's load average, and the CPU time per step of each part (the app's
 * event loop, its other threads: argon2 and GC, the load worker, the database's backends) with
 * the mean wait that alone implies for every session in flight on this machine's cores.
 *
 *   --sessions <n>    concurrent sessions per round (default 100)
 *   --rounds <n>      rounds, each with new session ids (default 3)
 *   --think-ms <n>    a person's pause before each step: uniform in [0, 2n] ms (default 1000);
 *                     0 sends every session's step at the same instant, the worst case
 *   --max-seconds <n> stop starting rounds after this long (default 120)
 *   --warmup-rounds <n> rounds walked first, not measured (default 1): the server's JIT and its
 *                     pool's connections (their prepared statements) warm up as under steady traffic
 *   --profile <file>  a CPU profile of the app's thread over the USSD walk (.cpuprofile)
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { RequestContext } from '@mikro-orm/core';
import { Command } from 'commander';
import { pino } from 'pino';
import { RegisterByPhone } from '../core/accounts/register-by-phone.ts';
import { CreateTontine } from '../core/tontines/create-tontine.ts';
import { JoinTontine } from '../core/tontines/join-tontine.ts';
import { SystemClock } from '../adapters/clock/system-clock.ts';
import { SandboxMobileMoney } from '../adapters/mobile-money/sandbox-mobile-money.ts';
import { openOrm } from '../adapters/postgres/orm.ts';
import { buildContainer } from '../apps/container.ts';
import { createApp } from '../apps/server.ts';
import { ussdPath } from '../apps/ussd/paths.ts';
import { testConfig } from '../tests/support/test-app.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import type { WalkJob, WalkResult, WalkStep } from './ussd-walk.ts';
import { maximum, ms, percentile } from './latency.ts';

/** Where the CPU time of a walk went, in ms: the app's event loop, its other threads (argon2 in libuv's pool, GC), the load worker, PostgreSQL's backends of the database. */
interface CpuSpent {
  appThreadMs: number;
  otherAppThreadsMs: number;
  loadMs: number;
  postgresMs: number;
}
type Walked = WalkResult & { cpu: CpuSpent };

const options = new Command()
  .option('--sessions <n>', 'concurrent sessions per round', '100')
  .option('--rounds <n>', 'rounds', '3')
  .option('--think-ms <n>', 'mean pause before each step', '1000')
  .option('--max-seconds <n>', 'time bound', '120')
  .option('--warmup-rounds <n>', 'rounds walked first, not measured', '1')
  .option('--profile <file>', "write a CPU profile of the app's thread over the USSD walk (open in Chrome DevTools)")
  .parse(process.argv.slice(2), { from: 'user' })
  .opts<{ sessions: string; rounds: string; thinkMs: string; maxSeconds: string; warmupRounds: string; profile?: string }>();
const SESSIONS = Math.min(1000, Math.max(2, Number(options.sessions) & ~1));
const ROUNDS = Math.min(20, Math.max(1, Number(options.rounds)));
const THINK_MS = Math.min(10_000, Math.max(0, Number(options.thinkMs)));
const MAX_MS = Math.min(600, Math.max(10, Number(options.maxSeconds))) * 1000;
const WARMUP_ROUNDS = Math.min(5, Math.max(0, Number(options.warmupRounds)));
const PIN = '24680';

/** The walk: what each step types and the screen it must answer. */
const STEPS: WalkStep[] = [
  { name: 'dial', input: null, expect: /^CON Ikimina: hello/.source },
  { name: 'PIN', input: PIN, expect: /^CON Ikimina: \w+\n1 My savings/.source },
  { name: 'Pay a contribution', input: '2', expect: /^CON Pay which contribution\?\n1 /.source },
  { name: 'choose group', input: '1', expect: /^CON Pay 5,000 RWF to /.source },
];

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const started = Date.now();
const db = await createTestDatabase();
// As in production: every step passes the gateway check (the secret's constant-time compare).
const secret = randomBytes(32).toString('hex');
// The pool as configured for the app (DATABASE_POOL_MAX, default 10), so pool sizes can be compared.
const pool = process.env.DATABASE_POOL_MAX;
const config = testConfig({ AFRICASTALKING_CALLBACK_SECRET: secret, ...(pool === undefined ? {} : { DATABASE_POOL_MAX: pool }) });
const orm = await openOrm({ url: db.url, poolMax: config.databasePoolMax });
const sandbox = new SandboxMobileMoney({});
const container = buildContainer({ config, orm, logger: pino({ level: 'silent' }), clock: new SystemClock(), singleSignOn: null, mailTransport: null, mobileMoney: sandbox });
const server = createApp(container).listen(0, '127.0.0.1');
// The walk keeps one connection per session open across its pauses; past Node's 5 s default an
// idle one is closed while the walk may be reusing it (ECONNRESET on a loaded machine).
server.keepAliveTimeout = 120_000;
await new Promise((resolve) => server.once('listening', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${ussdPath(secret)}`;

try {
  const phones = Array.from({ length: SESSIONS }, (_, i) => `+25078${String(2_000_000 + i).slice(-7)}`);
  console.log(`Setting up ${SESSIONS} members in ${SESSIONS / 2} groups on ${db.url.replace(/\/\/[^@]*@/, '//')} ...`);
  await RequestContext.create(orm.em, async () => {
    const ids: string[] = [];
    for (const phone of phones) {
      const registered = await container.get(RegisterByPhone).execute({ phoneNumber: phone, firstName: 'Bench', lastName: 'Member', pin: PIN, language: 'en' });
      if (!registered.ok) throw new Error(registered.error);
      ids.push(registered.value.userId);
    }
    for (let i = 0; i < ids.length; i += 2) {
      const created = await container.get(CreateTontine).execute({ name: `Bench ${i / 2}`, description: 'Bench group', contributionAmount: '5000', frequency: 'weekly', maxMembers: 2, creatorId: ids[i]! });
      if (!created.ok) throw new Error(created.error);
      const joined = await container.get(JoinTontine).execute({ tontineId: created.value.id, userId: ids[i + 1]! });
      if (!joined.ok) throw new Error(joined.error);
    }
  });

  const backends = async () =>
    (await orm.em.fork().getConnection().execute<{ pid: number }[]>('select pid from pg_stat_activity where datname = current_database()')).map((r) => r.pid);
  /** A walk in its worker, with the CPU time each part spent from its first step to its last. */
  const walk = (job: WalkJob) => {
    const worker = new Worker(new URL('./ussd-walk.ts', import.meta.url), { workerData: job });
    return new Promise<Walked>((resolve, reject) => {
      let start: { app: NodeJS.CpuUsage; appThread: NodeJS.CpuUsage; postgres: Promise<Map<number, number>> } | undefined;
      worker.on('message', (message: 'started' | WalkResult) => {
        if (message === 'started') {
          start = { app: process.cpuUsage(), appThread: process.threadCpuUsage(), postgres: backends().then(cpuMsOf) };
          return;
        }
        if (message.error || !start) return reject(new Error(message.error ?? 'the walk answered before it started'));
        const appMs = msOf(process.cpuUsage(start.app));
        const appThreadMs = msOf(process.threadCpuUsage(start.appThread));
        const { postgres } = start;
        void Promise.all([postgres, backends().then(cpuMsOf)]).then(([before, after]) => {
          // A backend that connected during the walk counts from its start.
          const postgresMs = [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
          resolve({ ...message, cpu: { appThreadMs, otherAppThreadsMs: appMs - appThreadMs - message.cpuMs, loadMs: message.cpuMs, postgresMs } });
        }, reject);
      });
      worker.once('error', reject);
    }).finally(() => void worker.terminate());
  };
  // The baseline, measured in the same run (the machine is shared: compare ratios between runs):
  // the same sessions, rounds and pauses against /healthz (no database, no menu).
  const healthz = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  const baselineSteps: WalkStep[] = STEPS.map((s) => ({ name: s.name, input: s.input, expect: /"status":"ok"/.source }));
  const baseline = await walk({ url: healthz, phones, steps: baselineSteps, rounds: ROUNDS, thinkMs: THINK_MS, maxMs: MAX_MS, warmupRounds: WARMUP_ROUNDS });
  const walked = await profiled(options.profile, () => walk({ url, phones, steps: STEPS, rounds: ROUNDS, thinkMs: THINK_MS, maxMs: MAX_MS, warmupRounds: WARMUP_ROUNDS }));
  const latencies = new Map(STEPS.map((s) => [s.name, walked.latencies[s.name] ?? []]));
  const { rounds } = walked;

  const all = [...latencies.values()].flat();
  const row = (name: string, values: number[]) =>
    `${name.padEnd(20)} ${String(values.length).padStart(6)} ${ms(percentile(values, 50))} ${ms(percentile(values, 90))} ${ms(percentile(values, 99))} ${ms(maximum(values))}`;
  const seconds = walked.seconds.toFixed(1);
  const load = loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\n${rounds} round(s) x ${SESSIONS} concurrent sessions, think ${THINK_MS} ms, after ${WARMUP_ROUNDS} warm-up round(s), pool ${config.databasePoolMax}, ${seconds} s, load average ${load} (1, 5, 15 min) on ${cpus().length} CPUs`);
  console.log(`${'step'.padEnd(20)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const [name, values] of latencies) console.log(row(name, values));
  console.log(row('all steps', all));
  const base = Object.values(baseline.latencies).flat();
  console.log(row('baseline /healthz', base));
  console.log(cpuRow('USSD steps', walked.cpu, all.length));
  console.log(cpuRow('baseline /healthz', baseline.cpu, base.length));
  const p99 = percentile(all, 99);
  console.log(`aim: p99 < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'} (p99 ${p99.toFixed(1)} ms; baseline p99 ${percentile(base, 99).toFixed(1)} ms in the same run, ratio ${(p99 / percentile(base, 99)).toFixed(1)}x)`);
} finally {
  sandbox.close();
  await new Promise((resolve) => server.close(resolve));
  await orm.close();
  await db.drop();
  console.log(`(total ${((Date.now() - started) / 1000).toFixed(1)} s, database dropped)`);
}

/** Runs `run` under the inspector's CPU profiler of this thread when a file is given, and writes the profile there. */
async function profiled<T>(file: string | undefined, run: () => Promise<T>): Promise<T> {
  if (file === undefined) return run();
  const session = new Session();
  session.connect();
  const post = (method: string) => new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile of the app's thread over the USSD walk: ${file}`);
  }
}

/** CPU ms per step by part, and the mean wait it alone implies for every session in flight at once on this machine's cores (Little's law). */
function cpuRow(name: string, cpu: CpuSpent, steps: number): string {
  const perStep = (ms: number) => (ms / steps).toFixed(2);
  const total = (cpu.appThreadMs + cpu.otherAppThreadsMs + cpu.loadMs + cpu.postgresMs) / steps;
  // Without the load worker: Africa's Talking's gateway does not run on the app's cores.
  const served = total - cpu.loadMs / steps;
  const wait = (ms: number) => `${((ms * SESSIONS) / cpus().length).toFixed(0)} ms`;
  return `CPU per step, ${name}: ${total.toFixed(2)} ms = app thread ${perStep(cpu.appThreadMs)} + app's other threads ${perStep(cpu.otherAppThreadsMs)} + load worker ${perStep(cpu.loadMs)} + PostgreSQL ${perStep(cpu.postgresMs)}; x ${SESSIONS} in flight / ${cpus().length} cores = ${wait(total)} mean wait at best (${wait(served)} without the load worker)`;
}

/** CPU time (user + system) each process has used so far, in ms, from /proc (Linux); a process gone or unreadable is left out. */
async function cpuMsOf(pids: readonly number[]): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in clock ticks (100 per second).
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(')').at(-1)!.trim().split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Not on Linux, or the backend has ended: its time is not counted.
    }
  }
  return times;
}

function msOf(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
