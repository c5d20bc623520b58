import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withSecret } from '../notifications/outbox.ts';
import { accountsWorld } from './accounts.fixtures.ts';
import { Authenticate } from './authenticate.ts';
import { ChangePassword } from './change-password.ts';
import { ListSessions, RevokeSession } from './member-sessions.ts';
import { RedeemSignInLink } from './redeem-sign-in-link.ts';
import { RegisterAccount } from './register-account.ts';
import { RequestSignInLink } from './request-sign-in-link.ts';
import { PASSWORD_RESET_TTL_MINUTES, RequestPasswordReset, ResetPassword } from './reset-password.ts';
import { absoluteExpiry, DEFAULT_SESSION_POLICY, endsAt, isLive, needsTouch } from './session-policy.ts';
import { SignIn } from './sign-in.ts';
import { SignOutEverywhere } from './sign-out.ts';

describe('session policy (ASVS L2: 30 minutes idle, 12 hours absolute)', () => {
  const policy = DEFAULT_SESSION_POLICY;
  const minutes = fc.integer({ min: 0, max: 24 * 60 });

  it('a session is live exactly while it is both within its idle limit and before its absolute expiry', () => {
    fc.assert(
      fc.property(minutes, minutes, (sinceUse, sinceStart) => {
        const now = new Date('2026-11-23T12:00:00Z');
        const createdAt = new Date(now.getTime() - sinceStart * 60_000);
        const lastSeenAt = new Date(Math.max(createdAt.getTime(), now.getTime() - sinceUse * 60_000));
        const session = { expiresAt: absoluteExpiry(createdAt, policy), lastSeenAt, revokedAt: null };
        const live = isLive(session, now, policy);
        expect(live).toBe(now.getTime() - lastSeenAt.getTime() < 30 * 60_000 && sinceStart < 12 * 60);
        expect(live).toBe(now < endsAt(session, policy));
        expect(isLive({ ...session, revokedAt: now }, now, policy)).toBe(false);
      }),
    );
  });

  it('asks for a write of the last use at most once a minute', () => {
    const seen = new Date('2026-11-23T12:00:00Z');
    expect(needsTouch(seen, new Date(seen.getTime() + 59_999), policy)).toBe(false);
    expect(needsTouch(seen, new Date(seen.getTime() + 60_000), policy)).toBe(true);
  });
});

const PASSWORD = 'long enough';

async function world() {
  const w = accountsWorld();
  const register = new RegisterAccount(w);
  const signIn = new SignIn(w);
  const authenticate = new Authenticate(w);
  const first = await register.execute({ email: 'amina@example.rw', password: PASSWORD, firstName: 'Amina', lastName: 'Uwase', phoneNumber: null, language: 'en', clientIp: '10.0.0.1', userAgent: 'Phone' });
  if (!first.ok) throw new Error(first.error);
  const other = await register.execute({ email: 'jean@example.rw', password: PASSWORD, firstName: 'Jean', lastName: 'Bosco', phoneNumber: null, language: 'en', clientIp: '10.0.0.9', userAgent: null });
  if (!other.ok) throw new Error(other.error);
  const second = await signIn.execute({ email: 'amina@example.rw', password: PASSWORD, clientIp: '10.0.0.2', userAgent: 'Laptop' });
  if (!second.ok) throw new Error(second.error);
  const live = async (token: string) => (await authenticate.execute({ sessionToken: token })).ok;
  const sessionIdOf = async (token: string) => {
    const result = await authenticate.execute({ sessionToken: token });
    if (!result.ok) throw new Error(result.error);
    return result.value.sessionId;
  };
  return { ...w, signIn, authenticate, amina: first.value, aminaLaptop: second.value, jean: other.value, live, sessionIdOf };
}

describe('password change', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const w = await world();
    const change = new ChangePassword(w);
    const sessionId = await w.sessionIdOf(w.amina.token);
    const input = { userId: w.amina.user.id, sessionId, currentPassword: 'wrong', newPassword: 'a new secret', clientIp: '10.0.0.1' };
    expect(await change.execute(input)).toEqual({ ok: false, error: 'current_password_incorrect' });
    expect(await w.live(w.aminaLaptop.token)).toBe(true);

    expect(await change.execute({ ...input, currentPassword: PASSWORD })).toEqual({ ok: true, value: undefined });
    expect(await w.live(w.amina.token)).toBe(true);
    expect(await w.live(w.aminaLaptop.token)).toBe(false);
    expect(await w.live(w.jean.token)).toBe(true);
    expect((await w.signIn.execute({ email: 'amina@example.rw', password: PASSWORD, clientIp: '1.1.1.1', userAgent: null })).ok).toBe(false);
    expect((await w.signIn.execute({ email: 'amina@example.rw', password: 'a new secret', clientIp: '1.1.1.1', userAgent: null })).ok).toBe(true);
    // The member hears of the change (ASVS 2.5.5), with no secret in the message.
    expect(w.outbox.messages.map((m) => [m.recipient, m.subject, m.secret])).toEqual([['amina@example.rw', 'Your Ikimina password was changed', undefined]]);
    expect(w.outbox.messages[0]?.body).toContain('https://ikimina.rw/');
  });

  it('slows down guessing the current password like a sign-in', async () => {
    const w = await world();
    const change = new ChangePassword(w);
    const input = { userId: w.amina.user.id, sessionId: await w.sessionIdOf(w.amina.token), currentPassword: 'guess', newPassword: 'a new secret', clientIp: '10.0.0.1' };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await change.execute(input));
    expect(answers.map((a) => !a.ok && a.error)).toEqual([...Array(5).fill('current_password_incorrect'), 'rate_limited']);
  });
});

describe('password reset', () => {
  async function resetWorld() {
    const w = await world();
    const request = new RequestPasswordReset(w);
    const reset = new ResetPassword(w);
    const linkToken = () => {
      const message = w.outbox.messages.at(-1);
      const body = withSecret(message?.body ?? '', message?.secret ?? '');
      return /reset-password#token=(\S+)/.exec(body)?.[1] ?? '';
    };
    return { ...w, request, reset, linkToken };
  }

  it('answers alike for an unknown address, mails only an account, keeps the token out of the body', async () => {
    const w = await resetWorld();
    expect(await w.request.execute({ email: 'ghost@example.rw', clientIp: '1.1.1.1' })).toEqual(await w.request.execute({ email: 'Amina@example.rw', clientIp: '1.1.1.1' }));
    expect(w.outbox.messages.map((m) => m.recipient)).toEqual(['amina@example.rw']);
    const token = w.linkToken();
    expect(w.outbox.messages[0]?.body).not.toContain(token);
    const link = w.links.links.find((l) => l.purpose === 'password_reset');
    expect(link?.tokenHash).toBe(w.secrets.hash(token));
    expect((link?.expiresAt.getTime() ?? 0) - w.clock.now().getTime()).toBe(PASSWORD_RESET_TTL_MINUTES * 60_000);
  });

  it('sets the new password once, ends every session of the member, and signs in afresh', async () => {
    const w = await resetWorld();
    await w.request.execute({ email: 'amina@example.rw', clientIp: '1.1.1.1' });
    const token = w.linkToken();
    const done = await w.reset.execute({ token, newPassword: 'brand new one', client: { ip: '1.1.1.1', userAgent: null } });
    if (!done.ok) throw new Error(done.error);
    expect(await w.live(w.amina.token)).toBe(false);
    expect(await w.live(w.aminaLaptop.token)).toBe(false);
    expect(await w.live(w.jean.token)).toBe(true);
    expect(await w.live(done.value.token)).toBe(true);
    expect(await w.reset.execute({ token, newPassword: 'another one', client: { ip: null, userAgent: null } })).toEqual({ ok: false, error: 'invalid_or_expired_reset_link' });
    expect((await w.signIn.execute({ email: 'amina@example.rw', password: 'brand new one', clientIp: '1.1.1.1', userAgent: null })).ok).toBe(true);
    expect(w.outbox.messages.map((m) => m.subject)).toEqual(['Reset your Ikimina password', 'Your Ikimina password was changed']);
  });

  it('a reset link is not a sign-in link, nor a sign-in link a reset link; it expires after 30 minutes', async () => {
    const w = await resetWorld();
    const redeem = new RedeemSignInLink(w);
    const requestLink = new RequestSignInLink(w);
    await w.request.execute({ email: 'amina@example.rw', clientIp: '1.1.1.1' });
    const resetToken = w.linkToken();
    expect(await redeem.execute({ token: resetToken, client: { ip: null, userAgent: null } })).toEqual({ ok: false, error: 'invalid_or_expired_link' });
    await requestLink.execute({ email: 'jean@example.rw', clientIp: '1.1.1.1' });
    const message = w.outbox.messages.at(-1);
    const signInToken = /#token=(\S+)/.exec(withSecret(message?.body ?? '', message?.secret ?? ''))?.[1] ?? '';
    expect(await w.reset.execute({ token: signInToken, newPassword: 'whatever123', client: { ip: null, userAgent: null } })).toMatchObject({ ok: false });
    w.clock.advance(PASSWORD_RESET_TTL_MINUTES * 60_000);
    expect(await w.reset.execute({ token: resetToken, newPassword: 'whatever123', client: { ip: null, userAgent: null } })).toEqual({ ok: false, error: 'invalid_or_expired_reset_link' });
  });
});

describe('sessions of a member', () => {
  it('an e-mailed sign-in link ends the member’s other sessions', async () => {
    const w = await world();
    const requestLink = new RequestSignInLink(w);
    const redeem = new RedeemSignInLink(w);
    await requestLink.execute({ email: 'amina@example.rw', clientIp: '1.1.1.1' });
    const message = w.outbox.messages.at(-1);
    const token = /#token=(\S+)/.exec(withSecret(message?.body ?? '', message?.secret ?? ''))?.[1] ?? '';
    const signedIn = await redeem.execute({ token, client: { ip: '1.1.1.1', userAgent: null } });
    if (!signedIn.ok) throw new Error(signedIn.error);
    expect(await w.live(w.amina.token)).toBe(false);
    expect(await w.live(w.aminaLaptop.token)).toBe(false);
    expect(await w.live(signedIn.value.token)).toBe(true);
    expect(await w.live(w.jean.token)).toBe(true);
  });

  it('lists only the member’s live sessions, marks the current one, and revokes only the member’s own', async () => {
    const w = await world();
    const list = new ListSessions(w);
    const revoke = new RevokeSession(w);
    const current = await w.sessionIdOf(w.amina.token);
    const laptop = await w.sessionIdOf(w.aminaLaptop.token);
    const jean = await w.sessionIdOf(w.jean.token);
    const listed = await list.execute({ userId: w.amina.user.id, currentSessionId: current });
    expect(listed.map((s) => [s.id, s.current, s.userAgent])).toEqual(
      expect.arrayContaining([
        [current, true, 'Phone'],
        [laptop, false, 'Laptop'],
      ]),
    );
    expect(listed).toHaveLength(2);
    expect(await revoke.execute({ userId: w.amina.user.id, sessionId: jean })).toEqual({ ok: false, error: 'session_not_found' });
    expect(await w.live(w.jean.token)).toBe(true);
    expect(await revoke.execute({ userId: w.amina.user.id, sessionId: laptop })).toEqual({ ok: true, value: undefined });
    expect(await w.live(w.aminaLaptop.token)).toBe(false);
    expect(await revoke.execute({ userId: w.amina.user.id, sessionId: laptop })).toEqual({ ok: false, error: 'session_not_found' });
    // An idle session drops out of the list.
    w.clock.advance(31 * 60_000);
    expect(await list.execute({ userId: w.amina.user.id, currentSessionId: current })).toEqual([]);
  });

  it('signing out everywhere ends every session of the member and their outstanding links', async () => {
    const w = await world();
    const requestLink = new RequestSignInLink(w);
    await requestLink.execute({ email: 'amina@example.rw', clientIp: '1.1.1.1' });
    await new SignOutEverywhere(w).execute({ userId: w.amina.user.id });
    expect(await w.live(w.amina.token)).toBe(false);
    expect(await w.live(w.aminaLaptop.token)).toBe(false);
    expect(await w.live(w.jean.token)).toBe(true);
    expect(w.links.links.every((l) => l.usedAt !== null)).toBe(true);
  });
});
