import { describe, expect, it } from 'vitest';
import { accountsWorld, InMemoryPins, PlainHasher } from './accounts.fixtures.ts';
import { ChangeLanguage } from './change-language.ts';
import { ChangeUssdPin } from './change-ussd-pin.ts';
import { RegisterByPhone, registrablePhone } from './register-by-phone.ts';
import { phoneKey, type PinHasher } from './ussd-pins.ts';
import { VerifyUssdPin } from './verify-ussd-pin.ts';

/** PlainHasher whose `old:<pin>` stands for a hash made at an earlier cost: it verifies, and asks for a rehash. */
class PlainPinHasher extends PlainHasher implements PinHasher {
  override async verify(hash: string, pin: string) {
    return hash === `old:${pin}` || super.verify(hash, pin);
  }
  needsRehash(hash: string) {
    return !hash.startsWith('hashed:');
  }
}

function world() {
  const w = accountsWorld();
  const pins = new InMemoryPins();
  const deps = { accounts: w.accounts, pins, hasher: new PlainPinHasher(), uow: w.uow, ids: w.ids, clock: w.clock };
  return {
    ...w,
    pins,
    register: new RegisterByPhone(deps),
    verify: new VerifyUssdPin(deps),
    change: new ChangeUssdPin(deps),
    language: new ChangeLanguage(deps),
  };
}

const AMINA = { phoneNumber: '0788 123 456', firstName: ' Amina ', lastName: 'Uwase', pin: '24680', language: 'rw' as const };

describe('phone numbers as USSD keys', () => {
  it('keys a Rwandan number in any typed form as E.164 and other E.164 numbers as given', () => {
    for (const form of ['+250788123456', '250788123456', '0788123456', '0788-123-456']) expect(phoneKey(form)).toEqual({ ok: true, value: '+250788123456' });
    expect(phoneKey('+254739495441')).toEqual({ ok: true, value: '+254739495441' });
    for (const bad of ['', 'abc', '12', '+0123456789', `+${'1'.repeat(20)}`]) expect(phoneKey(bad)).toEqual({ ok: false, error: 'phone_number_invalid' });
  });
});

describe('RegisterByPhone', () => {
  it('opens an account keyed by the phone, without e-mail or password, with the PIN stored only as its hash', async () => {
    const w = world();
    const result = await w.register.execute(AMINA);
    expect(result.ok).toBe(true);
    const userId = result.ok ? result.value.userId : '';
    const user = await w.accounts.findById(userId);
    expect(user).toMatchObject({ email: null, passwordHash: null, firstName: 'Amina', lastName: 'Uwase', phoneNumber: '+250788123456', language: 'rw' });
    expect(w.pins.pins.get('+250788123456')).toEqual({ phoneNumber: '+250788123456', userId, pinHash: 'hashed:24680' });
  });

  it('refuses a second account for the same number, however it is written, and writes nothing', async () => {
    const w = world();
    await w.register.execute(AMINA);
    expect(await w.register.execute({ ...AMINA, phoneNumber: '+250 788 123 456', pin: '13579' })).toEqual({ ok: false, error: 'phone_taken' });
    expect(w.accounts.users.size).toBe(1);
  });

  it('lets two phone accounts coexist although neither has an e-mail address', async () => {
    const w = world();
    await w.register.execute(AMINA);
    expect((await w.register.execute({ ...AMINA, phoneNumber: '0722000111' })).ok).toBe(true);
    expect(w.accounts.users.size).toBe(2);
  });

  it('refuses a number that is not a phone number', async () => {
    expect(await world().register.execute({ ...AMINA, phoneNumber: 'not a phone' })).toEqual({ ok: false, error: 'phone_number_invalid' });
  });

  it('registers only Rwandan mobile numbers: foreign, landline and malformed ones are refused and write nothing', async () => {
    const w = world();
    for (const foreign of ['+254739495441', '+12025550123', '+46733123450']) {
      expect(await w.register.execute({ ...AMINA, phoneNumber: foreign }), foreign).toEqual({ ok: false, error: 'phone_number_not_rwandan' });
    }
    // A Rwandan landline is no phone the gateway can call from: not a number here at all.
    for (const bad of ['', '+', '07881', '+250788123456\u0000', `+${'9'.repeat(40)}`, '+250252123456']) {
      expect(await w.register.execute({ ...AMINA, phoneNumber: bad }), bad).toEqual({ ok: false, error: 'phone_number_invalid' });
    }
    expect(w.accounts.users.size).toBe(0);
    expect(w.pins.pins.size).toBe(0);
    expect(registrablePhone('0788 123 456')).toEqual({ ok: true, value: '+250788123456' });
  });
});

describe('VerifyUssdPin', () => {
  it('answers the account for the right PIN and pin_incorrect for a wrong PIN or an unknown number', async () => {
    const w = world();
    const registered = await w.register.execute(AMINA);
    expect(await w.verify.execute({ phoneNumber: '+250788123456', pin: '24680' })).toEqual({ ok: true, value: { userId: registered.ok && registered.value.userId } });
    expect(await w.verify.execute({ phoneNumber: '+250788123456', pin: '24681' })).toEqual({ ok: false, error: 'pin_incorrect' });
    expect(await w.verify.execute({ phoneNumber: '+250788999999', pin: '24680' })).toEqual({ ok: false, error: 'pin_incorrect' });
  });

  it('rehashes a PIN hashed at an earlier cost on its next right entry, and not on a wrong one', async () => {
    const w = world();
    await w.register.execute(AMINA);
    const old = { ...w.pins.pins.get('+250788123456')!, pinHash: 'old:24680' };
    w.pins.pins.set(old.phoneNumber, old);
    expect((await w.verify.execute({ phoneNumber: '0788123456', pin: '24681' })).ok).toBe(false);
    expect(w.pins.pins.get('+250788123456')?.pinHash).toBe('old:24680');
    expect((await w.verify.execute({ phoneNumber: '0788123456', pin: '24680' })).ok).toBe(true);
    expect(w.pins.pins.get('+250788123456')?.pinHash).toBe('hashed:24680');
  });

  it('never lets a rehash undo a PIN changed in between', async () => {
    const w = world();
    await w.register.execute(AMINA);
    w.pins.pins.set('+250788123456', { ...w.pins.pins.get('+250788123456')!, pinHash: 'old:24680' });
    await w.pins.replaceHash('+250788123456', 'hashed:something-else', 'hashed:24680');
    expect(w.pins.pins.get('+250788123456')?.pinHash).toBe('old:24680');
  });
});

describe('ChangeUssdPin', () => {
  it('changes the PIN only with the current PIN, after which only the new one verifies', async () => {
    const w = world();
    await w.register.execute(AMINA);
    expect(await w.change.execute({ phoneNumber: '0788123456', oldPin: '11223', newPin: '97531' })).toEqual({ ok: false, error: 'pin_incorrect' });
    expect((await w.verify.execute({ phoneNumber: '0788123456', pin: '24680' })).ok).toBe(true);
    expect(await w.change.execute({ phoneNumber: '0788123456', oldPin: '24680', newPin: '97531' })).toEqual({ ok: true, value: undefined });
    expect((await w.verify.execute({ phoneNumber: '0788123456', pin: '24680' })).ok).toBe(false);
    expect((await w.verify.execute({ phoneNumber: '0788123456', pin: '97531' })).ok).toBe(true);
    expect(w.pins.pins.get('+250788123456')?.pinHash).toBe('hashed:97531');
  });
});

describe('ChangeLanguage', () => {
  it("changes the account's language and answers account_not_found for an unknown account", async () => {
    const w = world();
    const registered = await w.register.execute(AMINA);
    const userId = registered.ok ? registered.value.userId : '';
    w.clock.advance(60_000);
    expect(await w.language.execute({ userId, language: 'fr' })).toEqual({ ok: true, value: undefined });
    const user = await w.accounts.findById(userId);
    expect(user?.language).toBe('fr');
    expect(user?.updatedAt).toEqual(w.clock.now());
    expect(await w.language.execute({ userId: 'nobody', language: 'fr' })).toEqual({ ok: false, error: 'account_not_found' });
  });
});
