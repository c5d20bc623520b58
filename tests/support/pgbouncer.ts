/**
 * A real PgBouncer (Debian's 1.18, /usr/sbin/pgbouncer) in transaction mode in front of the test
 * server, on a free loopback port: what README's "PgBouncer in front" describes, for the tests
 * that run the app through it.
 *
 * - `serverSessions` is PgBouncer's `default_pool_size`: with 1 every transaction of every client
 *   shares one server session, so anything the app keeps in a session (a named prepared
 *   statement, a session advisory lock) meets the next client's at once.
 * - PgBouncer refuses to run as root; as root it is started with `-u postgres`, and its folder is
 *   made readable to that user.
 * - Under CI=true a missing PgBouncer fails the run (.ci/run installs it); elsewhere it skips.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from './until.ts';
import { freePort } from './free-port.ts';

export const PGBOUNCER_PATH = '/usr/sbin/pgbouncer';

export function pgbouncerAvailable(): boolean {
  if (existsSync(PGBOUNCER_PATH)) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true and no PgBouncer at ${PGBOUNCER_PATH}: install Debian's pgbouncer (see .ci/run)`);
  console.warn(`No PgBouncer at ${PGBOUNCER_PATH}: skipping the PgBouncer tests (apt-get install pgbouncer)`);
  return false;
}

export interface RunningPgBouncer {
  /** `databaseUrl` with its host and port replaced by PgBouncer's. */
  urlFor(databaseUrl: string): string;
  /** PgBouncer's own log, for a failing test's message. */
  log(): Promise<string>;
  stop(): Promise<void>;
}


/** Starts PgBouncer in front of `serverUrl`'s PostgreSQL (any database on it, as the same user). */
export async function startPgBouncer(serverUrl: string, options: { serverSessions: number }): Promise<RunningPgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = await mkdtemp(join(tmpdir(), 'ikimina-pgbouncer-'));
  const port = await freePort();
  const logFile = join(dir, 'pgbouncer.log');
  await writeFile(join(dir, 'users.txt'), `"${user}" ""\n`);
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.serverSessions}`,
      'max_client_conn = 200',
      `logfile = ${logFile}`,
      // Clients wait for a server session rather than fail while the tests hold them all.
      'query_wait_timeout = 60',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    await chmod(dir, 0o777);
    for (const file of ['users.txt', 'pgbouncer.ini']) await chmod(join(dir, file), 0o644);
  }
  const child: ChildProcess = spawn(PGBOUNCER_PATH, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  const log = () => readFile(logFile, 'utf8').catch(() => '');
  const listening = await until(async () => !exited && /listening on 127\.0\.0\.1:\d+/.test(await log()), (ready) => ready || exited);
  if (!listening) {
    child.kill('SIGKILL');
    throw new Error(`PgBouncer did not start:\n${await log()}`);
  }
  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    log,
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
