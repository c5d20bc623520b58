import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { describe, expect, it } from 'vitest';
import { SECRET_PLACE, withSecret } from '../notifications/outbox.ts';
import { accountsWorld } from './accounts.fixtures.ts';
import { Authenticate } from './authenticate.ts';
import { profileCompletion } from './profile-completion.ts';
import { RedeemSignInLink } from './redeem-sign-in-link.ts';
import { RegisterAccount } from './register-account.ts';
import { RequestSignInLink } from './request-sign-in-link.ts';
import { SeedDemoAccounts } from './seed-demo-accounts.ts';
import { SignIn } from './sign-in.ts';
import { SignOut } from './sign-out.ts';
import { User } from './user.ts';

function setup(policy?: { perAddress: number; perIp: number; windowSeconds: number }) {
  const w = accountsWorld(policy);
  return {
    ...w,
    register: new RegisterAccount(w),
    signIn: new SignIn(w),
    signOut: new SignOut(w),
    authenticate: new Authenticate(w),
    requestLink: new RequestSignInLink({ ...w, publicBaseUrl: 'https://ikimina.rw/' }),
    redeem: new RedeemSignInLink(w),
  };
}

const amina = { email: ' Amina@Example.RW ', password: 'long enough', firstName: 'Amina', lastName: 'Uwase', phoneNumber: null, language: 'fr' as const, clientIp: '10.0.0.1', userAgent: 'Firefox' };
const CLIENT = { ip: '10.0.0.1', userAgent: 'Firefox' };

describe('registration', () => {
  it('one account per normalised e-mail address (email_taken)', async () => {
    const s = setup();
    const first = await s.register.execute(amina);
    expect(first.ok && first.value.user.email).toBe('amina@example.rw');
    expect(await s.register.execute({ ...amina, email: 'AMINA@example.rw' })).toEqual({ ok: false, error: 'email_taken' });
  });

  it('stores the password only as its hash and signs the member in', async () => {
    const s = setup();
    const result = await s.register.execute(amina);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.user.passwordHash).toBe('hashed:long enough');
    expect(s.sessions.sessions[0]?.tokenHash).toBe(s.secrets.hash(result.value.token));
    expect(result.value.expiresAt.getTime() - s.clock.now().getTime()).toBe(12 * 3_600_000);
    expect(s.sessions.sessions[0]).toMatchObject({ clientIp: '10.0.0.1', userAgent: 'Firefox', lastSeenAt: s.clock.now() });
  });

  it('stores the phone number as E.164, however it was typed', async () => {
    const s = setup();
    const typed = { '+250 788 555 222': '+250788555222', '0788-555-223': '+250788555223', '+254 711 123 456': '+254711123456' };
    for (const [i, [phoneNumber, e164]] of Object.entries(typed).entries()) {
      const result = await s.register.execute({ ...amina, email: `m${i}@example.rw`, phoneNumber });
      expect(result.ok && result.value.user.phoneNumber).toBe(e164);
    }
  });

  it('refuses what cannot be a phone number (phone_number_invalid) and writes nothing', async () => {
    const s = setup();
    for (const phoneNumber of ['12345', '0711 123 456', '+250 252 123 456', 'call me']) {
      expect(await s.register.execute({ ...amina, phoneNumber }), phoneNumber).toEqual({ ok: false, error: 'phone_number_invalid' });
    }
    expect(s.accounts.users.size).toBe(0);
  });
});

describe('sign-in and sessions', () => {
  it('answers invalid_credentials alike for a wrong password, an unknown address and a password-less account, with the same hashing work', async () => {
    const s = setup();
    await s.register.execute(amina);
    await s.accounts.add(new User({ id: 'sso', email: 'sso@example.rw', passwordHash: null, firstName: 'S', lastName: 'O', phoneNumber: null, language: 'en', emailVerified: true, createdAt: s.clock.now() }));
    for (const attempt of [
      { email: 'amina@example.rw', password: 'wrong' },
      { email: 'nobody@example.rw', password: 'long enough' },
      { email: 'sso@example.rw', password: 'anything' },
    ]) {
      const before = s.passwords.verifications;
      expect(await s.signIn.execute({ ...attempt, clientIp: '1.1.1.1', userAgent: null })).toEqual({ ok: false, error: 'invalid_credentials' });
      expect(s.passwords.verifications - before).toBe(1);
    }
    const ok = await s.signIn.execute({ email: 'AMINA@example.rw', password: 'long enough', clientIp: '1.1.1.1', userAgent: null });
    expect(ok.ok).toBe(true);
  });

  it('a session is valid until it is revoked or expires', async () => {
    const s = setup();
    const r = await s.register.execute(amina);
    if (!r.ok) throw new Error(r.error);
    expect((await s.authenticate.execute({ sessionToken: r.value.token })).ok).toBe(true);
    expect(await s.authenticate.execute({ sessionToken: 'unknown' })).toEqual({ ok: false, error: 'unauthenticated' });
    await s.signOut.execute({ sessionToken: r.value.token });
    expect((await s.authenticate.execute({ sessionToken: r.value.token })).ok).toBe(false);

    const again = await s.signIn.execute({ email: 'amina@example.rw', password: 'long enough', clientIp: '1.1.1.1', userAgent: null });
    if (!again.ok) throw new Error(again.error);
    s.clock.advance(30 * 60_000);
    expect((await s.authenticate.execute({ sessionToken: again.value.token })).ok).toBe(false);
  });

  it('a session used every 29 minutes lives until its absolute expiry (12 h), not a minute more', async () => {
    const s = setup();
    const r = await s.register.execute(amina);
    if (!r.ok) throw new Error(r.error);
    for (let minutes = 29; minutes < 12 * 60; minutes += 29) {
      s.clock.advance(29 * 60_000);
      expect((await s.authenticate.execute({ sessionToken: r.value.token })).ok).toBe(true);
    }
    s.clock.current = new Date(r.value.expiresAt.getTime());
    expect((await s.authenticate.execute({ sessionToken: r.value.token })).ok).toBe(false);
  });

  it('writes the last use at most once a minute', async () => {
    const s = setup();
    const r = await s.register.execute(amina);
    if (!r.ok) throw new Error(r.error);
    for (let i = 0; i < 120; i++) {
      s.clock.advance(1000);
      await s.authenticate.execute({ sessionToken: r.value.token });
    }
    expect(s.sessions.touches).toBe(2);
  });
});

describe('attempt limits', () => {
  it('refuses past the per-address limit with the wait until the window ends, whatever the IP', async () => {
    const s = setup({ perAddress: 2, perIp: 100, windowSeconds: 900 });
    const attempt = (ip: string) => s.requestLink.execute({ email: 'x@example.rw', clientIp: ip });
    expect((await attempt('1.1.1.1')).ok).toBe(true);
    expect((await attempt('2.2.2.2')).ok).toBe(true);
    expect(await attempt('3.3.3.3')).toEqual({ ok: false, error: 'rate_limited', retryAfterSeconds: 900 });
    s.clock.advance(900_000);
    expect((await attempt('3.3.3.3')).ok).toBe(true);
  });

  it('refuses past the per-IP limit whatever the addresses, for registration and links too', async () => {
    const s = setup({ perAddress: 100, perIp: 2, windowSeconds: 60 });
    await s.register.execute({ ...amina, email: 'a1@example.rw' });
    await s.register.execute({ ...amina, email: 'a2@example.rw' });
    const third = await s.register.execute({ ...amina, email: 'a3@example.rw' });
    expect(third).toMatchObject({ ok: false, error: 'rate_limited' });
    await s.requestLink.execute({ email: 'a1@example.rw', clientIp: '9.9.9.9' });
    await s.requestLink.execute({ email: 'a1@example.rw', clientIp: '9.9.9.9' });
    expect(await s.requestLink.execute({ email: 'a1@example.rw', clientIp: '9.9.9.9' })).toMatchObject({ error: 'rate_limited' });
  });
});

describe('sign-in links', () => {
  async function withLink() {
    const s = setup();
    await s.register.execute(amina);
    await s.requestLink.execute({ email: 'AMINA@example.rw', clientIp: '10.0.0.1' });
    const message = s.outbox.messages[0];
    const body = withSecret(message?.body ?? '', message?.secret ?? '');
    const token = /#token=(\S+)/.exec(body)?.[1] ?? '';
    return { s, token, body, stored: message?.body ?? '' };
  }

  it('answers the same with or without an account; only an account gets an e-mail', async () => {
    const s = setup();
    await s.register.execute(amina);
    const unknown = await s.requestLink.execute({ email: 'ghost@example.rw', clientIp: '1.1.1.1' });
    const known = await s.requestLink.execute({ email: 'amina@example.rw', clientIp: '1.1.1.1' });
    expect(unknown).toEqual(known);
    expect(s.outbox.messages.map((m) => m.recipient)).toEqual(['amina@example.rw']);
  });

  it('mails a link built from the public base URL, in the member’s language, storing only the hash', async () => {
    const { s, token, body, stored } = await withLink();
    expect(body).toContain(`https://ikimina.rw/auth/magic-link#token=${token}`);
    // The link travels as the message's secret, which the outbox seals; the body only has its place.
    expect(stored).not.toContain(token);
    expect(stored).toContain(SECRET_PLACE);
    expect(s.outbox.messages[0]?.subject).toBe('Votre lien de connexion Ikimina');
    expect(s.links.links[0]?.tokenHash).toBe(s.secrets.hash(token));
    expect((s.links.links[0]?.expiresAt.getTime() ?? 0) - s.clock.now().getTime()).toBe(15 * 60_000);
  });

  it('a link signs in once, verifies the e-mail, and uses up the member’s other links', async () => {
    const { s, token } = await withLink();
    await s.requestLink.execute({ email: 'amina@example.rw', clientIp: '10.0.0.1' });
    const redeemed = await s.redeem.execute({ token, client: CLIENT });
    expect(redeemed.ok && redeemed.value.user.emailVerified).toBe(true);
    expect(await s.redeem.execute({ token, client: CLIENT })).toEqual({ ok: false, error: 'invalid_or_expired_link' });
    expect(s.links.links.every((l) => l.usedAt !== null)).toBe(true);
  });

  it('a link expires after 15 minutes', async () => {
    const { s, token } = await withLink();
    s.clock.advance(15 * 60_000);
    expect(await s.redeem.execute({ token, client: CLIENT })).toEqual({ ok: false, error: 'invalid_or_expired_link' });
  });
});

describe('profile completion', () => {
  const user = () => new User({ id: 'u', email: 'a@b.rw', passwordHash: null, firstName: 'A', lastName: 'B', phoneNumber: null, language: 'en', emailVerified: false, createdAt: new Date(0) });

  it('ten items count 10 % each; red below 40, yellow below 80, green from 80', () => {
    const u = user();
    expect(profileCompletion(u)).toEqual({ percentage: 30, color: 'red' });
    u.phoneNumber = '+250788000000';
    expect(profileCompletion(u)).toEqual({ percentage: 40, color: 'yellow' });
    u.address = 'Kigali';
    u.dateOfBirth = '1990-01-01';
    u.profession = 'Tailor';
    expect(profileCompletion(u)).toEqual({ percentage: 70, color: 'yellow' });
    u.profilePhotoUrl = 'https://x/p.png';
    expect(profileCompletion(u)).toEqual({ percentage: 80, color: 'green' });
    u.nidaVerified = true;
    u.kycVerified = true;
    expect(profileCompletion(u)).toEqual({ percentage: 100, color: 'green' });
  });

  it('a blank text does not count as filled', () => {
    const u = user();
    u.address = '   ';
    expect(profileCompletion(u).percentage).toBe(30);
  });
});

describe('demo accounts', () => {
  it('are created once, marked isDemo and national-ID verified', async () => {
    const s = setup();
    const seed = new SeedDemoAccounts({ ...s, audit: new RecordingAuditTrail() });
    expect((await seed.execute()).every((a) => a.created)).toBe(true);
    expect((await seed.execute()).some((a) => a.created)).toBe(false);
    const users = [...s.accounts.users.values()];
    expect(users).toHaveLength(3);
    expect(users.every((u) => u.isDemo && u.nidaVerified && u.email?.endsWith('@ikimina.demo'))).toBe(true);
  });
});
