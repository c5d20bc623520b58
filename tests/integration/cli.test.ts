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
    expect(Number(demo[0]?.n)).toBe(2);
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
