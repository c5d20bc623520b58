import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { accountsWorld } from './accounts.fixtures.ts';
import { maskPhoneNumber } from './profile-emails.ts';
import { UpdateProfile } from './update-profile.ts';
import { User } from './user.ts';
import type { UssdPhoneKeys, UssdPin } from './ussd-pins.ts';

/** The USSD keys as the Postgres adapter keeps them: one PIN per number, one number per account. */
class InMemoryPhoneKeys implements UssdPhoneKeys {
  pins = new Map<string, UssdPin>();
  async findByPhone(phoneNumber: string) {
    return this.pins.get(phoneNumber) ?? null;
  }
  async endFor(userId: string) {
    const pin = [...this.pins.values()].find((p) => p.userId === userId);
    if (!pin) return 'no_pin' as const;
    this.pins.delete(pin.phoneNumber);
    return 'ended' as const;
  }
}

function world() {
  const w = accountsWorld();
  const phones = new InMemoryPhoneKeys();
  const audit = new RecordingAuditTrail();
  const update = new UpdateProfile({ ...w, phones, audit });
  const amina = new User({
    id: 'amina',
    email: 'amina@example.rw',
    passwordHash: 'hashed:secret',
    firstName: 'Amina',
    lastName: 'Uwase',
    phoneNumber: '+250788123456',
    language: 'fr',
    emailVerified: true,
    createdAt: new Date('2026-01-01T08:00:00Z'),
  });
  w.accounts.users.set(amina.id, amina);
  return { ...w, phones, audit, update, amina };
}

describe('UpdateProfile', () => {
  it('changes only the fields given, trimmed, and records their names (not their values) in the audit trail', async () => {
    const w = world();
    w.clock.advance(60_000);
    const result = await w.update.execute({ userId: 'amina', firstName: '  Aminata ', address: ' KG 11 Ave, Kigali ' });
    expect(result).toMatchObject({ ok: true, value: { changed: ['firstName', 'address'] } });
    expect(w.accounts.users.get('amina')).toMatchObject({ firstName: 'Aminata', lastName: 'Uwase', phoneNumber: '+250788123456', address: 'KG 11 Ave, Kigali', updatedAt: w.clock.now() });
    expect(w.audit.entries).toEqual([
      { action: 'profile_updated', actor: 'member:amina', subject: 'user:amina', details: { fields: 'firstName,address', ussdAccessEnded: false } },
    ]);
    expect(JSON.stringify(w.audit.entries)).not.toContain('Aminata');
    expect(w.outbox.messages).toEqual([]);
  });

  it('treats a field given with its current value as no change, and writes nothing when nothing changed', async () => {
    const w = world();
    const before = w.amina.updatedAt;
    const result = await w.update.execute({ userId: 'amina', firstName: 'Amina', lastName: ' Uwase', phoneNumber: '0788 123 456', address: '   ' });
    expect(result).toMatchObject({ ok: true, value: { changed: [] } });
    expect(w.amina.updatedAt).toBe(before);
    expect(w.audit.entries).toEqual([]);
  });

  it('clears the address with null or blank', async () => {
    const w = world();
    w.amina.address = 'Kimironko';
    expect(await w.update.execute({ userId: 'amina', address: null })).toMatchObject({ ok: true, value: { changed: ['address'] } });
    expect(w.amina.address).toBeNull();
  });

  it('sets the profession (trimmed), audited by name, and clears it with null or blank', async () => {
    const w = world();
    expect(await w.update.execute({ userId: 'amina', profession: '  Tailor ' })).toMatchObject({ ok: true, value: { changed: ['profession'] } });
    expect(w.amina.profession).toBe('Tailor');
    expect(w.audit.entries.at(-1)?.details).toEqual({ fields: 'profession', ussdAccessEnded: false });
    expect(await w.update.execute({ userId: 'amina', profession: 'Tailor' })).toMatchObject({ ok: true, value: { changed: [] } });
    expect(await w.update.execute({ userId: 'amina', profession: '  ' })).toMatchObject({ ok: true, value: { changed: ['profession'] } });
    expect(w.amina.profession).toBeNull();
  });

  it('refuses a blank name and writes nothing', async () => {
    const w = world();
    expect(await w.update.execute({ userId: 'amina', firstName: 'Grace', lastName: '   ' })).toEqual({ ok: false, error: 'name_required' });
    expect(w.amina.firstName).toBe('Amina');
    expect(w.audit.entries).toEqual([]);
  });

  it('stores a new Rwandan number in E.164, whatever form it is typed in, and tells the member by e-mail, masked', async () => {
    const w = world();
    const result = await w.update.execute({ userId: 'amina', phoneNumber: '0722-000-111' });
    expect(result).toMatchObject({ ok: true, value: { changed: ['phoneNumber'] } });
    expect(w.amina.phoneNumber).toBe('+250722000111');
    expect(w.outbox.messages).toHaveLength(1);
    const [mail] = w.outbox.messages;
    expect(mail).toMatchObject({ channel: 'email', recipient: 'amina@example.rw', subject: 'Le numéro de téléphone de votre compte Ikimina a été modifié' });
    expect(mail!.body).toContain('+250 7•• ••• 111');
    expect(mail!.body).not.toContain('722000111');
  });

  it('refuses a number that is no Rwandan mobile number', async () => {
    for (const phoneNumber of ['', '12345', '+254712345678', '0788 12', '+250 788 123 4567']) {
      const w = world();
      expect(await w.update.execute({ userId: 'amina', phoneNumber, firstName: 'Grace' })).toEqual({ ok: false, error: 'phone_number_invalid' });
      expect(w.amina).toMatchObject({ phoneNumber: '+250788123456', firstName: 'Amina' });
    }
  });

  it('keeps a number stored before the Rwandan rule when it is sent back unchanged', async () => {
    const w = world();
    w.amina.phoneNumber = '+254712345678';
    expect(await w.update.execute({ userId: 'amina', phoneNumber: '+254712345678', lastName: 'Uwimana' })).toMatchObject({ ok: true, value: { changed: ['lastName'] } });
  });

  it("refuses another account's USSD number (phone_taken) and changes nothing", async () => {
    const w = world();
    w.phones.pins.set('+250788999000', { phoneNumber: '+250788999000', userId: 'jean', pinHash: 'hashed:13579' });
    expect(await w.update.execute({ userId: 'amina', phoneNumber: '+250 788 999 000', firstName: 'Grace' })).toEqual({ ok: false, error: 'phone_taken' });
    expect(w.amina).toMatchObject({ phoneNumber: '+250788123456', firstName: 'Amina' });
    expect(w.phones.pins.get('+250788999000')?.userId).toBe('jean');
    expect(w.outbox.messages).toEqual([]);
  });

  it("ends the member's USSD access with a new number: neither number opens the account until the new one is proved by code", async () => {
    const w = world();
    w.phones.pins.set('+250788123456', { phoneNumber: '+250788123456', userId: 'amina', pinHash: 'hashed:24680' });
    const result = await w.update.execute({ userId: 'amina', phoneNumber: '+250739000222' });
    expect(result.ok).toBe(true);
    expect(await w.phones.findByPhone('+250739000222')).toBeNull();
    expect(await w.phones.findByPhone('+250788123456')).toBeNull();
    expect(w.audit.entries[0]!.details).toEqual({ fields: 'phoneNumber', ussdAccessEnded: true });
    // The e-mail says so, in the member's language.
    expect(w.outbox.messages[0]!.body).toContain('L’accès USSD depuis votre ancien numéro a pris fin');
  });

  it('answers account_not_found for an unknown account', async () => {
    expect(await world().update.execute({ userId: 'nobody', firstName: 'X' })).toEqual({ ok: false, error: 'account_not_found' });
  });
});

describe('maskPhoneNumber', () => {
  it('shows the first digit and the last three only', () => {
    expect(maskPhoneNumber('+250788123456')).toBe('+250 7•• ••• 456');
    expect(maskPhoneNumber('+250')).toBe('•••');
  });
});
