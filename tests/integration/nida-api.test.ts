/**
 * The national ID API against PostgreSQL with the embedded sandbox register: every rule and its
 * code, the one-ID-per-account rule (also under concurrency), idempotent re-verification, replaced
 * numbers, the member's own photo of the card, privacy between members, what the database holds
 * (the number only sealed) and what the logs hold (never the number).
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DOWN_NIN, SANDBOX_SLOW_NIN, SANDBOX_UNKNOWN_NIN } from '../../adapters/identity/sandbox-national-ids.ts';
import { InMemoryMemberImages } from '../../core/identity/identity.fixtures.ts';
import { createLogger } from '../../apps/infrastructure.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { signUp, type SignedUpMember } from '../support/openapi-cases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const JEAN = { idNumber: '1199080000001001', firstName: 'Jean Bosco', lastName: 'Habimana', dateOfBirth: '1990-05-17' };
const JEAN_RENEWED = '1199080000001112';
const MARIE = { idNumber: '1198570000002002', firstName: 'Marie Claire', lastName: 'Uwimana' };
const ERIC = { idNumber: '1200180000003003', firstName: 'Eric', lastName: 'Nsengimana' };
const THERESE = { idNumber: '1197670000004004', firstName: 'Thérèse', lastName: 'Mukamana' };
const JEAN_PAUL = { idNumber: '2199580000005005', firstName: 'Jean-Paul', lastName: 'Niyonzima' };
const GRACE = { idNumber: '3198870000006006', firstName: 'Grace Wanjiru', lastName: 'Kamau' };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

let db: TestDatabase;
let t: TestApp;
const images = new InMemoryMemberImages();
const clock = new FakeClock(new Date('2026-11-23T08:00:00Z'));
const logLines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = createLogger({ logLevel: 'trace', nodeEnv: 'test' }, new Writable({ write: (chunk, _encoding, done) => done(void logLines.push(String(chunk))) }));
  t = createTestApp(db, { clock, memberImages: images, logger, env: { NATIONAL_ID_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await db?.drop();
});
// Seven test people in the sandbox register, one account each: every test starts with all of them free.
afterEach(async () => {
  await db.orm.em.fork().execute('delete from national_ids');
});

const as = (m: SignedUpMember) => ({
  status: () => request(t.handler).get('/api/nida/status').set('Authorization', `Bearer ${m.token}`),
  verify: (body: object) => request(t.handler).post('/api/nida/verify-nida').set('Authorization', `Bearer ${m.token}`).send({ phoneNumber: m.phone, ...body }),
  idPhoto: (body: object) => request(t.handler).put('/api/nida/id-photo').set('Authorization', `Bearer ${m.token}`).send(body),
  user: () => request(t.handler).get('/api/user').set('Authorization', `Bearer ${m.token}`),
});

const rowsOf = (memberId: string) =>
  db.orm.em.fork().execute<{ status: string; key_version: number; id_photo_path: string | null; registry_photo_path: string | null; row: string }[]>(
    `select status, key_version, id_photo_path, registry_photo_path, row_to_json(n)::text as row from national_ids n where user_id = ? order by verified_at, status desc`,
    [memberId],
  );

const NOT_VERIFIED = { verified: false, firstName: null, lastName: null, idNumber: null, phoneNumber: null, verifiedAt: null };

describe('the national ID card of a signed-in member', () => {
  it('needs a session for every route', async () => {
    for (const res of [
      await request(t.handler).get('/api/nida/status'),
      await request(t.handler).post('/api/nida/verify-nida').send(JEAN),
      await request(t.handler).put('/api/nida/id-photo').send({ idPhotoURL: '/objects/private/x' }),
    ]) {
      expect([res.status, res.body]).toEqual([401, { error: 'Please sign in to continue.', code: 'unauthenticated' }]);
    }
  });

  it('verifies a member: the spec\'s message and the card, the number in full to its owner, loans unlocked, the registry photo kept privately', async () => {
    const m = await signUp(t, 'Jean');
    expect((await as(m).status()).body).toEqual(NOT_VERIFIED);
    const res = await as(m).verify(JEAN);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      message: 'NIDA verification successful',
      verified: true,
      firstName: 'Jean Bosco',
      lastName: 'HABIMANA',
      idNumber: JEAN.idNumber,
      phoneNumber: m.phone,
      verifiedAt: '2026-11-23T08:00:00.000Z',
    });
    const { message: _message, ...card } = res.body;
    const status = await as(m).status();
    expect([status.body, status.headers['cache-control']]).toEqual([card, 'no-store']);
    expect((await as(m).user()).body.nidaVerified).toBe(true);

    const [row] = await rowsOf(m.id);
    expect(row).toMatchObject({ status: 'verified', key_version: 1, id_photo_path: null });
    // The number is nowhere in the row in clear: only its ciphertext and keyed hash.
    expect(row!.row).not.toContain(JEAN.idNumber);
    expect(row!.row).not.toContain(JEAN.idNumber.slice(0, 12));
    expect(images.objects.get(row!.registry_photo_path!)).toMatchObject({ ownerId: m.id, visibility: 'private', contentType: 'image/jpeg' });

    const audit = await db.orm.em.fork().execute<{ actor: string; subject: string; details: Record<string, unknown> }[]>(
      `select actor, subject, details from audit_log where action = 'national_id_verified' and subject = ?`,
      [`member:${m.id}`],
    );
    expect(audit).toEqual([{ actor: `member:${m.id}`, subject: `member:${m.id}`, details: { idNumber: '************1001', registry: 'sandbox', replacedPrevious: false, registryPhoto: true } }]);
  });

  it('shows an account verified without a stored number (the seeded demo accounts) as verified, without details', async () => {
    const m = await signUp(t, 'Seeded');
    await db.orm.em.fork().execute('update users set nida_verified = true where id = ?', [m.id]);
    expect((await as(m).status()).body).toEqual({ ...NOT_VERIFIED, verified: true });
  });

  it('forgives case, accents, order, hyphens and spacing in the names', async () => {
    for (const [who, body] of [
      ['Therese', { ...THERESE, firstName: 'MUKAMANA', lastName: 'therese' }],
      ['JeanPaul', { ...JEAN_PAUL, firstName: '  jean paul ', lastName: 'NIYONZIMA' }],
      ['Grace', { ...GRACE, firstName: 'Kamau', lastName: 'Grace   Wanjiru' }],
    ] as const) {
      const res = await as(await signUp(t, who)).verify(body);
      expect([who, res.status, res.body.verified]).toEqual([who, 200, true]);
    }
  });

  it('answers each broken rule with its code and a message a person understands, and records nothing', async () => {
    const m = await signUp(t, 'Rules');
    const cases: Array<[object, number, string, string]> = [
      [{ ...ERIC, idNumber: '12345' }, 400, 'national_id_invalid_format', 'Please enter your national ID number as printed on your card: 16 digits starting with 1, 2 or 3.'],
      [{ ...ERIC, idNumber: '4200180000003003' }, 400, 'national_id_invalid_format', ''],
      [{ ...ERIC, idNumber: '1203080000003003' }, 400, 'national_id_birth_year_in_future', 'This national ID number gives a birth year in the future: please check the number.'],
      [{ ...ERIC, dateOfBirth: '2002-11-30' }, 400, 'national_id_birth_date_mismatch', 'The date of birth does not match your national ID: please enter it as printed on your card.'],
      // The right year, another day than the register's.
      [{ ...ERIC, dateOfBirth: '2001-11-29' }, 400, 'national_id_birth_date_mismatch', ''],
      [{ ...ERIC, idNumber: '1201080000003003' }, 422, 'national_id_holder_under_18', 'You must be 18 or older to verify your national ID with Ikimina.'],
      [{ ...ERIC, idNumber: SANDBOX_UNKNOWN_NIN }, 422, 'national_id_not_found', 'This national ID number was not found in the national register. Please check the number and try again.'],
      [{ ...ERIC, firstName: 'Erica' }, 422, 'national_id_name_mismatch', 'The names you entered do not match the national ID record. Please enter your first and last names as they appear on your ID card.'],
      [{ ...ERIC, lastName: 'Nsengimana Habimana' }, 422, 'national_id_name_mismatch', ''],
      [{ ...ERIC, phoneNumber: '+33612345678' }, 400, 'phone_number_invalid', 'Please enter a valid Rwandan mobile number (e.g. +250788123456).'],
      [{ ...ERIC, firstName: '  ' }, 400, 'validation_failed', 'First name is required'],
      [{ idNumber: ERIC.idNumber, firstName: 'Eric' }, 400, 'validation_failed', 'Last name is required'],
      [{ ...ERIC, dateOfBirth: '30/11/2001' }, 400, 'validation_failed', 'Please enter the date of birth as YYYY-MM-DD'],
      [{ ...ERIC, dateOfBirth: '2001-02-30' }, 400, 'validation_failed', 'Please enter the date of birth as YYYY-MM-DD'],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await as(m).verify(body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      if (message) expect(res.body.error).toBe(message);
    }
    expect(await rowsOf(m.id)).toEqual([]);
    expect((await as(m).user()).body.nidaVerified).toBe(false);
    expect((await as(m).status()).body).toEqual(NOT_VERIFIED);
    // Blank optional fields count as not given.
    expect((await as(m).verify({ ...ERIC, dateOfBirth: '', idPhotoURL: null })).status).toBe(200);
  });

  it('answers a register that is down or too slow with 503 and "try again later", recording nothing', async () => {
    const m = await signUp(t, 'Down');
    for (const idNumber of [SANDBOX_DOWN_NIN, SANDBOX_SLOW_NIN]) {
      const started = performance.now();
      const res = await as(m).verify({ ...JEAN, idNumber });
      expect([res.status, res.body.code, res.headers['retry-after']]).toEqual([503, 'national_id_registry_unavailable', '60']);
      expect(res.body.error).toBe('The national ID register cannot be reached right now. Nothing was saved: please try again later.');
      expect(performance.now() - started).toBeLessThan(3_000);
    }
    expect(await rowsOf(m.id)).toEqual([]);
    expect((await as(m).user()).body.nidaVerified).toBe(false);
  });
});

describe('one ID, one account', () => {
  it('refuses a number another account verified (409), changing nothing of either', async () => {
    const owner = await signUp(t, 'Owner');
    expect((await as(owner).verify(MARIE)).status).toBe(200);
    const other = await signUp(t, 'Copycat');
    const res = await as(other).verify(MARIE);
    expect([res.status, res.body]).toEqual([
      409,
      { error: 'This national ID is already verified on another Ikimina account. Each ID can verify one account only: if it is yours, please contact support.', code: 'national_id_in_use' },
    ]);
    expect(await rowsOf(other.id)).toEqual([]);
    expect((await as(other).user()).body.nidaVerified).toBe(false);
    expect((await as(owner).status()).body.idNumber).toBe(MARIE.idNumber);
  });

  it('lets two accounts racing for one number end with exactly one verified', async () => {
    const [a, b] = [await signUp(t, 'RacerA'), await signUp(t, 'RacerB')];
    const results = await Promise.all([as(a).verify(JEAN), as(b).verify(JEAN)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const verified = await db.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from national_ids where user_id in (?, ?)`, [a.id, b.id]);
    expect(Number(verified[0]!.n)).toBe(1);
  });

  it('answers the same member verifying the same number again exactly as the first time, changing nothing', async () => {
    const m = await signUp(t, 'Again');
    const first = await as(m).verify(ERIC);
    expect(first.status).toBe(200);
    const before = await rowsOf(m.id);
    const audits = await db.count('audit_log');
    clock.advance(3_600_000);
    const again = await as(m).verify({ ...ERIC, firstName: 'NSENGIMANA', lastName: 'eric', idNumber: '1 2001 8 0000003 0 03' });
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect(await rowsOf(m.id)).toEqual(before);
    expect(await db.count('audit_log')).toBe(audits);
    // …and a detail the record contradicts is still refused.
    expect((await as(m).verify({ ...ERIC, firstName: 'Erica' })).body.code).toBe('national_id_name_mismatch');
  });

  it('records a new card\'s number for the same person and keeps the old one as replaced', async () => {
    const m = await signUp(t, 'Renewed');
    expect((await as(m).verify(JEAN)).status).toBe(200);
    clock.advance(86_400_000);
    const res = await as(m).verify({ ...JEAN, idNumber: JEAN_RENEWED });
    expect([res.status, res.body.idNumber]).toEqual([200, JEAN_RENEWED]);
    expect((await rowsOf(m.id)).map((r) => r.status)).toEqual(['replaced', 'verified']);
    expect((await as(m).status()).body.idNumber).toBe(JEAN_RENEWED);
    // An account never changes person: another person's number is refused.
    expect((await as(m).verify({ ...ERIC })).body.code).toBe('national_id_holder_changed');
  });
});



describe('privacy between members', () => {
  it('shows each member only their own card: there is no way to name another member', async () => {
    const owner = await signUp(t, 'Private');
    expect((await as(owner).verify(GRACE)).status).toBe(200);
    const other = await signUp(t, 'Nosy');
    const res = await as(other).status();
    expect(res.body).toEqual(NOT_VERIFIED);
    expect(JSON.stringify(res.body)).not.toContain(GRACE.idNumber);
    for (const path of [`/api/nida/status/${owner.id}`, `/api/nida/status?memberId=${owner.id}`, `/api/nida/status?userId=${owner.id}`]) {
      const attempt = await request(t.handler).get(path).set('Authorization', `Bearer ${other.token}`);
      expect(JSON.stringify(attempt.body), path).not.toContain('verified":true');
    }
  });
});


describe("the member's own photo of the card", () => {
  it('checks the photo is the member\'s and an image, answers its path, and keeps it on the verified number', async () => {
    const m = await signUp(t, 'Photo');
    const stranger = await signUp(t, 'Stranger');
    const theirs = images.upload(stranger.id, JPEG);
    const notAnImage = images.upload(m.id, Buffer.from('MZ\u0090\u0000 this is an executable'));
    expect((await as(m).idPhoto({ idPhotoURL: theirs })).body).toEqual({ error: 'This photo was not found. Please upload it again.', code: 'object_not_found' });
    expect((await as(m).idPhoto({ idPhotoURL: '/objects/private/does-not-exist' })).status).toBe(404);
    expect(await as(m).idPhoto({ idPhotoURL: notAnImage })).toMatchObject({ status: 415, body: { code: 'unsupported_media_type', error: 'The photo must be a JPEG, PNG or WebP image.' } });
    // Verifying with it says the same of the photo, not of the request body.
    expect(await as(m).verify({ ...JEAN, idPhotoURL: notAnImage })).toMatchObject({ status: 415, body: { code: 'unsupported_media_type', error: 'The photo must be a JPEG, PNG or WebP image.' } });
    expect((await as(m).idPhoto({})).body.code).toBe('validation_failed');
    // Before verification: checked and answered, kept with the number the form then verifies.
    const mine = images.upload(m.id, JPEG);
    expect((await as(m).idPhoto({ idPhotoURL: mine })).body).toEqual({ objectPath: mine, idPhotoURL: `/api${mine}` });
    expect((await as(m).verify({ ...JEAN_PAUL, idPhotoURL: `http://ikimina.test/api${mine}` })).status).toBe(200);
    expect((await rowsOf(m.id))[0]!.id_photo_path).toBe(mine);
    // Someone else's photo with the form is refused before the register is asked.
    expect((await as(stranger).verify({ ...ERIC, idPhotoURL: mine })).body.code).toBe('object_not_found');
    // After verification: a new photo replaces it on the number.
    const newer = images.upload(m.id, JPEG);
    expect((await as(m).idPhoto({ idPhotoURL: newer })).status).toBe(200);
    expect((await rowsOf(m.id))[0]!.id_photo_path).toBe(newer);
  });
});


describe('limits and logs', () => {
  it('limits register look-ups per member per day (429 with the wait); idempotent re-verification asks nothing', async () => {
    const limited = createTestApp(db, { clock, memberImages: images, env: { NATIONAL_ID_LOOKUPS_PER_DAY: '2' } });
    const m = await signUp(limited, 'Limited');
    const verify = (body: object) => request(limited.handler).post('/api/nida/verify-nida').set('Authorization', `Bearer ${m.token}`).send({ phoneNumber: m.phone, ...body });
    expect((await verify({ ...ERIC, idNumber: SANDBOX_UNKNOWN_NIN })).body.code).toBe('national_id_not_found');
    expect((await verify({ ...ERIC, idNumber: '1199080000000405' })).body.code).toBe('national_id_not_found');
    const third = await verify({ ...ERIC, idNumber: '1199080000000406' });
    expect([third.status, third.body.code, Number(third.headers['retry-after']) > 0]).toEqual([429, 'rate_limited', true]);
  });

  it('writes the number in no log line, whatever the request did', async () => {
    const numbers = [JEAN.idNumber, JEAN_RENEWED, MARIE.idNumber, ERIC.idNumber, THERESE.idNumber, JEAN_PAUL.idNumber, GRACE.idNumber, SANDBOX_UNKNOWN_NIN, SANDBOX_DOWN_NIN, SANDBOX_SLOW_NIN];
    expect(logLines.length).toBeGreaterThan(20);
    for (const number of numbers) for (const line of logLines) expect(line).not.toContain(number);
    // The redaction under the rule: a line that would carry the number names the field, not its value.
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' }, new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }));
    logger.info({ idNumber: JEAN.idNumber, body: { idNumber: JEAN.idNumber, national_id: JEAN.idNumber }, request: { body: { nin: JEAN.idNumber } } }, 'a careless line');
    expect(lines.join('')).not.toContain(JEAN.idNumber);
    expect(JSON.parse(lines[0]!)).toMatchObject({ idNumber: '[redacted]', body: { idNumber: '[redacted]', national_id: '[redacted]' }, request: { body: { nin: '[redacted]' } } });
  });
});
