/**
 * "Continue with Google" in a real browser: the real server configured against the fake OpenID
 * issuer (which approves at once as the identity the test sets), so the browser walks the whole
 * redirect chain: our /api/auth/google, the issuer's /authorize, our callback, the hand-over
 * link, and back home signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcIssuer, type FakeOidcIssuer } from '../fakes/oidc-issuer.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { startServer, type E2eServer } from './support/server.ts';

describe.runIf(browserAvailable())('Google sign-in in the browser', () => {
  let issuer: FakeOidcIssuer;
  let server: E2eServer;
  const browser = useBrowserPage();

  beforeAll(async () => {
    issuer = await startFakeOidcIssuer({
      clientId: 'ikimina-e2e',
      clientSecret: 'e2e-google-secret',
      identity: { sub: 'unused', email: 'unused@example.rw', email_verified: true },
    });
    server = await startServer({
      env: {
        GOOGLE_CLIENT_ID: issuer.clientId,
        GOOGLE_CLIENT_SECRET: issuer.clientSecret,
        GOOGLE_ISSUER_URL: issuer.url,
        GOOGLE_ALLOW_INSECURE_HTTP: 'true',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await issuer?.stop();
  });

  async function continueWithGoogle() {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByTestId('button-sign-in').click();
    await page.getByTestId('button-google-sign-in').click();
  }

  it('signs a new member in through the issuer and back, with PKCE', async () => {
    const { page } = browser;
    issuer.setIdentity({ sub: 'google-e2e-1', email: 'diane@example.rw', email_verified: true, given_name: 'Diane', family_name: 'Uwase' });
    await continueWithGoogle();

    await page.getByTestId('button-user-menu').waitFor();
    await page.getByTestId('toast').filter({ hasText: 'Welcome back!' }).waitFor();
    await page.waitForURL(`${server.url}/dashboard`);
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('ikimina_user'))) ?? 'null') as { email?: string; firstName?: string } | null;
    expect(user).toMatchObject({ email: 'diane@example.rw', firstName: 'Diane' });
    expect(issuer.authorizations.at(-1)).toMatchObject({ redirectUri: `${server.url}/api/auth/google/callback`, codeChallengeMethod: 'S256' });
  });

  it('sends the browser home with a sign-in error when Google has not verified the e-mail', async () => {
    const { page } = browser;
    issuer.setIdentity({ sub: 'google-e2e-2', email: 'unverified@example.rw', email_verified: false });
    await continueWithGoogle();

    await page.getByTestId('toast').filter({ hasText: 'Sign-in failed' }).waitFor();
    // The error code is taken off the address so a reload does not repeat the toast.
    await page.waitForURL(`${server.url}/`);
    expect(await page.getByTestId('button-sign-in').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('ikimina_token'))).toBeNull();
  });
});
