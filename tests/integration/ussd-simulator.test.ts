/**
 * The USSD simulator (`npm run ussd`) as a person uses it: typed replies on stdin, framed screens
 * on stdout, against a running server and in-process over the same database.
 */
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let server: Server;
let url: string;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestApp(db).app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.drop();
});

function simulate(args: string[], typed: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'cli/ussd-simulator.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(typed.map((line) => `${line}\n`).join(''));
  });
}

describe('npm run ussd', () => {
  it('registers through a running server, showing each screen in a phone frame', async () => {
    const { code, out } = await simulate(['--phone', '0788 555 001', '--url', url], ['1', 'Amina', 'Uwase', '24680', '24680']);
    expect(code).toBe(0);
    expect(out).toContain('Dialling *384*123# from +250788555001');
    expect(out).toContain('| Welcome to Ikimina         |');
    expect(out).toContain('| 1 Register                 |');
    expect(out).toMatch(/\| Welcome Amina! Your {8}\|\n\| Ikimina account is ready\. {2}\|/);
    // Piped replies are echoed after the prompt, as a terminal would show them.
    expect(out).toContain('> Amina\n');
    for (const line of out.split('\n').filter((l) => l.startsWith('|'))) expect(line).toHaveLength(30);
  }, 60_000);

  it('runs in-process over the configured database: the member registered above signs in', async () => {
    const { code, out } = await simulate(['--phone', '+250788555001', '--in-process'], ['24680', '1'], { DATABASE_URL: db.url, NODE_ENV: 'test' });
    expect(code).toBe(0);
    expect(out).toContain('| Ikimina: hello Amina.');
    expect(out).toContain('| Savings: 0 RWF');
  }, 60_000);

  it('dials the app on PORT when no --url is given, as `npm start` listens there', async () => {
    const port = String((server.address() as AddressInfo).port);
    const { code, out } = await simulate(['--phone', '+250788555001'], ['24680'], { PORT: port });
    expect(code).toBe(0);
    expect(out).toContain(`Dialling *384*123# from +250788555001 at http://localhost:${port}`);
    expect(out).toContain('| Ikimina: Amina');
  }, 60_000);

  it('refuses a number that is not a phone number', async () => {
    expect((await simulate(['--phone', 'nobody', '--url', url], [])).code).toBe(2);
  }, 60_000);

  it("dials a server that has a callback secret with AFRICASTALKING_CALLBACK_SECRET, and says what a 404 means without it", async () => {
    const secret = 'simulator-secret-0123456789abcdef0123';
    const guarded = createTestApp(db, { env: { AFRICASTALKING_CALLBACK_SECRET: secret } }).app.listen(0, '127.0.0.1');
    await new Promise((resolve) => guarded.once('listening', resolve));
    const guardedUrl = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
    try {
      const dialled = await simulate(['--phone', '+250788555001', '--url', guardedUrl], ['24680'], { AFRICASTALKING_CALLBACK_SECRET: secret });
      expect(dialled.code).toBe(0);
      expect(dialled.out).toContain('(with the callback secret)');
      expect(dialled.out).toContain('| Ikimina: Amina');
      const refused = await simulate(['--phone', '+250788555001', '--url', guardedUrl], [], { AFRICASTALKING_CALLBACK_SECRET: '' });
      expect(refused.out).toContain("(the gateway would end the session: HTTP 404; is AFRICASTALKING_CALLBACK_SECRET (or --secret) the server's?)");
    } finally {
      await new Promise((resolve) => guarded.close(resolve));
    }
  }, 60_000);
});
