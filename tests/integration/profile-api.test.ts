/**
 * The profile API against PostgreSQL (issue 13, "Profile and verification screens"): a member
 * reads and edits their own first name, last name, phone and address; the edit is the account's,
 * so a second device and the USSD channel see it; e-mail and date of birth are read-only; a phone
 * number another account signs in with by USSD is refused; every change is audited without values.
 */
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresUssdPins } from '../../adapters/postgres/ussd-pins.ts';
import { TOKENS } from '../../apps/container.ts';
import { signIn, signUp } from '../support/openapi-cases.ts';
import { mailsTo } from '../support/outbox-mail.ts';
import { dialUssd } from '../support/ussd-session.ts';
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

const get = (token: string | null, path = '/api/profile') => {
  const req = request(t.handler).get(path);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const patch = (token: string | null, body: unknown, path = '/api/profile') => {
  const req = request(t.handler).patch(path);
  return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body as object);
};
const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

let phones = 0;
const newPhone = () => `+25073${String(5_000_000 + ++phones).slice(-7)}`;

async function usersRow(id: string) {
  const [row] = await sql<{ first_name: string; last_name: string; phone_number: string | null; address: string | null; profession: string | null; email: string; date_of_birth: string | null }>(
    'select first_name, last_name, phone_number, address, profession, email, date_of_birth::text from users where id = ?',
    [id],
  );
  return row!;
}

/** Gives the account a USSD PIN, as a phone registration would have. */
async function givePin(userId: string, phoneNumber: string, pin = '24680') {
  const pinHash = await t.container.get(TOKENS.PinHasher).hash(pin);
  await RequestContext.create(db.orm.em, async () => {
    expect(await new PostgresUssdPins(db.orm.em).add({ phoneNumber, userId, pinHash }, new Date())).toBe('added');
  });
}

const dial = (phoneNumber: string) => dialUssd(t.handler, phoneNumber);

describe('GET /api/profile', () => {
  it('answers 401 signed out, for reading and for editing', async () => {
    for (const res of [await get(null), await patch(null, { firstName: 'Mallory' })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Please sign in to continue.', code: 'unauthenticated' });
    }
  });

  it("answers the member's own profile", async () => {
    const amina = await signUp(t, 'Amina');
    const res = await get(amina.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: 'Amina',
      lastName: 'Test',
      phoneNumber: amina.phone,
      address: null,
      dateOfBirth: null,
      profession: null,
      email: amina.email,
      profilePhotoUrl: null,
      emailVerified: false,
      nidaVerified: false,
      kycVerified: false,
      updatedAt: expect.any(String),
    });
  });
});

describe('PATCH /api/profile', () => {
  it('saves the edit on the server: a second device, /api/user and the stored row all show it', async () => {
    const grace = await signUp(t, 'Grace');
    const phone = newPhone();
    const res = await patch(grace.token, { firstName: '  Grâce-Marie ', lastName: "N'Guessan", phoneNumber: `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`, address: ' KG 11 Ave, Kigali ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Grâce-Marie', lastName: "N'Guessan", phoneNumber: phone, address: 'KG 11 Ave, Kigali', email: grace.email });

    const otherDevice = await signIn(t, grace);
    const user = await get(otherDevice, '/api/user');
    expect(user.body).toMatchObject({ firstName: 'Grâce-Marie', lastName: "N'Guessan", phoneNumber: phone, address: 'KG 11 Ave, Kigali', profile: { firstName: 'Grâce-Marie', phoneNumber: phone } });
    expect(await usersRow(grace.id)).toMatchObject({ first_name: 'Grâce-Marie', phone_number: phone, address: 'KG 11 Ave, Kigali' });
  });

  it('changes only the fields sent; a blank or null address clears it', async () => {
    const jean = await signUp(t, 'Jean');
    expect((await patch(jean.token, { address: 'Kimironko' })).body).toMatchObject({ firstName: 'Jean', address: 'Kimironko', phoneNumber: jean.phone });
    expect((await patch(jean.token, { lastName: 'Mugisha' })).body).toMatchObject({ firstName: 'Jean', lastName: 'Mugisha', address: 'Kimironko' });
    expect((await patch(jean.token, { address: '   ' })).body.address).toBeNull();
    await patch(jean.token, { address: 'Remera' });
    expect((await patch(jean.token, { address: null })).body.address).toBeNull();
    expect((await patch(jean.token, {})).status).toBe(200);
  });

  it('sets the profession the dashboard shows (it counts towards the profile completion), and clears it', async () => {
    const aline = await signUp(t, 'Aline');
    const before = (await get(aline.token, '/api/auth/profile-completion')).body.percentage as number;
    const res = await patch(aline.token, { profession: '  Tailor ' });
    expect([res.status, res.body.profession]).toEqual([200, 'Tailor']);
    expect((await get(aline.token, '/api/user')).body.profession).toBe('Tailor');
    expect((await get(aline.token, '/api/auth/profile-completion')).body.percentage).toBe(before + 10);
    expect(await usersRow(aline.id)).toMatchObject({ profession: 'Tailor' });
    expect((await patch(aline.token, { profession: null })).body.profession).toBeNull();
  });

  it.each([
    [{ profession: 'x'.repeat(101) }, 'Profession must be at most 100 characters', 'profession'],
    [{ profession: 12 }, 'Profession must be text', 'profession'],
    [{ firstName: '' }, 'First name is required', 'firstName'],
    [{ firstName: '   ' }, 'First name is required', 'firstName'],
    [{ lastName: 'x'.repeat(101) }, 'Last name must be at most 100 characters', 'lastName'],
    [{ firstName: '<script>alert(1)</script>' }, 'First name may only contain letters, spaces, apostrophes, hyphens and periods', 'firstName'],
    [{ lastName: 'Robert); DROP TABLE users;--' }, 'Last name may only contain letters, spaces, apostrophes, hyphens and periods', 'lastName'],
    [{ firstName: 'R2D2' }, 'First name may only contain letters, spaces, apostrophes, hyphens and periods', 'firstName'],
    [{ firstName: 42 }, 'First name is required', 'firstName'],
    [{ address: 'a'.repeat(256) }, 'Address must be at most 255 characters', 'address'],
    [{ address: 7 }, 'Address must be text', 'address'],
    [{ phoneNumber: '' }, 'Please enter a valid Rwandan mobile number (e.g. +250788123456).', 'phoneNumber'],
    [{ phoneNumber: null }, 'Please enter a valid Rwandan mobile number (e.g. +250788123456).', 'phoneNumber'],
  ])('refuses %j with 400 validation_failed and changes nothing', async (body, message, field) => {
    const member = await signUp(t, 'Valid');
    const before = await usersRow(member.id);
    const res = await patch(member.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'validation_failed' });
    expect(res.body.fields[field]).toBe(message);
    expect(await usersRow(member.id)).toEqual(before);
  });

  it.each(['12345', '+254712345678', '0788 12', '+250 788 123 4567', '0700000000', 'not a phone'])('refuses the phone number %j: phone_number_invalid, on the field', async (phoneNumber) => {
    const member = await signUp(t, 'Phone');
    const res = await patch(member.token, { phoneNumber, firstName: 'Changed' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please enter a valid Rwandan mobile number (e.g. +250788123456).', code: 'phone_number_invalid', fields: { phoneNumber: 'Please enter a valid Rwandan mobile number (e.g. +250788123456).' } });
    expect(await usersRow(member.id)).toMatchObject({ first_name: 'Phone', phone_number: member.phone });
  });

  it.each([
    [{ email: 'new@example.rw' }, 'email', 'Your e-mail address cannot be changed here: it is how you sign in.'],
    [{ dateOfBirth: '1990-01-01' }, 'dateOfBirth', 'Your date of birth cannot be changed here: it comes from your verified national ID.'],
    [{ firstName: 'Sneaky', email: 'new@example.rw' }, 'email', 'Your e-mail address cannot be changed here: it is how you sign in.'],
    [{ nidaVerified: true }, 'nidaVerified', 'Your national ID is verified on the Verification tab of the dashboard.'],
    [{ kycVerified: true, firstName: 'Sneaky' }, 'kycVerified', 'Your face is verified on the Verification tab of the dashboard.'],
  ])('refuses the read-only field in %j with 400 field_read_only and changes nothing', async (body, field, message) => {
    const member = await signUp(t, 'Readonly');
    const before = await usersRow(member.id);
    const res = await patch(member.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'field_read_only', fields: { [field]: message } });
    expect(await usersRow(member.id)).toEqual(before);
    expect((await get(member.token, '/api/user')).body).toMatchObject({ email: member.email, nidaVerified: false, kycVerified: false });
  });

  it('names every read-only field sent', async () => {
    const member = await signUp(t, 'Readonly');
    const res = await patch(member.token, { email: 'x@example.rw', dateOfBirth: '2000-01-01' });
    expect(res.body.code).toBe('field_read_only');
    expect(Object.keys(res.body.fields)).toEqual(['email', 'dateOfBirth']);
  });

  it('refuses unknown fields and bodies that are no JSON object', async () => {
    const member = await signUp(t, 'Unknown');
    const unknown = await patch(member.token, { firstName: 'Ok', isAdmin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', fields: { isAdmin: expect.stringContaining('Unknown field') } });
    for (const raw of ['[]', '"text"', '42', 'null', '{"firstName": ']) {
      const res = await request(t.handler).patch('/api/profile').set('Authorization', `Bearer ${member.token}`).set('Content-Type', 'application/json').send(raw);
      expect(res.status, raw).toBe(400);
    }
    expect(await usersRow(member.id)).toMatchObject({ first_name: 'Unknown' });
  });

  it("never changes another member's profile: there is no id to name, and naming one is refused", async () => {
    const owner = await signUp(t, 'Owner');
    const other = await signUp(t, 'Other');
    const before = await usersRow(owner.id);
    const withId = await patch(other.token, { userId: owner.id, firstName: 'Mallory' });
    expect(withId.status).toBe(400);
    const inPath = await patch(other.token, { firstName: 'Mallory' }, `/api/profile/${owner.id}`);
    expect(inPath.status).toBe(404);
    expect((await get(other.token, `/api/profile/${owner.id}`)).status).toBe(404);
    // The other member's own PATCH changes their own row only.
    expect((await patch(other.token, { firstName: 'Mallory' })).body.email).toBe(other.email);
    expect(await usersRow(owner.id)).toEqual(before);
    expect((await get(owner.token)).body.firstName).toBe('Owner');
  });

  it("refuses a phone number another account signs in with by USSD: 409 phone_taken, nothing changed", async () => {
    const holder = await signUp(t, 'Holder');
    const taken = newPhone();
    await givePin(holder.id, taken);
    const member = await signUp(t, 'Member');
    const res = await patch(member.token, { phoneNumber: taken.replace('+250', '0'), firstName: 'Changed' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'phone_taken', fields: { phoneNumber: expect.any(String) } });
    expect(await usersRow(member.id)).toMatchObject({ first_name: 'Member', phone_number: member.phone });
    const [pin] = await sql<{ user_id: string }>('select user_id from ussd_pins where phone_number = ?', [taken]);
    expect(pin!.user_id).toBe(holder.id);
  });

  it('accepts a number that is only the profile phone of another account (no USSD PIN): phone numbers are not unique accounts', async () => {
    const first = await signUp(t, 'First');
    const second = await signUp(t, 'Second');
    const res = await patch(second.token, { phoneNumber: first.phone });
    expect(res.status).toBe(200);
    expect(res.body.phoneNumber).toBe(first.phone);
  });

  it('ends USSD access with a new phone number: neither number opens the account until the new one is proved by code, and USSD then greets the new name', async () => {
    const member = await signUp(t, 'Olivier');
    await givePin(member.id, member.phone);
    const before = dial(member.phone);
    expect(await before.open()).toBe('CON Ikimina: hello Olivier. Enter your PIN:');

    const phone = newPhone();
    const res = await patch(member.token, { phoneNumber: phone, firstName: 'Théo' });
    expect(res.status).toBe(200);
    expect(await dial(member.phone).open()).toBe('CON Welcome to Ikimina\n1 Register\n2 Language');
    expect(await dial(phone).open()).toBe('CON Welcome to Ikimina\n1 Register\n2 Language');
    expect((await get(member.token, '/api/ussd-access')).body.status).toBe('not_set_up');

    await request(t.handler).post('/api/ussd-access/code').set('Authorization', `Bearer ${member.token}`);
    const sms = (await mailsTo(db, t, phone)).filter((m) => m.channel === 'sms').at(-1)!;
    const code = /\b(\d{6})\b/.exec(sms.body)![1];
    expect((await request(t.handler).put('/api/ussd-access').set('Authorization', `Bearer ${member.token}`).send({ code, pin: '24681' })).status).toBe(200);
    const call = dial(phone);
    // USSD screens are plain ASCII: the accent is dropped, the name is the new one.
    expect(await call.open()).toBe('CON Ikimina: hello Theo. Enter your PIN:');
    expect(await call.type('24681')).toMatch(/^CON Ikimina: Theo\n1 My savings/);
  });

  it('audits each change by field names only, and e-mails the member about a new phone number (masked)', async () => {
    const member = await signUp(t, 'Audited');
    const phone = newPhone();
    await patch(member.token, { firstName: 'Secretname', phoneNumber: phone });
    const rows = await sql<{ actor: string; subject: string; details: Record<string, unknown> }>("select actor, subject, details from audit_log where action = 'profile_updated' and subject = ?", [`user:${member.id}`]);
    expect(rows).toEqual([{ actor: `member:${member.id}`, subject: `user:${member.id}`, details: { fields: 'firstName,phoneNumber', ussdAccessEnded: false } }]);
    // Neither the new name nor any part of the number (a uuid may hold nine digits in a row: not the test).
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`Secretname|${phone.slice(-9)}|${phone.slice(-6)}`));
    const mails = await sql<{ subject: string; body: string }>("select subject, body from outbox_messages where recipient = ? and channel = 'email'", [member.email]);
    const notice = mails.find((m) => m.subject === 'The phone number of your Ikimina account was changed');
    expect(notice?.body).toContain(`+250 7•• ••• ${phone.slice(-3)}`);
    expect(notice?.body).not.toContain(phone);

    // Nothing changed: no audit row.
    await patch(member.token, { firstName: 'Secretname' });
    expect(await sql("select 1 from audit_log where action = 'profile_updated' and subject = ?", [`user:${member.id}`])).toHaveLength(1);
  });
});


describe('PUT /api/profile/language', () => {
  const put = (token: string | null, body: unknown) => {
    const req = request(t.handler).put('/api/profile/language');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body as object);
  };
  const storedLanguage = async (id: string) => (await sql<{ language: string }>('select language from users where id = ?', [id]))[0]!.language;

  it('answers 401 signed out and changes nothing', async () => {
    expect((await put(null, { language: 'rw' })).status).toBe(401);
  });

  it('sets the language the account is written to in: /api/user shows it and the next e-mail is in it', async () => {
    const member = await signUp(t, 'Language');
    expect(await storedLanguage(member.id)).toBe('en');
    const res = await put(member.token, { language: 'rw' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'rw' });
    expect(await storedLanguage(member.id)).toBe('rw');
    expect((await get(member.token, '/api/user')).body.language).toBe('rw');
    expect((await patch(member.token, { phoneNumber: newPhone() })).status).toBe(200);
    expect((await mailsTo(db, t, member.email)).at(-1)?.subject).toBe('Nimero ya telefoni ya konti yawe ya Ikimina yahinduwe');
  });

  it('refuses a language it does not speak, another field or no object with 400, and keeps the stored one', async () => {
    const member = await signUp(t, 'Polyglot');
    for (const body of [{ language: 'de' }, { language: 'RW' }, {}, { language: 'fr', firstName: 'X' }, ['rw']]) {
      const res = await put(member.token, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(typeof res.body.error).toBe('string');
    }
    expect(await storedLanguage(member.id)).toBe('en');
  });
});
