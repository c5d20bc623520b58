import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_PIN_ACCESS, slowedUntil } from '../../core/accounts/pin-slowdown.ts';
import { User } from '../../core/accounts/user.ts';
import { MikroOrmAccountRepository } from '../../adapters/postgres/mikro-orm-account-repository.ts';
import { MikroOrmUnitOfWork } from '../../adapters/postgres/mikro-orm-unit-of-work.ts';
import { PostgresUssdPins } from '../../adapters/postgres/ussd-pins.ts';
import { PostgresUssdSessionStore } from '../../adapters/postgres/ussd-session-store.ts';
import { Migration20261123060100 } from '../../adapters/postgres/migrations/Migration20261123060100.ts';
import { USSD_SESSION_FORMAT, type UssdSession } from '../../ussd/session.ts';
import type { StoredUssdState } from '../../core/accounts/ussd-pins.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const NOW = new Date('2026-03-10T08:00:00Z');
const TTL = 300_000;
const inContext = <T>(work: () => Promise<T>) => RequestContext.create(db.orm.em, work);
const tx = <T>(work: (store: PostgresUssdSessionStore<UssdSession>) => Promise<T>) =>
  inContext(() => new MikroOrmUnitOfWork(db.orm.em).run(() => work(new PostgresUssdSessionStore(db.orm.em, USSD_SESSION_FORMAT))));

describe('USSD session store', () => {
  it('starts a session new, keeps what is saved, and answers an expired session as new', async () => {
    const first = await tx((s) => s.lock('S-1', '+250788000001', NOW, TTL));
    expect(first).toEqual({ session: { verdicts: {} }, access: FRESH_PIN_ACCESS, caller: null, phoneMismatch: false, expired: false });
    const session = { verdicts: { '0': { kind: 'signed_in' as const } } };
    const access = { wrongInARow: 2, lastWrongAt: NOW.toISOString(), retryAt: null };
    await tx((s) => s.save('S-1', '+250788000001', session, access, NOW, TTL));
    // Locking a live session renews its time-to-live from then.
    const later = new Date(NOW.getTime() + TTL - 1);
    expect(await tx((s) => s.lock('S-1', '+250788000001', later, TTL))).toEqual({ session, access, caller: null, phoneMismatch: false, expired: false });
    expect(await tx((s) => s.lock('S-1', '+250788000001', new Date(later.getTime() + TTL - 1), TTL))).toMatchObject({ session, expired: false });
    // Past the time-to-live the session is forgotten, and stays so until saved; the phone's PIN access is not.
    const expiredAt = new Date(later.getTime() + 2 * TTL);
    expect(await tx((s) => s.lock('S-1', '+250788000001', expiredAt, TTL))).toEqual({ session: { verdicts: {} }, access, caller: null, phoneMismatch: false, expired: true });
    expect(await tx((s) => s.lock('S-1', '+250788000001', expiredAt, TTL))).toMatchObject({ session: { verdicts: {} }, expired: true });
  });

  it('renews a live session at most once a minute: within the minute its expiry (an indexed column) stays', async () => {
    const expiry = async () => {
      const row = (await db.orm.em.fork().execute<{ expires_at: string | Date }[]>("select expires_at from ussd_session where session_id = 'S-1r'"))[0]!.expires_at;
      return new Date(row).getTime();
    };
    await tx((s) => s.lock('S-1r', '+250788000097', NOW, TTL));
    expect(await expiry()).toBe(NOW.getTime() + TTL);
    await tx((s) => s.lock('S-1r', '+250788000097', new Date(NOW.getTime() + 30_000), TTL));
    expect(await expiry()).toBe(NOW.getTime() + TTL);
    const later = new Date(NOW.getTime() + 90_000);
    await tx((s) => s.lock('S-1r', '+250788000097', later, TTL));
    expect(await expiry()).toBe(later.getTime() + TTL);
    // A verdict saved by compare-and-set follows the same rule.
    const fresh = { session: { verdicts: {} }, access: FRESH_PIN_ACCESS };
    const signedIn = { session: { verdicts: { '1': { kind: 'signed_in' as const } } }, access: FRESH_PIN_ACCESS };
    const store = () => new PostgresUssdSessionStore(db.orm.em, USSD_SESSION_FORMAT);
    expect(await inContext(() => store().saveIfUnchanged('S-1r', '+250788000097', fresh, signedIn, new Date(later.getTime() + 10_000), TTL))).toBe(true);
    expect(await expiry()).toBe(later.getTime() + TTL);
    const muchLater = new Date(later.getTime() + 120_000);
    expect(await inContext(() => store().saveIfUnchanged('S-1r', '+250788000097', signedIn, fresh, muchLater, TTL))).toBe(true);
    expect(await expiry()).toBe(muchLater.getTime() + TTL);
  });

  it("never hands a session's signed-in state to another phone number", async () => {
    await tx((s) => s.save('S-2', '+250788000002', { verdicts: { '0': { kind: 'signed_in' } } }, FRESH_PIN_ACCESS, NOW, TTL));
    const other = await tx((s) => s.lock('S-2', '+250788000003', NOW, TTL));
    expect(other.phoneMismatch).toBe(true);
    expect(other.session).toEqual({ verdicts: {} });
  });

  it('runs the requests of one session one at a time: a second lock waits for the first transaction', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = tx(async (s) => {
      await s.lock('S-3', '+250788000004', NOW, TTL);
      order.push('first locked');
      await held;
      await s.save('S-3', '+250788000004', { verdicts: { '1': { kind: 'signed_in' } } }, FRESH_PIN_ACCESS, NOW, TTL);
      order.push('first saved');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = tx(async (s) => {
      const state = await s.lock('S-3', '+250788000004', NOW, TTL);
      order.push('second locked');
      return state;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(order).toEqual(['first locked']);
    release();
    await first;
    // The second sees what the first saved, not the state both started from.
    expect((await second).session).toEqual({ verdicts: { '1': { kind: 'signed_in' } } });
    expect(order).toEqual(['first locked', 'first saved', 'second locked']);
  });

  it("holds the phone's PIN access row inside a transaction: another session of the phone waits; outside one, reads what is committed", async () => {
    const phone = '+250788000095';
    await tx((s) => s.lock('S-5a', phone, NOW, TTL));
    const wrongOnce = { wrongInARow: 1, lastWrongAt: NOW.toISOString(), retryAt: null };
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = tx(async (s) => {
      await s.lock('S-5a', phone, NOW, TTL);
      await held;
      await s.save('S-5a', phone, { verdicts: {} }, wrongOnce, NOW, TTL);
      order.push('first saved');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Outside a transaction: not held up, the access as committed. (Not on the embedded PGlite,
    // whose one backend runs one transaction at a time: there every statement waits for the first.)
    if (db.kind === 'server') {
      expect((await inContext(() => new PostgresUssdSessionStore(db.orm.em, USSD_SESSION_FORMAT).lock('S-5c', phone, NOW, TTL))).access).toEqual(FRESH_PIN_ACCESS);
    }
    const second = tx(async (s) => {
      const state = await s.lock('S-5b', phone, NOW, TTL);
      order.push('second locked');
      return state;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(order).toEqual([]);
    release();
    await first;
    expect((await second).access).toEqual(wrongOnce);
    expect(order).toEqual(['first saved', 'second locked']);
  });

  it('creates the access row once when the first requests of a phone come at the same moment', async () => {
    const phone = '+250788000096';
    const states = await Promise.all([0, 1, 2, 3, 4].map((i) => (i % 2 ? tx((s) => s.lock(`S-6${i}`, phone, NOW, TTL)) : inContext(() => new PostgresUssdSessionStore(db.orm.em, USSD_SESSION_FORMAT).lock(`S-6${i}`, phone, NOW, TTL)))));
    for (const state of states) expect(state.access).toEqual(FRESH_PIN_ACCESS);
    expect(await db.orm.em.fork().execute('select count(*)::int as n from ussd_access where phone = ?', [phone])).toEqual([{ n: 1 }]);
  });

  it("reads the caller with the session: the phone's PIN row, first name, language and loans", async () => {
    const userId = crypto.randomUUID();
    const member = new User({ id: userId, email: null, passwordHash: null, firstName: 'Grace', lastName: 'Mukamana', phoneNumber: '+250788000010', language: 'fr', emailVerified: false, createdAt: NOW });
    await inContext(() =>
      new MikroOrmUnitOfWork(db.orm.em).run(async () => {
        await new PostgresUssdPins(db.orm.em).add({ phoneNumber: '+250788000010', userId, pinHash: 'hash-10' }, NOW);
        await new MikroOrmAccountRepository(db.orm.em).add(member);
      }),
    );
    expect((await tx((s) => s.lock('S-10', '+250788000010', NOW, TTL))).caller).toEqual({
      pin: { phoneNumber: '+250788000010', userId, pinHash: 'hash-10' },
      firstName: 'Grace',
      language: 'fr',
      hasLoans: false,
    });
    expect((await tx((s) => s.lock('S-10b', '+250788000011', NOW, TTL))).caller).toBeNull();
  });

  it('saves by compare-and-set only over the state the step was computed from', async () => {
    const phone = '+250788000012';
    const cas = (sessionId: string, expected: StoredUssdState<UssdSession>, next: StoredUssdState<UssdSession>, now = NOW, to = phone) =>
      inContext(() => new PostgresUssdSessionStore(db.orm.em, USSD_SESSION_FORMAT).saveIfUnchanged(sessionId, to, expected, next, now, TTL));
    const fresh = { session: { verdicts: {} }, access: FRESH_PIN_ACCESS };
    const signedIn = { session: { verdicts: { '1': { kind: 'signed_in' as const } } }, access: FRESH_PIN_ACCESS };
    await tx((s) => s.lock('S-12', phone, NOW, TTL));

    expect(await cas('S-12', fresh, signedIn)).toBe(true);
    expect(await tx((s) => s.lock('S-12', phone, NOW, TTL))).toMatchObject(signedIn);
    // Computed from a state that is no longer stored: nothing saved.
    expect(await cas('S-12', fresh, { ...fresh, access: { wrongInARow: 1, lastWrongAt: NOW.toISOString(), retryAt: null } })).toBe(false);
    // The phone's PIN access changed by another of its sessions: nothing saved, that change kept.
    const wrongOnce = { wrongInARow: 1, lastWrongAt: NOW.toISOString(), retryAt: null };
    await tx((s) => s.save('S-12-other', phone, { verdicts: {} }, wrongOnce, NOW, TTL));
    expect(await cas('S-12', signedIn, { session: { verdicts: {} }, access: FRESH_PIN_ACCESS })).toBe(false);
    expect(await tx((s) => s.lock('S-12', phone, NOW, TTL))).toMatchObject({ ...signedIn, access: wrongOnce });
    const current = { ...signedIn, access: wrongOnce };
    // Another phone's request, an expired session and an unknown one save nothing.
    expect(await cas('S-12', current, fresh, NOW, '+250788000013')).toBe(false);
    expect(await cas('S-12', current, fresh, new Date(NOW.getTime() + 2 * TTL))).toBe(false);
    expect(await cas('S-unknown', current, fresh)).toBe(false);
    expect(await tx((s) => s.lock('S-12', phone, NOW, TTL))).toMatchObject(current);
  });

  it("a compare-and-set given a PIN hash saves only while the phone's PIN row still has that hash", async () => {
    const phone = '+250788000015';
    const userId = crypto.randomUUID();
    const member = new User({ id: userId, email: null, passwordHash: null, firstName: 'Eric', lastName: 'Nsengiyumva', phoneNumber: phone, language: 'en', emailVerified: false, createdAt: NOW });
    await inContext(() =>
      new MikroOrmUnitOfWork(db.orm.em).run(async () => {
        await new PostgresUssdPins(db.orm.em).add({ phoneNumber: phone, userId, pinHash: 'hash-15' }, NOW);
        await new MikroOrmAccountRepository(db.orm.em).add(member);
      }),
    );
    const cas = (expected: StoredUssdState<UssdSession>, next: StoredUssdState<UssdSession>, pinHash: string) =>
      inContext(() => new PostgresUssdSessionStore(db.orm.em, USSD_SESSION_FORMAT).saveIfUnchanged('S-15', phone, expected, next, NOW, TTL, pinHash));
    const fresh = { session: { verdicts: {} }, access: FRESH_PIN_ACCESS };
    const signedIn = { session: { verdicts: { '1': { kind: 'signed_in' as const } } }, access: FRESH_PIN_ACCESS };
    await tx((s) => s.lock('S-15', phone, NOW, TTL));
    expect(await cas(fresh, signedIn, 'hash-other')).toBe(false);
    expect(await cas(fresh, fresh, 'hash-15')).toBe(true);
    await inContext(() => new PostgresUssdPins(db.orm.em).changeHash(phone, 'hash-15b', NOW));
    expect(await cas(fresh, signedIn, 'hash-15')).toBe(false);
    expect((await tx((s) => s.lock('S-15', phone, NOW, TTL))).session).toEqual(fresh.session);
    expect(await cas(fresh, signedIn, 'hash-15b')).toBe(true);
  });

  it('a compare-and-set waits for a transaction holding the session and sees what it saved', async () => {
    const phone = '+250788000014';
    await tx((s) => s.lock('S-14', phone, NOW, TTL));
    const fresh = { session: { verdicts: {} }, access: FRESH_PIN_ACCESS };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = tx(async (s) => {
      await s.lock('S-14', phone, NOW, TTL);
      await held;
      await s.save('S-14', phone, { verdicts: { '1': { kind: 'pin_wrong', attemptsLeft: 2 } } }, FRESH_PIN_ACCESS, NOW, TTL);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    let settled = false;
    const cas = inContext(() =>
      new PostgresUssdSessionStore(db.orm.em, USSD_SESSION_FORMAT).saveIfUnchanged('S-14', phone, fresh, { session: { verdicts: { '1': { kind: 'signed_in' } } }, access: FRESH_PIN_ACCESS }, NOW, TTL),
    ).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled).toBe(false);
    release();
    await first;
    expect(await cas).toBe(false);
    expect((await tx((s) => s.lock('S-14', phone, NOW, TTL))).session).toEqual({ verdicts: { '1': { kind: 'pin_wrong', attemptsLeft: 2 } } });
  });

  it('refuses a malformed stored PIN access rather than reading it as unlocked', async () => {
    await inContext(() => db.orm.em.execute(`insert into ussd_access (phone, state) values ('+250788000005', '{"wrongInARow":"x"}'::jsonb)`));
    await expect(tx((s) => s.lock('S-5', '+250788000005', NOW, TTL))).rejects.toThrow(/malformed/);
  });

  it('Migration20261123060100 turns the former lock into the slow-down state, keeping a lock in force as the wait, and back', async () => {
    const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    await inContext(() =>
      db.orm.em.execute(
        `insert into ussd_access (phone, state) values ('+250788000007', ?::jsonb), ('+250788000008', '{"wrongInARow":1,"lockedUntil":null}'::jsonb), ('+250788000009', '{"wrongInARow":0,"lockedUntil":null}'::jsonb)`,
        [JSON.stringify({ wrongInARow: 0, lockedUntil })],
      ),
    );
    const run = async (direction: 'up' | 'down') => {
      const migration = new Migration20261123060100(db.orm.em.getDriver(), db.orm.config);
      await migration[direction]();
      for (const query of migration.getQueries()) await inContext(() => db.orm.em.execute(String(query)));
    };
    await run('up');
    const locked = await tx((s) => s.lock('S-7', '+250788000007', NOW, TTL));
    expect(locked.access).toMatchObject({ wrongInARow: 0, retryAt: lockedUntil });
    expect(slowedUntil(locked.access, new Date())).toEqual(new Date(lockedUntil));
    expect((await tx((s) => s.lock('S-8', '+250788000008', NOW, TTL))).access).toMatchObject({ wrongInARow: 1, retryAt: null });
    expect((await tx((s) => s.lock('S-9', '+250788000009', NOW, TTL))).access).toEqual(FRESH_PIN_ACCESS);
    // Rows of the new shape are left alone by a second run.
    await run('up');
    expect((await tx((s) => s.lock('S-7', '+250788000007', NOW, TTL))).access).toEqual(locked.access);
    await run('down');
    const [row] = await inContext(() => db.orm.em.execute<{ state: unknown }[]>(`select state from ussd_access where phone = '+250788000007'`));
    expect(row!.state).toEqual({ wrongInARow: 0, lockedUntil });
    await run('up');
  });

  it('prunes expired sessions only', async () => {
    await tx((s) => s.save('S-old', '+250788000006', { verdicts: {} }, FRESH_PIN_ACCESS, new Date(NOW.getTime() - 2 * TTL), TTL));
    await tx((s) => s.save('S-new', '+250788000006', { verdicts: {} }, FRESH_PIN_ACCESS, NOW, TTL));
    expect(await tx((s) => s.pruneExpired(NOW, 100))).toBeGreaterThanOrEqual(1);
    const left = await inContext(() => db.orm.em.execute<{ session_id: string }[]>(`select session_id from ussd_session where session_id in ('S-old', 'S-new')`));
    expect(left.map((r) => r.session_id)).toEqual(['S-new']);
  });
});

describe('USSD PINs', () => {
  const aPhoneUser = (id: string) =>
    new User({ id, email: null, passwordHash: null, firstName: 'Amina', lastName: 'Uwase', phoneNumber: '+250788111222', language: 'rw', emailVerified: false, createdAt: NOW });

  it('adds one PIN per number (the account after it, in one transaction); accounts without e-mail coexist', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const usersBefore = await db.count('users');
    const outcomes = await Promise.all(
      ids.map((id) =>
        inContext(() =>
          new MikroOrmUnitOfWork(db.orm.em).run(async () => {
            const added = await new PostgresUssdPins(db.orm.em).add({ phoneNumber: '+250788111222', userId: id, pinHash: `hash-${id}` }, NOW);
            if (added === 'added') await new MikroOrmAccountRepository(db.orm.em).add(aPhoneUser(id));
            return added;
          }),
        ),
      ),
    );
    expect(outcomes.sort()).toEqual(['added', 'phone_taken']);
    const pin = await inContext(() => new PostgresUssdPins(db.orm.em).findByPhone('+250788111222'));
    expect(ids).toContain(pin?.userId);
    await inContext(() => new MikroOrmAccountRepository(db.orm.em).add(aPhoneUser(crypto.randomUUID())));
    expect(await db.count('users')).toBe(usersBefore + 2);
  });

  it('refuses a PIN without its account at commit', async () => {
    await expect(
      inContext(() => new MikroOrmUnitOfWork(db.orm.em).run(() => new PostgresUssdPins(db.orm.em).add({ phoneNumber: '+250788333444', userId: crypto.randomUUID(), pinHash: 'h' }, NOW))),
    ).rejects.toThrow(/foreign key/);
  });
});
