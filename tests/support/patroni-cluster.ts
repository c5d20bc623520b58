/**
 * A PostgreSQL cluster that fails over, on this machine, from Debian's packages: one etcd, three
 * PostgreSQL 15 nodes each run by Patroni 3, and HAProxy sending the app's connections to whichever
 * node Patroni's REST API says is the primary (`GET /primary` answers 200 there only): the layout
 * README's "A primary that fails over" documents, on loopback ports.
 *
 * - Synchronous mode: a commit returns once a standby has it too, and only such a standby may be
 *   promoted, so nothing the app was told is committed is lost in a failover.
 * - Short timings (ttl 10 s, loop 1 s) so a failover takes seconds, not the default half minute.
 * - `killPrimary` is `kill -9` of the primary's Patroni and of its postmaster: the node dies.
 * - As root every process but HAProxy runs as `postgres`. Under CI=true missing packages fail the
 *   run (.ci/run installs them); elsewhere the tests skip.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { until } from './until.ts';
import { freePort } from './free-port.ts';

const run = promisify(execFile);
const BINARIES = ['/usr/bin/patroni', '/usr/bin/etcd', '/usr/sbin/haproxy'];

export function patroniAvailable(): boolean {
  const missing = BINARIES.filter((binary) => !existsSync(binary));
  if (missing.length === 0) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true and ${missing.join(', ')} missing: install Debian's patroni, etcd-server and haproxy (see .ci/run)`);
  console.warn(`${missing.join(', ')} missing: skipping the failover test (apt-get install patroni etcd-server haproxy)`);
  return false;
}


export interface PatroniCluster {
  /** Through HAProxy: always the current primary. */
  url(database: string): string;
  /** The node Patroni names primary now, if any. */
  primary(): Promise<string | undefined>;
  /** `kill -9` of the primary's Patroni and postmaster; answers the node's name. */
  killPrimary(): Promise<string>;
  stop(): Promise<void>;
}

export async function startPatroniCluster(): Promise<PatroniCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'ikimina-patroni-'));
  await chmod(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot
    ? { uid: Number((await run('id', ['-u', 'postgres'])).stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) }
    : {};
  const children: ChildProcess[] = [];
  const start = (command: string, args: string[], log: string, asPostgres = true) => {
    const output = openSync(join(dir, log), 'w');
    const child = spawn(command, args, { ...(asPostgres ? owner : {}), cwd: dir, stdio: ['ignore', output, output] });
    children.push(child);
    return child;
  };
  const [etcdClient, etcdPeer, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const nodes = await Promise.all(['n1', 'n2', 'n3'].map(async (name) => ({ name, pgPort: await freePort(), apiPort: await freePort(), patroni: undefined as ChildProcess | undefined })));

  start('/usr/bin/etcd', [
    '--data-dir', join(dir, 'etcd'),
    '--listen-client-urls', `http://127.0.0.1:${etcdClient}`,
    '--advertise-client-urls', `http://127.0.0.1:${etcdClient}`,
    '--listen-peer-urls', `http://127.0.0.1:${etcdPeer}`,
    '--initial-advertise-peer-urls', `http://127.0.0.1:${etcdPeer}`,
    '--initial-cluster', `default=http://127.0.0.1:${etcdPeer}`,
  ], 'etcd.log');

  for (const node of nodes) {
    const config = `scope: ikimina
name: ${node.name}
restapi:
  listen: 127.0.0.1:${node.apiPort}
  connect_address: 127.0.0.1:${node.apiPort}
etcd3:
  hosts: 127.0.0.1:${etcdClient}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        fsync: 'off'
        full_page_writes: 'off'
  initdb:
    - encoding: UTF8
    - no-sync
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${node.pgPort}
  connect_address: 127.0.0.1:${node.pgPort}
  data_dir: ${join(dir, node.name)}
  bin_dir: /usr/lib/postgresql/15/bin
  pgpass: ${join(dir, `${node.name}.pgpass`)}
  authentication:
    superuser:
      username: postgres
    replication:
      username: postgres
  parameters:
    unix_socket_directories: ${dir}
`;
    await writeFile(join(dir, `${node.name}.yml`), config, { mode: 0o644 });
  }
  await writeFile(
    join(dir, 'haproxy.cfg'),
    `global
  maxconn 500
defaults
  mode tcp
  timeout connect 2s
  timeout client 60m
  timeout server 60m
  timeout check 1s
listen primary
  bind 127.0.0.1:${proxyPort}
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.apiPort}`).join('\n')}
`,
  );
  // etcd first, then the nodes one after the other, so that n1 bootstraps the cluster.
  await until(async () => (await fetch(`http://127.0.0.1:${etcdClient}/health`).catch(() => undefined))?.ok === true, (ok) => ok);
  for (const node of nodes) node.patroni = start('/usr/bin/patroni', [join(dir, `${node.name}.yml`)], `${node.name}.log`);
  start('/usr/sbin/haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], 'haproxy.log', false);

  const url = (database: string) => `postgres://postgres@127.0.0.1:${proxyPort}/${database}`;
  async function primary(): Promise<string | undefined> {
    for (const node of nodes) {
      const answer = await fetch(`http://127.0.0.1:${node.apiPort}/primary`, { signal: AbortSignal.timeout(1_000) }).catch(() => undefined);
      if (answer?.status === 200) return node.name;
    }
    return undefined;
  }
  async function writable(): Promise<boolean> {
    const client = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      return (await client.query('select pg_is_in_recovery() as standby')).rows[0]?.standby === false;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  /** Every node running, the primary reached through HAProxy, a synchronous standby named. */
  const ready = await until(
    async () => {
      if (!(await writable())) return false;
      const answer = await fetch(`http://127.0.0.1:${nodes[0]!.apiPort}/cluster`).catch(() => undefined);
      const cluster = (await answer?.json().catch(() => undefined)) as { members?: { role: string; state: string }[] } | undefined;
      const members = cluster?.members ?? [];
      return members.length === 3 && members.every((m) => m.state === 'running' || m.state === 'streaming') && members.some((m) => m.role === 'sync_standby');
    },
    (ok) => ok,
    120_000,
    500,
  );
  const stop = async () => {
    for (const child of children.reverse()) child.kill('SIGKILL');
    // The postmasters Patroni started outlive it: stop each by its data folder.
    for (const node of nodes) {
      const pid = Number((await readFile(join(dir, node.name, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already: the primary the test killed.
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    await rm(dir, { recursive: true, force: true });
  };
  if (!ready) {
    const logs = await Promise.all(['n1.log', 'n2.log', 'n3.log'].map((f) => readFile(join(dir, f), 'utf8').catch(() => '')));
    await stop();
    throw new Error(`the Patroni cluster did not come up:\n${logs.join('\n')}`);
  }
  return {
    url,
    primary,
    async killPrimary() {
      const name = await primary();
      const node = nodes.find((n) => n.name === name);
      if (!node) throw new Error('no primary to kill');
      const postmaster = Number((await readFile(join(dir, node.name, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      node.patroni?.kill('SIGKILL');
      process.kill(postmaster, 'SIGKILL');
      return node.name;
    },
    stop,
  };
}
