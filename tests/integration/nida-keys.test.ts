/**
 * The national ID numbers' encryption keys against PostgreSQL: rows sealed under key 1, key 2
 * configured as the active one, `keys rotate` re-encrypting them all (readable after, under key 2
 * alone), an interrupted rotation resumed, and a tampered or unreadable row refused.
 */
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../apps/tokens.ts';
import { InMemoryMemberImages } from '../../core/identity/identity.fixtures.ts';
import type { NationalIdVault } from '../../core/identity/ports.ts';
import { RotateNationalIdKeys } from '../../core/identity/rotate-national-id-keys.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { signUp, type SignedUpMember } from '../support/openapi-cases.ts';
import { createTestApp, TEST_NATIONAL_ID_HASH_KEY, TEST_NATIONAL_ID_KEYS, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const PEOPLE = [
  { idNumber: '1199080000001001', firstName: 'Jean Bosco', lastName: 'Habimana' },
  { idNumber: '1198570000002002', firstName: 'Marie Claire', lastName: 'Uwimana' },
  { idNumber: '1200180000003003', firstName: 'Eric', lastName: 'Nsengimana' },
  { idNumber: '1197670000004004', firstName: 'Therese', lastName: 'Mukamana' },
  { idNumber: '2199580000005005', firstName: 'Jean-Paul', lastName: 'Niyonzima' },
];
const KEY_2 = `2:${Buffer.alloc(32, 21).toString('base64')}`;
const KEY_3 = `3:${Buffer.alloc(32, 31).toString('base64')}`;

let db: TestDatabase;
/** The register's photo of Jean Bosco is kept here, not in the app's storage. */
const images = new InMemoryMemberImages();
const members: SignedUpMember[] = [];

/** The app with these keys: the same database, the same hash key. */
const appWith = (keys: string) => createTestApp(db, { memberImages: images, env: { NATIONAL_ID_KEYS: keys, NATIONAL_ID_HASH_KEY: TEST_NATIONAL_ID_HASH_KEY } });
const versions = async () =>
  (await db.orm.em.fork().execute<{ key_version: number; n: string }[]>('select key_version, count(*) as n from national_ids group by key_version order by key_version')).map((r) => [r.key_version, Number(r.n)]);
const statusOf = (t: TestApp, m: SignedUpMember) => request(t.handler).get('/api/nida/status').set('Authorization', `Bearer ${m.token}`);

beforeAll(async () => {
  db = await createTestDatabase();
  const underKey1 = createTestApp(db, { memberImages: images });
  for (const [i, person] of PEOPLE.entries()) {
    const m = await signUp(underKey1, `Keys${"ABCDE"[i]}`);
    const res = await request(underKey1.handler).post('/api/nida/verify-nida').set('Authorization', `Bearer ${m.token}`).send({ ...person, phoneNumber: m.phone });
    expect(res.status).toBe(200);
    members.push(m);
  }
});
afterAll(async () => {
  await db?.drop();
});

describe('keys rotate', () => {
  it('re-encrypts every row under the active key version in committed batches, printing its progress; every number reads the same after, under the new key alone', async () => {
    expect(await versions()).toEqual([[1, 5]]);
    const rotating = appWith(`${KEY_2},${TEST_NATIONAL_ID_KEYS}`);
    // While the old key is still configured, rows under it read as before.
    expect((await statusOf(rotating, members[0]!)).body.idNumber).toBe(PEOPLE[0]!.idNumber);

    const run = await runAdmin(rotating.container, '--as', 'grace', 'keys', 'rotate', '--batch-size', '2');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toBe('  2/5 re-encrypted\n  4/5 re-encrypted\n  5/5 re-encrypted\nRe-encrypted 5 national ID number(s) under key version 2.\n');
    expect(await versions()).toEqual([[2, 5]]);

    const key2Only = appWith(KEY_2);
    for (const [i, m] of members.entries()) expect((await statusOf(key2Only, m)).body.idNumber).toBe(PEOPLE[i]!.idNumber);
    // The one-ID-per-account look-up still finds the numbers (the hash key did not change).
    const copycat = await signUp(key2Only, 'Copycat');
    const copied = await request(key2Only.handler).post('/api/nida/verify-nida').set('Authorization', `Bearer ${copycat.token}`).send({ ...PEOPLE[1], phoneNumber: copycat.phone });
    expect(copied.body.code).toBe('national_id_in_use');

    const audit = await db.orm.em.fork().execute<{ actor: string; details: unknown }[]>(`select actor, details from audit_log where action = 'key_rotated'`);
    expect(audit).toEqual([{ actor: 'admin:grace', details: { key: 'national_id', keyVersion: 2, rows: 5 } }]);

    // Running it again is harmless.
    const again = await runAdmin(rotating.container, 'keys', 'rotate');
    expect([again.code, again.output]).toEqual([0, 'Every national ID number is already under key version 2: nothing to re-encrypt.\n']);
    expect(await db.count('audit_log')).toBeGreaterThan(0);
    expect((await db.orm.em.fork().execute<unknown[]>(`select 1 from audit_log where action = 'key_rotated'`)).length).toBe(1);
  });

  it('resumes an interrupted rotation: the committed batch stays, the rest follows on the next run', async () => {
    const rotating = appWith(`${KEY_3},${KEY_2}`);
    const vault = rotating.container.get(TOKENS.NationalIdVault);
    let sealed = 0;
    // Fails on the third seal: the first batch of two is committed, the second is rolled back.
    const failing: NationalIdVault = {
      activeKeyVersion: vault.activeKeyVersion,
      open: (ciphertext, rowId) => vault.open(ciphertext, rowId),
      lookupHash: (nin) => vault.lookupHash(nin),
      seal: (nin, rowId) => {
        if (++sealed === 3) throw new Error('the power went out');
        return vault.seal(nin, rowId);
      },
    };
    const interrupted = new RotateNationalIdKeys({
      nationalIds: rotating.container.get(TOKENS.NationalIdRepository),
      vault: failing,
      audit: rotating.container.get(TOKENS.AuditTrail),
      uow: rotating.container.get(TOKENS.UnitOfWork),
    });
    await expect(RequestContext.create(db.orm.em, () => interrupted.execute({ rotatedBy: 'admin:grace', batchSize: 2 }))).rejects.toThrow('the power went out');
    expect(await versions()).toEqual([
      [2, 3],
      [3, 2],
    ]);

    const resumed = await runAdmin(rotating.container, 'keys', 'rotate', '--batch-size', '2');
    expect(resumed.output).toBe('  2/3 re-encrypted\n  3/3 re-encrypted\nRe-encrypted 3 national ID number(s) under key version 3.\n');
    expect(await versions()).toEqual([[3, 5]]);
    for (const [i, m] of members.entries()) expect((await statusOf(appWith(KEY_3), m)).body.idNumber).toBe(PEOPLE[i]!.idNumber);
  });

  it('stops with an error, changing nothing, when a row is under a key that is no longer configured; validates its option', async () => {
    const without3 = appWith(`4:${Buffer.alloc(32, 41).toString('base64')}`);
    const run = await runAdmin(without3.container, 'keys', 'rotate');
    expect(run.code).toBe(1);
    expect(run.output).toContain('error: the rotation stopped: national ID key version 3 is not configured');
    expect(await versions()).toEqual([[3, 5]]);
    const bad = await runAdmin(without3.container, 'keys', 'rotate', '--batch-size', 'many');
    expect([bad.code, bad.output]).toEqual([2, 'error: batch size must be a number\n']);
  });

  it('refuses to show a number whose ciphertext was altered or copied onto another row: 500, nothing leaked', async () => {
    const t = appWith(KEY_3);
    const em = db.orm.em.fork();
    const [a, b] = [members[0]!, members[1]!];
    await em.execute(`update national_ids set id_number_sealed = (select id_number_sealed from national_ids where user_id = ?) where user_id = ?`, [b.id, a.id]);
    const copied = await statusOf(t, a);
    expect([copied.status, copied.body]).toEqual([500, { error: 'Something went wrong on our side. Please try again.', code: 'internal_error' }]);
    await em.execute(`update national_ids set id_number_sealed = regexp_replace(id_number_sealed, ':[A-Za-z0-9_-]', ':A') where user_id = ?`, [b.id]);
    expect((await statusOf(t, b)).status).toBe(500);
  });
});
