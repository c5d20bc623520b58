/**
 * The whole product on this machine for the scripts that film or photograph it (record-demo.ts,
 * page-screenshots.ts): the web client built into a temporary folder, the server started as
 * `npm start` runs it (`tsx apps/main.ts`), embedded defaults everywhere (sandbox mobile money, SMS
 * and e-mail outboxes), the demo world seeded (SEED_DEMO_WORLD), over a database of its own:
 * CREATE DATABASE on DATABASE_URL's server when it is set, else embedded PGlite in a temporary
 * DATA_DIR. `stop()` ends the server and removes its database and folders.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { openOrm } from '../../adapters/postgres/orm.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 180_000;

export interface SandboxServer {
  url: string;
  stop(): Promise<void>;
}

async function adminExecute(adminUrl: string, sql: string): Promise<void> {
  const admin = await openOrm({ url: adminUrl, poolMax: 1 });
  try {
    await admin.em.fork().execute(sql);
  } finally {
    await admin.close();
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function endGroup(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined) return Promise.resolve();
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-group, name);
      return true;
    } catch {
      return false;
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 10_000;
  return (async () => {
    while (signal(0)) {
      if (Date.now() > deadline) signal('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
}

export async function startSandboxServer(log: (line: string) => void = () => {}): Promise<SandboxServer> {
  const work = await mkdtemp(join(tmpdir(), 'ikimina-sandbox-'));
  const webDir = join(work, 'web');
  log('building the web client…');
  await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });

  const adminUrl = process.env.DATABASE_URL;
  const dbName = `ikimina_sandbox_${randomBytes(6).toString('hex')}`;
  let databaseEnv: Record<string, string>;
  if (adminUrl) {
    await adminExecute(adminUrl, `create database "${dbName}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseEnv = { DATABASE_URL: url.toString(), DATA_DIR: join(work, 'data') };
  } else {
    databaseEnv = { DATABASE_URL: '', DATA_DIR: join(work, 'data') };
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn('npx', ['tsx', 'apps/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: url,
      WEB_DIST_DIR: webDir,
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      AFRICASTALKING_USERNAME: '',
      AFRICASTALKING_API_KEY: '',
      SEED_DEMO_WORLD: 'true',
      ...databaseEnv,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const stop = async () => {
    await endGroup(child);
    if (adminUrl) await adminExecute(adminUrl, `drop database if exists "${dbName}" with (force)`).catch(() => {});
    await rm(work, { recursive: true, force: true });
  };

  log(`starting the server on ${url}…`);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { url, stop };
}
