/**
 * `PORT=… npm start` with nothing else set moves the whole app: the real server (`tsx
 * apps/main.ts`, as `npm start` runs it) on a port the system picks (PORT=0), no PUBLIC_BASE_URL,
 * no callback URL, the embedded sandbox. The start-up log names the URL it listens on, and a
 * contribution paid there is Paid within 5 s: the sandbox's callback reached this port (the
 * scheduler is off, so no polling job can have settled it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, endProcessGroup, type ServerDatabase } from '../e2e/support/server.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEMO = { email: 'demo.member@ikimina.demo', password: 'ikimina-demo' };
/** Variables that would pin the public URL, the provider or the mail: blanked, as on a newcomer's machine. */
const UNSET = ['PUBLIC_BASE_URL', 'MOBILE_MONEY_CALLBACK_URL', 'MOBILE_MONEY_PROVIDER', 'SANDBOX_SETTLE_MS', 'SMTP_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY'];

let child: ChildProcess;
let database: ServerDatabase;
let url: string;
const output: string[] = [];

beforeAll(async () => {
  database = await createDatabase();
  const env: NodeJS.ProcessEnv = { ...process.env, ...Object.fromEntries(UNSET.map((name) => [name, ''])) };
  Object.assign(env, { NODE_ENV: 'development', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', SCHEDULER_ENABLED: 'false', SEED_DEMO_WORLD: 'false', WEB_DIST_DIR: '/nonexistent', ...database.env });
  child = spawn('npx', ['tsx', 'apps/main.ts'], { cwd: PROJECT_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line within 60 s:\n${output.join('')}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const listening = output.join('').split('\n').find((line) => line.includes('"Ikimina is listening"'));
      if (listening) {
        clearTimeout(timer);
        resolve((JSON.parse(listening) as { url: string }).url);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output.join('')}`)));
  });
}, 90_000);

afterAll(async () => {
  if (child) await endProcessGroup(child);
  await database?.remove();
});

async function api<T>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

it('logs the URL of the port it listens on, and a contribution paid there is Paid within 5 s', async () => {
  const { port } = new URL(url);
  expect(url).toBe(`http://localhost:${port}`);
  expect(Number(port)).toBeGreaterThan(0);
  expect((await api<{ status: string }>('GET', '/readyz')).body.status).toBe('ok');

  const login = await api<{ token: string }>('POST', '/api/auth/login', undefined, DEMO);
  expect(login.status).toBe(200);
  const token = login.body.token;
  const group = await api<{ id: string }>('POST', '/api/tontines', token, { name: 'Any port', description: 'Savings on whatever port', contributionAmount: 5000, frequency: 'monthly', maxMembers: 1 });
  expect(group.status).toBe(201);
  const owed = (await api<{ id: string; tontineId: string }[]>('GET', '/api/contributions/user', token)).body.find((c) => c.tontineId === group.body.id)!;

  const started = Date.now();
  const paid = await api<{ id: string }>('POST', `/api/contributions/${owed.id}/pay`, token, {}, { 'Idempotency-Key': `any-port-${owed.id}` });
  expect(paid.status).toBe(202);
  let status = 'pending';
  while (status === 'pending' && Date.now() - started < 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await api<{ status: string }>('GET', `/api/payments/${paid.body.id}`, token)).body.status;
  }
  expect(status).toBe('successful');
  expect(Date.now() - started).toBeLessThan(5_000);
  const contribution = (await api<{ id: string; status: string }[]>('GET', '/api/contributions/user', token)).body.find((c) => c.id === owed.id);
  expect(contribution?.status).toBe('completed');
});
