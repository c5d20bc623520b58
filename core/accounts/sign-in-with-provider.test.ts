import { describe, expect, it } from 'vitest';
import { ok, err } from '../shared/result.ts';
import { accountsWorld } from './accounts.fixtures.ts';
import { RedeemSignInLink } from './redeem-sign-in-link.ts';
import type { SingleSignOn, SingleSignOnIdentity } from './single-sign-on.ts';
import { SignInWithProvider, SSO_HANDOVER_TTL_SECONDS } from './sign-in-with-provider.ts';
import { StartProviderSignIn } from './start-provider-sign-in.ts';
import { User } from './user.ts';

function fakeProvider(identity: SingleSignOnIdentity | 'sso_email_unverified'): SingleSignOn {
  let n = 0;
  return {
    async start() {
      n++;
      return { authorizationUrl: `https://idp.example/auth?state=s${n}`, pending: { state: `s${n}`, nonce: `n${n}`, codeVerifier: `v${n}` } };
    },
    async finish(_url, pending) {
      if (pending.nonce !== `n${pending.state.slice(1)}`) return err('sso_failed');
      return identity === 'sso_email_unverified' ? err('sso_email_unverified') : ok(identity);
    },
  };
}

const google: SingleSignOnIdentity = { provider: 'google', subject: 'g-123', email: 'Keza@Example.rw', firstName: 'Keza', lastName: 'Ineza', pictureUrl: 'https://pic' };

const CLIENT = { ip: '1.1.1.1', userAgent: 'test' };

function setup(identity: SingleSignOnIdentity | 'sso_email_unverified' = google) {
  const w = accountsWorld();
  const provider = fakeProvider(identity);
  return {
    ...w,
    start: new StartProviderSignIn({ provider, attempts: w.ssoAttempts, clock: w.clock }),
    finish: new SignInWithProvider({ ...w, provider, attempts: w.ssoAttempts }),
    redeem: new RedeemSignInLink(w),
  };
}

describe('provider sign-in', () => {
  it('creates a password-less, verified account and hands over a 2-minute single-use link', async () => {
    const s = setup();
    const { state } = await s.start.execute();
    const result = await s.finish.execute({ callbackUrl: 'https://ikimina.rw/cb', state, clientIp: '1.1.1.1' });
    if (!result.ok) throw new Error(result.error);
    const link = s.links.links[0];
    expect(link).toMatchObject({ purpose: 'sso', tokenHash: s.secrets.hash(result.value) });
    expect((link?.expiresAt.getTime() ?? 0) - s.clock.now().getTime()).toBe(SSO_HANDOVER_TTL_SECONDS * 1000);
    const signedIn = await s.redeem.execute({ token: result.value, client: CLIENT });
    expect(signedIn.ok && signedIn.value.user).toMatchObject({ email: 'keza@example.rw', passwordHash: null, emailVerified: true, firstName: 'Keza', profilePhotoUrl: 'https://pic' });
    expect((await s.redeem.execute({ token: result.value, client: CLIENT })).ok).toBe(false);
  });

  it('links an existing account by e-mail, then finds it by subject', async () => {
    const s = setup();
    await s.accounts.add(new User({ id: 'existing', email: 'keza@example.rw', passwordHash: 'h', firstName: 'K', lastName: 'I', phoneNumber: null, language: 'rw', emailVerified: false, createdAt: s.clock.now() }));
    for (let i = 0; i < 2; i++) {
      const { state } = await s.start.execute();
      const r = await s.finish.execute({ callbackUrl: 'x', state, clientIp: '1.1.1.1' });
      expect(r.ok).toBe(true);
    }
    expect(s.accounts.users.size).toBe(1);
    expect(s.accounts.identities).toEqual([expect.objectContaining({ provider: 'google', subject: 'g-123', userId: 'existing' })]);
    expect(s.links.links.every((l) => l.userId === 'existing')).toBe(true);
  });

  it('finishes an attempt once, refuses an unknown or expired state, and passes the provider’s refusal on', async () => {
    const s = setup();
    const { state } = await s.start.execute();
    expect((await s.finish.execute({ callbackUrl: 'x', state, clientIp: '1' })).ok).toBe(true);
    expect(await s.finish.execute({ callbackUrl: 'x', state, clientIp: '1' })).toEqual({ ok: false, error: 'sso_expired' });
    const late = await s.start.execute();
    s.clock.advance(10 * 60_000);
    expect(await s.finish.execute({ callbackUrl: 'x', state: late.state, clientIp: '1' })).toEqual({ ok: false, error: 'sso_expired' });

    const unverified = setup('sso_email_unverified');
    const attempt = await unverified.start.execute();
    expect(await unverified.finish.execute({ callbackUrl: 'x', state: attempt.state, clientIp: '1' })).toEqual({ ok: false, error: 'sso_email_unverified' });
    expect(unverified.accounts.users.size).toBe(0);
  });
});
