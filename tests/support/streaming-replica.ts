/**
 * A PostgreSQL 15 primary and a streaming standby of it (or the primary alone), made on this machine with Debian's own
 * binaries (initdb, pg_ctl, pg_basebackup -R) in a temporary folder on two free loopback ports:
 * what README's "Read replicas" deploys, for the tests that prove where reads go.
 *
 * - The primary is its own cluster (trust on loopback, replication allowed), not the machine's
 *   server, whose pg_hba.conf allows no replication connection.
 * - `pauseReplay`/`resumeReplay` make the standby lag on demand (pg_wal_replay_pause); `stopStandby`
 *   stops it at once (`-m immediate`), as a crash would.
 * - As root the clusters run as `postgres` (PostgreSQL refuses root).
 * - fsync off (only the operating system's crash needs it; a killed server's pages are still in its
 *   cache), synchronous_commit on: a commit the app was told of survives `stopPrimary`.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { until } from './until.ts';
import { freePort } from './free-port.ts';

const run = promisify(execFile);
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';


async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid), gid: Number(gid) };
}

export interface StreamingPair {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` on the primary. */
  primaryUrl(database: string): string;
  standbyUrl(database: string): string;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops the primary at once (`-m immediate`, as a crash), and starts it again. */
  stopPrimary(): Promise<void>;
  startPrimary(): Promise<void>;
  stop(): Promise<void>;
}

/** `standby: false`: the primary alone (a test of the primary going away needs no standby). */
export async function startStreamingPair(layout: { standby?: boolean } = {}): Promise<StreamingPair> {
  const dir = await mkdtemp(join(tmpdir(), 'ikimina-replication-'));
  await chmod(dir, 0o777);
  const owner = await postgresUser();
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const bin = (name: string, args: string[]) => run(join(POSTGRES_BIN, name), args, { ...as, cwd: dir });
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primaryDir = join(dir, 'primary');
  const standbyDir = join(dir, 'standby');
  const options = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;

  await bin('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // wal_level replica and max_wal_senders are PostgreSQL 15's defaults; initdb's pg_hba.conf lets loopback replicate under trust.
  const startPrimary = async () => {
    await bin('pg_ctl', ['-D', primaryDir, '-l', join(dir, 'primary.log'), '-o', options(primaryPort), '-w', 'start']);
  };
  await startPrimary();
  const withStandby = layout.standby ?? true;
  if (withStandby) await bin('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
  const startStandby = async () => {
    await bin('pg_ctl', ['-D', standbyDir, '-l', join(dir, 'standby.log'), '-o', `${options(standbyPort)} -c hot_standby=on`, '-w', 'start']);
  };
  if (withStandby) await startStandby();

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  async function query<Row>(port: number, sql: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: url(port, 'postgres') });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  return {
    primaryUrl: (database) => url(primaryPort, database),
    standbyUrl: (database) => url(standbyPort, database),
    async caughtUp() {
      const [primary] = await query<{ lsn: string }>(primaryPort, 'select pg_current_wal_insert_lsn()::text as lsn');
      const lsn = primary!.lsn;
      const replayed = await until(
        async () => (await query<{ caught: boolean }>(standbyPort, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as caught`))[0]?.caught === true,
        (caught) => caught,
      );
      if (!replayed) throw new Error(`the standby did not replay up to ${lsn}`);
    },
    async pauseReplay() {
      await query(standbyPort, 'select pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await query(standbyPort, 'select pg_wal_replay_resume()');
    },
    async stopStandby() {
      await bin('pg_ctl', ['-D', standbyDir, '-m', 'immediate', 'stop']);
    },
    startStandby,
    async stopPrimary() {
      await bin('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
    },
    startPrimary,
    async stop() {
      await bin('pg_ctl', ['-D', standbyDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      await bin('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
