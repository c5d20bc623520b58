import { describe, expect, it } from 'vitest';
import { accountsWorld, InMemoryPins, PlainHasher } from './accounts.fixtures.ts';
import { RegisterByPhone } from './register-by-phone.ts';
import { RequestUssdAccessCode } from './request-ussd-access-code.ts';
import { SetUpUssdAccess } from './set-up-ussd-access.ts';
import { ShowUssdAccess } from './show-ussd-access.ts';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, type OneTimeCodes, type UssdAccessCode, type UssdAccessCodes } from './ussd-access.ts';
import { User } from './user.ts';
import type { PinHasher } from './ussd-pins.ts';
import { VerifyUssdPin } from './verify-ussd-pin.ts';

class InMemoryCodes implements UssdAccessCodes {
  codes = new Map<string, UssdAccessCode>();
  async put(code: UssdAccessCode) {
    this.codes.set(code.userId, code);
  }
  async find(userId: string) {
    return this.codes.get(userId) ?? null;
  }
  async lockOf(userId: string) {
    return this.codes.get(userId) ?? null;
  }
  async countWrongTry(userId: string) {
    const code = this.codes.get(userId);
    if (code) this.codes.set(userId, { ...code, attempts: code.attempts + 1 });
  }
  async remove(userId: string) {
    this.codes.delete(userId);
  }
}

/** Codes 100001, 100002…: predictable, so a test types the one the SMS carried. */
class CountingCodes implements OneTimeCodes {
  private n = 100_000;
  issue() {
    const code = String(++this.n);
    return { code, hash: this.hash(code) };
  }
  hash(code: string) {
    return `sha(${code})`;
  }
  matches(code: string, hash: string) {
    return this.hash(code) === hash;
  }
}

class PlainPinHasher extends PlainHasher implements PinHasher {
  needsRehash() {
    return false;
  }
}

const WEB_PHONE = '+250788555222';

function world() {
  const w = accountsWorld();
  const pins = new InMemoryPins();
  const codes = new InMemoryCodes();
  const deps = { ...w, pins, codes, oneTimeCodes: new CountingCodes(), hasher: new PlainPinHasher() };
  const web = (id: string, phoneNumber: string | null = WEB_PHONE) =>
    w.accounts.users.set(id, new User({ id, email: `${id}@example.rw`, passwordHash: 'hashed:pw', firstName: id, lastName: 'W', phoneNumber, language: 'rw', emailVerified: false, createdAt: w.clock.now() }));
  return {
    ...w,
    pins,
    codes,
    web,
    request: new RequestUssdAccessCode(deps),
    setUp: new SetUpUssdAccess(deps),
    show: new ShowUssdAccess(deps),
    register: new RegisterByPhone(deps),
    verify: new VerifyUssdPin(deps),
    /** The code the last SMS carried. */
    lastCode: () => w.outbox.messages.at(-1)?.secret ?? '',
  };
}

const USSD_CALLER = { firstName: 'Amina', lastName: 'Uwase', pin: '24680', language: 'rw' as const };

describe('USSD registration on a number a web account gives', () => {
  it('never opens a second account: phone_on_web_account, nothing written', async () => {
    const w = world();
    w.web('amina');
    expect(await w.register.execute({ ...USSD_CALLER, phoneNumber: '0788 555 222' })).toEqual({ ok: false, error: 'phone_on_web_account' });
    expect(w.accounts.users.size).toBe(1);
    expect(w.pins.pins.size).toBe(0);
  });

  it('opens an account of its own for a caller who says the web account is not theirs: a typed number keeps no SIM holder out', async () => {
    const w = world();
    w.web('squatter');
    const registered = await w.register.execute({ ...USSD_CALLER, phoneNumber: WEB_PHONE, notTheWebAccountHolder: true });
    expect(registered.ok && registered.value.userId).not.toBe('squatter');
    expect(w.pins.pins.get(WEB_PHONE)?.userId).not.toBe('squatter');
    // The web account, who never proved the number, cannot take it now.
    expect(await w.request.execute({ userId: 'squatter' })).toEqual({ ok: false, error: 'phone_taken' });
  });

  it('still opens an account on a number no web account gives', async () => {
    const w = world();
    w.web('other', '+250788000999');
    expect((await w.register.execute({ ...USSD_CALLER, phoneNumber: WEB_PHONE })).ok).toBe(true);
  });
});

describe('setting up USSD access from the web', () => {
  it('sends a code by SMS to the account’s own number, in its language, sealed until delivery', async () => {
    const w = world();
    w.web('amina');
    const sent = await w.request.execute({ userId: 'amina' });
    expect(sent).toEqual({ ok: true, value: { phoneNumber: WEB_PHONE, expiresAt: new Date(w.clock.now().getTime() + CODE_TTL_MS) } });
    const sms = w.outbox.messages.at(-1)!;
    expect(sms).toMatchObject({ channel: 'sms', recipient: WEB_PHONE, secret: '100001' });
    expect(sms.body).toContain('kode yawe yo gufungura USSD');
    expect(sms.body).not.toContain('100001');
    expect(w.codes.codes.get('amina')?.codeHash).toBe('sha(100001)');
  });

  it('links the number to the same account with the PIN chosen: USSD then opens this account', async () => {
    const w = world();
    w.web('amina');
    await w.request.execute({ userId: 'amina' });
    expect(await w.setUp.execute({ userId: 'amina', code: w.lastCode(), pin: '24681' })).toEqual({ ok: true, value: { phoneNumber: WEB_PHONE } });
    expect(await w.verify.execute({ phoneNumber: '0788555222', pin: '24681' })).toEqual({ ok: true, value: { userId: 'amina' } });
    expect(w.codes.codes.size).toBe(0);
    expect((await w.show.execute({ userId: 'amina' })).ok && (await w.show.execute({ userId: 'amina' }))).toMatchObject({ value: { status: 'set_up' } });
    // USSD registration on it now finds the key: no account of its own either.
    expect(await w.register.execute({ ...USSD_CALLER, phoneNumber: WEB_PHONE, notTheWebAccountHolder: true })).toEqual({ ok: false, error: 'phone_taken' });
    expect(w.accounts.users.size).toBe(1);
  });

  it('counts wrong codes and uses the code up at the fifth: a guesser gets five tries per code', async () => {
    const w = world();
    w.web('amina');
    await w.request.execute({ userId: 'amina' });
    for (let left = MAX_CODE_ATTEMPTS - 1; left >= 0; left--) {
      expect(await w.setUp.execute({ userId: 'amina', code: '999999', pin: '24681' })).toEqual({ ok: false, error: 'ussd_access_code_incorrect', attemptsLeft: left });
    }
    expect(await w.setUp.execute({ userId: 'amina', code: '100001', pin: '24681' })).toEqual({ ok: false, error: 'ussd_access_code_expired' });
    expect(w.pins.pins.size).toBe(0);
  });

  it('refuses an expired code, and a code sent to a number the member has changed since', async () => {
    const w = world();
    w.web('amina');
    await w.request.execute({ userId: 'amina' });
    w.clock.advance(CODE_TTL_MS);
    expect(await w.setUp.execute({ userId: 'amina', code: '100001', pin: '24681' })).toEqual({ ok: false, error: 'ussd_access_code_expired' });
    await w.request.execute({ userId: 'amina' });
    w.accounts.users.get('amina')!.phoneNumber = '+250788000111';
    expect(await w.setUp.execute({ userId: 'amina', code: '100002', pin: '24681' })).toEqual({ ok: false, error: 'ussd_access_code_expired' });
    expect(w.pins.pins.size).toBe(0);
  });

  it("never takes another account's number, even with the right code (an account opened by phone before)", async () => {
    const w = world();
    w.web('amina');
    await w.request.execute({ userId: 'amina' });
    await w.register.execute({ ...USSD_CALLER, phoneNumber: WEB_PHONE, notTheWebAccountHolder: true });
    expect(await w.setUp.execute({ userId: 'amina', code: '100001', pin: '24681' })).toEqual({ ok: false, error: 'phone_taken' });
    expect((await w.show.execute({ userId: 'amina' })).ok && (await w.show.execute({ userId: 'amina' }))).toMatchObject({ value: { status: 'other_account' } });
  });

  it('checks the PIN policy before the code, so a weak PIN costs no try', async () => {
    const w = world();
    w.web('amina');
    await w.request.execute({ userId: 'amina' });
    expect(await w.setUp.execute({ userId: 'amina', code: '999999', pin: '12345' })).toEqual({ ok: false, error: 'pin_weak' });
    expect(await w.setUp.execute({ userId: 'amina', code: '999999', pin: '2468' })).toEqual({ ok: false, error: 'pin_format' });
    expect(w.codes.codes.get('amina')?.attempts).toBe(0);
  });

  it('sends at most three codes an hour per account and per number, then rate_limited', async () => {
    const w = world();
    w.web('amina');
    for (let i = 0; i < 3; i++) expect((await w.request.execute({ userId: 'amina' })).ok).toBe(true);
    expect(await w.request.execute({ userId: 'amina' })).toMatchObject({ ok: false, error: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    // Another web account giving the same number cannot flood it either.
    w.web('grace');
    expect(await w.request.execute({ userId: 'grace' })).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(w.outbox.messages).toHaveLength(3);
  });

  it('replacing the PIN under a new number drops the old key: one key per account', async () => {
    const w = world();
    w.web('amina');
    await w.request.execute({ userId: 'amina' });
    await w.setUp.execute({ userId: 'amina', code: w.lastCode(), pin: '24681' });
    w.accounts.users.get('amina')!.phoneNumber = '+250788000111';
    await w.request.execute({ userId: 'amina' });
    expect((await w.setUp.execute({ userId: 'amina', code: w.lastCode(), pin: '13579' })).ok).toBe(true);
    expect([...w.pins.pins.keys()]).toEqual(['+250788000111']);
  });

  it('says why it cannot: no number, or one USSD does not serve', async () => {
    const w = world();
    w.web('none', null);
    w.web('kenyan', '+254711123456');
    expect(await w.request.execute({ userId: 'none' })).toEqual({ ok: false, error: 'ussd_access_needs_phone' });
    expect(await w.request.execute({ userId: 'kenyan' })).toEqual({ ok: false, error: 'phone_number_not_rwandan' });
    expect(await w.show.execute({ userId: 'none' })).toEqual({ ok: true, value: { status: 'no_phone', phoneNumber: null, codeExpiresAt: null } });
    expect(await w.show.execute({ userId: 'kenyan' })).toMatchObject({ ok: true, value: { status: 'not_rwandan' } });
    expect(w.outbox.messages).toHaveLength(0);
  });
});
