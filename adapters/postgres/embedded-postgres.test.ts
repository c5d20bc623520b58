import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { afterAll, describe, expect, it } from 'vitest';
import { User } from '../../core/accounts/user.ts';
import { connectOrOpenEmbedded, liveEmbeddedPort, openEmbeddedPostgres } from './embedded-postgres.ts';
import { MikroOrmAccountRepository } from './mikro-orm-account-repository.ts';
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.ts';
import { migrate, openOrm } from './orm.ts';

// The default deployment (no DATABASE_URL) must keep working whatever the test database is.
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const aUser = (email: string) =>
  new User({ id: crypto.randomUUID(), email, passwordHash: null, firstName: 'Embedded', lastName: 'Member', phoneNumber: null, language: 'sw', emailVerified: false, createdAt: new Date() });

describe('embedded PGlite behind pglite-socket', () => {
  // Three PGlite starts and a second process: some 25 s alone on a 2-core machine, more beside the other files.
  it('persists through the ordinary driver, shares its port with a second process, and reopens with the data', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ikimina-pglite-'));
    dirs.push(dataDir);

    const server = await openEmbeddedPostgres(dataDir);
    const port = Number(await readFile(join(dataDir, 'pglite.port'), 'utf8'));
    expect(server.url).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
    expect(await liveEmbeddedPort(dataDir)).toBe(port);

    const orm = await openOrm({ url: server.url, poolMax: 4, embedded: true });
    expect((await migrate(orm)).previouslyApplied).toBe(0);
    const accounts = new MikroOrmAccountRepository(orm.em);
    const uow = new MikroOrmUnitOfWork(orm.em);
    await RequestContext.create(orm.em, async () => {
      expect(await uow.run(() => accounts.add(aUser('pglite@example.rw')))).toBe('added');
      expect(await uow.run(() => accounts.add(aUser('PGLITE@example.rw')))).toBe('email_taken');
      // A rolled-back unit of work leaves nothing behind.
      await expect(
        uow.run(async () => {
          await accounts.add(aUser('rolled.back@example.rw'));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await accounts.findByEmail('rolled.back@example.rw')).toBeNull();
    });

    // A second process (the CLI) joins the running server instead of opening the folder.
    const joined = await connectOrOpenEmbedded(dataDir);
    expect(joined.url).toBe(server.url);
    const cliOrm = await openOrm({ url: joined.url, poolMax: 2, embedded: true });
    const seen = await RequestContext.create(cliOrm.em, () => new MikroOrmAccountRepository(cliOrm.em).findByEmail('pglite@example.rw'));
    expect(seen?.language).toBe('sw');
    await cliOrm.close();
    await joined.stop();

    await orm.close();
    await server.stop();
    expect(existsSync(join(dataDir, 'pglite.port'))).toBe(false);
    expect(await liveEmbeddedPort(dataDir)).toBeNull();

    const reopened = await openEmbeddedPostgres(dataDir);
    const orm2 = await openOrm({ url: reopened.url, poolMax: 2, embedded: true });
    expect((await migrate(orm2)).applied).toEqual([]);
    const again = await RequestContext.create(orm2.em, () => new MikroOrmAccountRepository(orm2.em).findByEmail('pglite@example.rw'));
    expect(again?.firstName).toBe('Embedded');
    await orm2.close();
    await reopened.stop();
  });
});
