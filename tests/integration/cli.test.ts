import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
});
afterAll(async () => {
  await db?.drop();
});

function admin(...argv: string[]) {
  return runAdmin(t.container, ...argv);
}

describe('admin CLI', () => {
  it('db migrate reports an up-to-date database', async () => {
    expect(await admin('db', 'migrate')).toEqual({ code: 0, output: 'The database is up to date.\n' });
  });

  it('demo seed creates the demo accounts once', async () => {
    const first = await admin('demo', 'seed');
    expect(first.output).toMatch(/demo\.member@ikimina\.demo .*created/);
    const again = await admin('demo', 'seed');
    expect(again.output).toMatch(/demo\.member@ikimina\.demo .*already there/);
    const demo = await db.orm.em.fork().execute<{ n: string }[]>("select count(*) as n from users where is_demo and nida_verified and email like '%@ikimina.demo'");
    expect(Number(demo[0]?.n)).toBe(3);
  });

  it('users list shows a registered member', async () => {
    await request(t.handler).post('/api/auth/register').send({ email: 'cli.user@example.rw', password: 'long enough', firstName: 'Eric', lastName: 'Habimana' });
    const { code, output } = await admin('users', 'list');
    expect(code).toBe(0);
    expect(output).toContain('cli.user@example.rw');
    expect(output).toContain('Eric Habimana');
  });

  it('outbox list shows the sign-in mail with its clickable link, and filters by channel', async () => {
    await request(t.handler).post('/api/auth/magic-link').send({ email: 'cli.user@example.rw' });
    const { code, output } = await admin('outbox', 'list', '--channel', 'email', '--limit', '5');
    expect(code).toBe(0);
    expect(output).toContain('EMAIL');
    expect(output).toContain('pending (no SMTP_URL: kept in outbox)');
    expect(output).toMatch(/http:\/\/ikimina\.test\/auth\/magic-link#token=[A-Za-z0-9_-]{43}/);
    expect((await admin('outbox', 'list', '--channel', 'sms')).output).toBe('The outbox is empty.\n');
  });

  it('users list shows a phone (USSD) account with its phone and a dash for the e-mail', async () => {
    const phone = '+250788123459';
    const steps = ['', '1', '1*Keza', '1*Keza*Mutoni', '1*Keza*Mutoni*58241', '1*Keza*Mutoni*58241*58241'];
    for (const text of steps) await request(t.handler).post('/ussd/africastalking').type('form').send({ sessionId: 'cli-phone-1', phoneNumber: phone, text });
    const { code, output } = await admin('users', 'list');
    expect(code).toBe(0);
    const row = output.split('\n').find((line) => line.includes('Keza Mutoni'));
    expect(row).toBeDefined();
    const cells = row!.split('│').map((cell) => cell.trim()).filter((cell) => cell !== '');
    expect(cells.slice(0, 3)).toEqual(['—', phone, 'Keza Mutoni']);
    expect(cells[4]).toBe('—');
    expect(output).not.toContain('null');
  });

  it('fails with its usage instead of prompting when not on a terminal', async () => {
    const { code, output } = await admin('outbox', 'show');
    expect(code).toBe(2);
    expect(output).toContain("missing argument 'id'");
    expect(output).toContain('Usage: ikimina-admin outbox show');
  });

  it('rejects invalid options with exit code 2', async () => {
    expect((await admin('users', 'list', '--limit', 'lots')).code).toBe(2);
    expect((await admin('outbox', 'list', '--channel', 'fax')).code).not.toBe(0);
  });
});
