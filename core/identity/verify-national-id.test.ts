import { describe, expect, it } from 'vitest';
import { User } from '../accounts/user.ts';
import { localDate } from '../shared/calendar.ts';
import { identityWorld, PERSON } from './identity.fixtures.ts';
import type { NationalIdRecord } from './ports.ts';
import { SaveNationalIdPhoto } from './save-national-id-photo.ts';
import { ShowNationalIdStatus } from './show-national-id-status.ts';
import { VerifyNationalId, type VerifyNationalIdInput } from './verify-national-id.ts';

const form = (change: Partial<VerifyNationalIdInput> = {}): VerifyNationalIdInput => ({
  memberId: 'm1',
  idNumber: PERSON.nin,
  phoneNumber: '0788 123 456',
  firstName: 'Jean Bosco',
  lastName: 'Habimana',
  ...change,
});

function setUp() {
  const w = identityWorld();
  return { w, verify: new VerifyNationalId(w), show: new ShowNationalIdStatus(w) };
}

const person = (change: Partial<NationalIdRecord>): NationalIdRecord => ({ ...PERSON.record, ...change });

describe('verifying a national ID', () => {
  it('stores the number sealed for its row with its keyed hash, marks the member verified and audits it masked', async () => {
    const { w, verify } = setUp();
    const result = await verify.execute(form({ dateOfBirth: localDate(1990, 5, 17) }));
    expect(result).toEqual({
      ok: true,
      value: { verified: true, firstName: 'Jean Bosco', lastName: 'HABIMANA', idNumber: PERSON.nin, phoneNumber: '+250788123456', verifiedAt: w.clock.now() },
    });
    const [row] = [...w.nationalIds.rows.values()];
    expect(row).toMatchObject({ id: 'nid-1', memberId: 'm1', status: 'verified', lookupHash: `hash:${PERSON.nin}`, sex: 'male', registry: 'table', idPhotoPath: null });
    expect(row!.sealed).toEqual({ ciphertext: `v1|nid-1|${[...PERSON.nin].reverse().join('')}`, keyVersion: 1 });
    expect(row!.registryPhotoPath).toMatch(/^\/objects\/private\//);
    expect(w.images.objects.get(row!.registryPhotoPath!)).toMatchObject({ ownerId: 'm1', visibility: 'private' });
    expect(w.nationalIds.verifiedMembers).toEqual(new Set(['m1']));
    expect(w.audit.entries).toEqual([
      {
        action: 'national_id_verified',
        actor: 'member:m1',
        subject: 'member:m1',
        details: { idNumber: '************1001', registry: 'table', replacedPrevious: false, registryPhoto: true },
      },
    ]);
    expect(JSON.stringify(w.audit.entries)).not.toContain(PERSON.nin);
  });

  it('forgives case, accents, order and spacing in the names', async () => {
    const { verify } = setUp();
    expect((await verify.execute(form({ firstName: '  habimana ', lastName: 'JEAN-bosco' }))).ok).toBe(true);
  });

  it('refuses the rules of the number before asking the registry', async () => {
    const { w, verify } = setUp();
    expect(await verify.execute(form({ idNumber: '12345' }))).toEqual({ ok: false, error: 'national_id_invalid_format' });
    expect(await verify.execute(form({ dateOfBirth: localDate(1991, 5, 17) }))).toEqual({ ok: false, error: 'national_id_birth_date_mismatch' });
    expect(await verify.execute(form({ idNumber: '1201080000001001' }))).toEqual({ ok: false, error: 'national_id_holder_under_18' });
    expect(await verify.execute(form({ phoneNumber: '+33 6 12 34 56 78' }))).toEqual({ ok: false, error: 'phone_number_invalid' });
    expect(w.registry.calls).toBe(0);
    expect(w.nationalIds.rows.size).toBe(0);
  });

  it('answers the registry\'s "not found" and "unavailable", recording nothing', async () => {
    const { w, verify } = setUp();
    expect(await verify.execute(form({ idNumber: '1199080000000404' }))).toEqual({ ok: false, error: 'national_id_not_found' });
    w.registry.unavailable = true;
    expect(await verify.execute(form())).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
    expect(w.nationalIds.rows.size).toBe(0);
    expect(w.nationalIds.verifiedMembers.size).toBe(0);
    expect(w.audit.entries).toEqual([]);
  });

  it('refuses names, a date of birth or an age the record contradicts', async () => {
    const { w, verify } = setUp();
    expect(await verify.execute(form({ firstName: 'Jean' }))).toEqual({ ok: false, error: 'national_id_name_mismatch' });
    expect(await verify.execute(form({ lastName: 'Hakizimana' }))).toEqual({ ok: false, error: 'national_id_name_mismatch' });
    expect(await verify.execute(form({ dateOfBirth: localDate(1990, 1, 1) }))).toEqual({ ok: false, error: 'national_id_birth_date_mismatch' });
    // The number's year says 18 (1 January assumed); the registry's day says 17.
    w.registry.records.set('1200880000002002', person({ dateOfBirth: localDate(2008, 12, 31) }));
    expect(await verify.execute(form({ idNumber: '1200880000002002' }))).toEqual({ ok: false, error: 'national_id_holder_under_18' });
    expect(w.nationalIds.rows.size).toBe(0);
  });

  it('takes the record without a date of birth, fore and surnames or photo: the names given are kept', async () => {
    const { w, verify } = setUp();
    w.registry.records.set('1198570000002002', { foreName: null, surnames: null, fullName: 'UWIMANA Marie Claire', dateOfBirth: null, sex: null, nationality: null, photo: null });
    const result = await verify.execute(form({ idNumber: '1198570000002002', firstName: 'Marie Claire', lastName: 'Uwimana', dateOfBirth: localDate(1985, 3, 2) }));
    expect(result).toMatchObject({ ok: true, value: { firstName: 'Marie Claire', lastName: 'Uwimana' } });
    expect([...w.nationalIds.rows.values()][0]).toMatchObject({ sex: 'female', dateOfBirth: localDate(1985, 3, 2), registryPhotoPath: null });
  });

  it('keeps going without the registry photo when it cannot be kept, and says so in the log', async () => {
    const { w, verify } = setUp();
    w.registry.records.set(PERSON.nin, person({ photo: new Uint8Array([1, 2, 3]) }));
    expect((await verify.execute(form())).ok).toBe(true);
    expect([...w.nationalIds.rows.values()][0]!.registryPhotoPath).toBeNull();
    expect(w.log.lines).toEqual([{ level: 'warn', fields: { memberId: 'm1', reason: 'unsupported_media_type' }, message: 'the registry photo of a national ID was not kept' }]);
  });

  it('keeps the member\'s own photo of the card given with the form, and refuses someone else\'s', async () => {
    const { w, verify } = setUp();
    const theirs = w.images.upload('m2', new Uint8Array([0xff, 0xd8, 0xff, 0]));
    expect(await verify.execute(form({ idPhotoURL: theirs }))).toEqual({ ok: false, error: 'object_not_found' });
    expect(w.registry.calls).toBe(0);
    const mine = w.images.upload('m1', new Uint8Array([0xff, 0xd8, 0xff, 0]));
    expect((await verify.execute(form({ idPhotoURL: `/api${mine}` }))).ok).toBe(true);
    expect([...w.nationalIds.rows.values()][0]!.idPhotoPath).toBe(mine);
  });
});

describe('one ID, one account', () => {
  it('refuses a number another account verified, without asking the registry', async () => {
    const { w, verify } = setUp();
    expect((await verify.execute(form())).ok).toBe(true);
    const calls = w.registry.calls;
    expect(await verify.execute(form({ memberId: 'm2' }))).toEqual({ ok: false, error: 'national_id_in_use' });
    expect(w.registry.calls).toBe(calls);
    expect(w.nationalIds.verifiedMembers).toEqual(new Set(['m1']));
  });

  it('answers the same member verifying the same number again the same way, changing nothing', async () => {
    const { w, verify } = setUp();
    const first = await verify.execute(form());
    w.clock.set('2026-11-24T08:00:00Z');
    const rows = new Map(w.nationalIds.rows);
    expect(await verify.execute(form({ firstName: 'HABIMANA', lastName: 'jean bosco', idNumber: '1 1990 8 0000001 0 01' }))).toEqual(first);
    expect(w.nationalIds.rows).toEqual(rows);
    expect(w.registry.calls).toBe(1);
    expect(w.audit.entries).toHaveLength(1);
    // …as long as what is given still agrees with the record.
    expect(await verify.execute(form({ firstName: 'Eric' }))).toEqual({ ok: false, error: 'national_id_name_mismatch' });
    expect(await verify.execute(form({ dateOfBirth: localDate(1990, 5, 18) }))).toEqual({ ok: false, error: 'national_id_birth_date_mismatch' });
  });

  it('records a new number of the same person and keeps the old one as replaced', async () => {
    const { w, verify, show } = setUp();
    expect((await verify.execute(form())).ok).toBe(true);
    const renewed = '1199080000001112';
    w.registry.records.set(renewed, PERSON.record);
    w.clock.set('2027-02-01T08:00:00Z');
    expect(await verify.execute(form({ idNumber: renewed }))).toMatchObject({ ok: true, value: { idNumber: renewed } });
    const rows = [...w.nationalIds.rows.values()];
    expect(rows.map((r) => [r.status, r.replacedAt])).toEqual([
      ['replaced', new Date('2027-02-01T08:00:00Z')],
      ['verified', null],
    ]);
    expect(await show.execute({ memberId: 'm1' })).toMatchObject({ idNumber: renewed });
    expect(w.audit.entries[1]!.details).toMatchObject({ replacedPrevious: true });
  });

  it('never lets a verified account take another person\'s number', async () => {
    const { w, verify } = setUp();
    expect((await verify.execute(form())).ok).toBe(true);
    w.registry.records.set('1198570000002002', person({ foreName: 'Marie Claire', surnames: 'UWIMANA', fullName: 'Marie Claire UWIMANA', dateOfBirth: null }));
    expect(await verify.execute(form({ idNumber: '1198570000002002', firstName: 'Marie Claire', lastName: 'Uwimana' }))).toEqual({ ok: false, error: 'national_id_holder_changed' });
    expect([...w.nationalIds.rows.values()].map((r) => r.status)).toEqual(['verified']);
  });

  it('finds, inside its transaction, the number verified meanwhile by another account or by the same member', async () => {
    const other = setUp();
    await other.verify.execute(form({ memberId: 'm2' }));
    const theirs = [...other.w.nationalIds.rows.values()][0]!;
    const mine = { ...theirs, memberId: 'm1' };
    for (const [winner, expected] of [
      [theirs, { ok: false, error: 'national_id_in_use' }],
      [mine, { ok: true, value: expect.objectContaining({ verified: true, idNumber: PERSON.nin }) }],
    ] as const) {
      const { w, verify } = setUp();
      // Nothing is there at the first look; the concurrent verification has committed by the transaction's.
      let looks = 0;
      w.nationalIds.verifiedByHash = async () => (++looks === 1 ? undefined : winner);
      expect(await verify.execute(form())).toEqual(expected);
      expect(w.nationalIds.rows.size).toBe(0);
      expect(w.audit.entries).toEqual([]);
    }
  });
});

describe('limits on registry look-ups', () => {
  it('refuses a member past the limit, with the wait, and the refused look-up still counts', async () => {
    const { w, verify } = setUp();
    w.lookupLimit.perMember = 2;
    for (let i = 0; i < 2; i++) expect(await verify.execute(form({ idNumber: '1199080000000404' }))).toEqual({ ok: false, error: 'national_id_not_found' });
    expect(await verify.execute(form())).toEqual({ ok: false, error: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    expect(w.registry.calls).toBe(2);
    // Another member has their own count.
    expect((await verify.execute(form({ memberId: 'm2' }))).ok).toBe(true);
  });
});

describe('the status and the photo of the card', () => {
  it('shows a member without an ID as not verified, and an account verified without a stored number (a demo account) as verified without details', async () => {
    const { w, show } = setUp();
    const none = { verified: false, firstName: null, lastName: null, idNumber: null, phoneNumber: null, verifiedAt: null };
    expect(await show.execute({ memberId: 'm1' })).toEqual(none);
    w.accounts.users.set('demo', new User({ id: 'demo', email: 'demo.member@ikimina.demo', passwordHash: null, firstName: 'Demo', lastName: 'Member', phoneNumber: null, language: 'en', emailVerified: true, nidaVerified: true, createdAt: new Date(0) }));
    expect(await show.execute({ memberId: 'demo' })).toEqual({ ...none, verified: true });
  });

  it('checks the photo is the member\'s, answers its path, and keeps it on a verified number', async () => {
    const { w, verify } = setUp();
    const save = new SaveNationalIdPhoto(w);
    const photo = w.images.upload('m1', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]));
    expect(await save.execute({ memberId: 'm1', idPhotoURL: photo })).toEqual({ ok: true, value: { objectPath: photo, attached: false } });
    expect(await save.execute({ memberId: 'm2', idPhotoURL: photo })).toEqual({ ok: false, error: 'object_not_found' });
    const notImage = w.images.upload('m1', new Uint8Array([0x4d, 0x5a, 0, 0]));
    expect(await save.execute({ memberId: 'm1', idPhotoURL: notImage })).toEqual({ ok: false, error: 'unsupported_media_type' });
    await verify.execute(form());
    expect(await save.execute({ memberId: 'm1', idPhotoURL: `http://ikimina.test/api${photo}` })).toEqual({ ok: true, value: { objectPath: photo, attached: true } });
    expect([...w.nationalIds.rows.values()][0]!.idPhotoPath).toBe(photo);
  });
});
