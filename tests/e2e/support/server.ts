/**
 * The real server for the browser tests, `apps/main.ts` as `npm start` runs it, in a child
 * process (from the bundle global-setup.ts made of the same sources, see server-bundle.ts), over
 * a database of its own:
 *
 * - With DATABASE_URL (an admin connection): CREATE DATABASE ikimina_e2e_<random> on that
 *   server, dropped when the server stops.
 * - Without it: a temporary DATA_DIR, so the server opens embedded PGlite there; removed after.
 *
 * Usage (one server per test file; the web client is built once per run by global-setup.ts)
 *   let server: E2eServer;
 *   beforeAll(async () => { server = await startServer(); });
 *   afterAll(() => server?.stop());
 *   await page.goto(server.url);
 *   await server.admin('outbox', 'list');      // the admin CLI against the same database
 *
 * Guarantees
 * - `startServer` resolves only once /readyz answers 200, and rejects with the server's output
 *   when the process exits or is not ready in time.
 * - The child gets no provider configuration from the developer's shell (SMTP, Google, Africa's
 *   Talking are blanked); a test turns one on through `env`.
 * - `stop` ends the server (SIGTERM to its process group, SIGKILL if it lingers) before removing
 *   its database, and may be called more than once.
 * - `admin` rejects with the command and its output when the CLI exits non-zero, or when it has not
 *   finished within ADMIN_TIMEOUT_MS (it is then killed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { adminExecute, withDatabase } from '../../support/test-database.ts';
import { freePort } from '../../support/free-port.ts';
import type { ServerBundle } from './server-bundle.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
/** One admin CLI command (~0.6 s from the bundle; seconds on a loaded machine): past this it is killed and its test fails naming it. */
const ADMIN_TIMEOUT_MS = 120_000;
// Stack traces name the sources; the migrations and the face worker are .ts files node loads itself.
const NODE_FLAGS = ['--enable-source-maps', '--experimental-strip-types'];

/** How to start the server or the admin CLI: from the given bundle, or this run's under vitest, else with tsx as `npm start` / `npm run admin` do (scripts/, bench/). */
function command(entry: 'server' | 'admin', given: ServerBundle | undefined): [string, string[]] {
  const bundle = given ?? (process.env.VITEST ? inject('serverBundle') : undefined);
  if (bundle) return [process.execPath, [...NODE_FLAGS, bundle[entry]]];
  return ['npx', ['tsx', entry === 'server' ? 'apps/main.ts' : 'cli/main.ts']];
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web client built once for this run (global-setup.ts). */
    webDistDir: string;
    /** apps/main.ts and cli/main.ts bundled once for this run (server-bundle.ts); absent in other projects. */
    serverBundle?: { server: string; admin: string };
  }
}

export interface E2eServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash): where it listens, and its PUBLIC_BASE_URL unless `publicHost` named another host. */
  url: string;
  /** The server's PUBLIC_BASE_URL, e.g. http://localhost:41234 with `publicHost: 'localhost'`. */
  publicBaseUrl: string;
  /** Runs the admin CLI (`npm run admin -- …`) against this server's database; answers its stdout. */
  admin(...args: string[]): Promise<string>;
  /** The server's PostgreSQL database (with DATABASE_URL), for a test that must date a record back; undefined on the embedded one. */
  databaseUrl: string | undefined;
  /**
   * The app's own process, started from a bundle (under vitest, or `bundle`): what a bench reads
   * the app's memory of; undefined when `npx tsx` starts it (the app is then a grandchild).
   */
  appPid: number | undefined;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment for the server and its admin CLI (e.g. GOOGLE_CLIENT_ID). */
  env?: Record<string, string>;
  /** The built web client to serve; by default the one global-setup.ts built for this run. */
  webDistDir?: string;
  /**
   * The host of PUBLIC_BASE_URL (default 127.0.0.1, the host of `url`): `localhost` gives a server
   * whose public address is not the one the browser opens (issue 31).
   */
  publicHost?: string;
  /** The server and admin CLI bundled (server-bundle.ts), for a caller outside vitest that wants the app as a process of its own (bench:soak). */
  bundle?: ServerBundle;
}

export async function startServer(options: StartServerOptions = {}): Promise<E2eServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const publicBaseUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const database = await createDatabase();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: publicBaseUrl,
    WEB_DIST_DIR: options.webDistDir ?? inject('webDistDir'),
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    AFRICASTALKING_USERNAME: '',
    AFRICASTALKING_API_KEY: '',
    // NODE_ENV=production requires the gateway's callback secret; a fresh one per server.
    AFRICASTALKING_CALLBACK_SECRET: randomBytes(32).toString('hex'),
    // The browser tests start from empty demo accounts; the demo world has its own tests.
    SEED_DEMO_WORLD: 'false',
    ...database.env,
    ...options.env,
  };

  const output: string[] = [];
  // Its own process group, so that stop() reaches tsx's node process behind npx too.
  const [program, programArgs] = command('server', options.bundle);
  const child = spawn(program, programArgs, { cwd: PROJECT_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      await endProcessGroup(child);
      await database.remove();
    })();
    return stopped;
  };

  try {
    await waitUntilReady(url, child, () => output.join(''));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    publicBaseUrl,
    admin: (...args) => runAdmin(args, env, options.bundle),
    databaseUrl: database.env.DATABASE_URL || undefined,
    appPid: program === process.execPath ? child.pid : undefined,
    stop,
  };
}

export interface ServerDatabase {
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function createDatabase(): Promise<ServerDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `ikimina_e2e_${randomBytes(6).toString('hex')}`;
    await adminExecute(adminUrl, `create database "${name}"`);
    return {
      env: { DATABASE_URL: withDatabase(adminUrl, name) },
      remove: () => adminExecute(adminUrl, `drop database if exists "${name}" with (force)`),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'ikimina-e2e-data-'));
  return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
}


async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready at ${url}/readyz within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export async function endProcessGroup(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined) return;
  const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-group, signal);
      return true;
    } catch {
      return false; // ESRCH: nothing of the group is left.
    }
  };
  // SIGTERM lets the server close its database (and PGlite its data folder) cleanly. npx may
  // exit before the server behind it, so wait for the whole group, not the child alone.
  signalGroup('SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (signalGroup(0)) {
    if (Date.now() > deadline) signalGroup('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function runAdmin(args: string[], env: NodeJS.ProcessEnv, bundle: ServerBundle | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const [program, programArgs] = command('admin', bundle);
    // Its own process group, so that the time limit reaches tsx's node process behind npx too.
    const child = spawn(program, [...programArgs, ...args], { cwd: PROJECT_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // A CLI that hangs fails its test here, named, instead of holding it until the test's own budget.
    const limit = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ESRCH: it ended meanwhile.
      }
      reject(new Error(`admin ${args.join(' ')} did not finish within ${ADMIN_TIMEOUT_MS / 1000} s (killed):\n${stderr}${stdout}`));
    }, ADMIN_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => {
      clearTimeout(limit);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(limit);
      if (code === 0) resolve(stdout);
      else reject(new Error(`admin ${args.join(' ')} exited with ${code ?? signal}:\n${stderr}${stdout}`));
    });
  });
}
