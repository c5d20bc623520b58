/**
 * Issue 31, "Uploads on any address", in a real browser against the real server: a NEW member on a
 * 360 × 640 phone opens the app at `http://127.0.0.1:<port>` while the server's PUBLIC_BASE_URL is
 * `http://localhost:<port>` (the address every upload used to fail on: the upload address was on
 * PUBLIC_BASE_URL's host and the page's CSP blocked it), in English and in Kinyarwanda:
 *
 *   signs up → verifies the national ID (a test person of the sandbox register) → reads the consent
 *   to the face comparison in their language and accepts it → a file that is not a photo is refused
 *   with words that say so → uploads the ID photo and a selfie → the face match verifies them →
 *   uploads a profile photo and sets their profession, which the dashboard then shows.
 *
 * And the other way round (PUBLIC_BASE_URL on 127.0.0.1, the page on `localhost`): a profile photo.
 *
 * Every step is checked at 360 px (no sideways scroll, no raw code on screen, the member's
 * language on the toasts and the consent) and screenshotted in test-results/uploads-journey/
 * (gitignored). Any Content-Security-Policy violation fails the test (support/browser.ts).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIOMETRIC_CONSENT } from '../../core/kyc/biometric-consent.ts';
import { en } from '../../web/src/locales/en.ts';
import { enScreens } from '../../web/src/locales/en-screens.ts';
import { rw } from '../../web/src/locales/rw.ts';
import { memberSizedPair } from '../support/face-samples.ts';
import { aPng } from '../support/images.ts';
import { browserAvailable, useBrowserPage } from './support/browser.ts';
import { startServer, type E2eServer } from './support/server.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/uploads-journey/', import.meta.url));
const PASSWORD = 'umuganda2026';
const PHONE_WIDTH = 360;

/** The texts the member should read, in each language of the journey. */
const TEXTS = { en: { ...en, ...enScreens }, rw } as const;
type JourneyLanguage = keyof typeof TEXTS;

/** Test people of the sandbox register without a photo, so that the face comparison uses the ID photo uploaded. */
const PEOPLE: Record<JourneyLanguage, { idNumber: string; firstName: string; lastName: string; dateOfBirth: string; phone: string; face: 'group_d' | 'group_b'; profession: string }> = {
  en: { idNumber: '1200180000003003', firstName: 'Eric', lastName: 'Nsengimana', dateOfBirth: '2001-11-30', phone: '+250788123410', face: 'group_d', profession: 'Tailor' },
  rw: { idNumber: '1197670000004004', firstName: 'Thérèse', lastName: 'Mukamana', dateOfBirth: '1976-07-04', phone: '+250788123411', face: 'group_b', profession: 'Umudozi' },
};

/** Words that are a code, not a sentence: `snake_case` or `UPPER_CASE`. */
const RAW_CODE = /\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/;

async function look(page: Page, name: string, fullPage = false): Promise<void> {
  // Toasts and dialogs slide in: the screenshot shows them where they stop (a spinner never stops).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(PHONE_WIDTH);
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(RAW_CODE)?.[0], `${name}: a raw code on screen`).toBeUndefined();
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/** What the member does in the sign-in dialog to create an account; the page reloads, signed in. */
async function signUp(page: Page, person: (typeof PEOPLE)[JourneyLanguage], email: string, screenshot: string) {
  await page.getByTestId('button-sign-in').click();
  await page.getByTestId('dialog-sign-in').waitFor();
  await page.getByTestId('link-switch-to-register').click();
  await page.getByTestId('input-first-name').fill(person.firstName);
  await page.getByTestId('input-last-name').fill(person.lastName);
  await page.getByTestId('input-email').fill(email);
  await page.getByTestId('input-password').fill(PASSWORD);
  await page.getByTestId('input-confirm-password').fill(PASSWORD);
  await page.getByTestId('input-phone').fill(person.phone);
  await look(page, screenshot);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('button-submit-auth').click()]);
  await page.getByTestId('button-user-menu').waitFor();
}

describe.runIf(browserAvailable())('uploads on any address, at 360 × 640', () => {
  const browser = useBrowserPage({ viewport: { width: PHONE_WIDTH, height: 640 } });
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  describe('a server whose PUBLIC_BASE_URL is http://localhost:<port>, opened at http://127.0.0.1:<port>', () => {
    let server: E2eServer;
    beforeAll(async () => {
      server = await startServer({ publicHost: 'localhost' });
      expect(new URL(server.publicBaseUrl).hostname).toBe('localhost');
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
    });
    afterAll(async () => {
      await server?.stop();
    });

    for (const language of ['en', 'rw'] as const) {
      it(`a new member verifies their ID and face and sets a profile photo, in ${language === 'en' ? 'English' : 'Kinyarwanda'}`, async () => {
        const { page } = browser;
        const t = TEXTS[language];
        const person = PEOPLE[language];
        const shot = (step: string) => `${language}-${step}`;
        const { idPhoto, selfie } = await memberSizedPair(person.face);

        await page.goto(server.url);
        if (language === 'rw') {
          await page.getByTestId('button-language').click();
          await page.getByTestId('menu-item-language-rw').click();
          await page.waitForFunction(() => document.documentElement.lang === 'rw');
        }
        await signUp(page, person, `uploads.${language}.${Date.now()}@example.rw`, shot('01-register'));

        // The Verification tab, where the dashboard's Start Verification leads.
        await page.goto(`${server.url}/dashboard?tab=verification`);
        await page.getByTestId('card-national-id').waitFor();
        await look(page, shot('02-verification-tab'));

        // The national ID, with the register's test person.
        await page.getByTestId('input-nida-id-number').fill(person.idNumber);
        await page.getByTestId('input-nida-phone').fill(person.phone);
        await page.getByTestId('input-nida-first-name').fill(person.firstName);
        await page.getByTestId('input-nida-last-name').fill(person.lastName);
        await page.getByTestId('input-nida-dob').fill(person.dateOfBirth);
        await page.getByTestId('button-verify-nida').scrollIntoViewIfNeeded();
        await look(page, shot('03-national-id-form'));
        await page.getByTestId('button-verify-nida').click();
        await toast(page, t.verification.toast.nidaSuccess).waitFor();
        await page.waitForFunction(() => document.querySelector('[data-testid="card-national-id"]')?.getAttribute('data-state') === 'verified');
        await page.getByTestId('card-national-id').scrollIntoViewIfNeeded();
        await look(page, shot('04-national-id-verified'));

        // The consent to the face comparison, in the member's language, before anything is compared.
        const kyc = page.getByTestId('card-facial-kyc');
        await page.getByTestId('text-kyc-consent').scrollIntoViewIfNeeded();
        expect(await page.getByTestId('text-kyc-consent').textContent()).toBe(BIOMETRIC_CONSENT.texts[language]);
        await look(page, shot('05-consent'));
        await page.getByTestId('checkbox-kyc-consent').check();

        // A file that is not a photo, under a photo's name and type: refused by the server, in words.
        await page.getByTestId('input-photo-kyc-id-photo').setInputFiles({ name: 'id-card.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><title>not a photo</title>') });
        await toast(page, t.verification.toast.uploadFailed).filter({ hasText: t.uploads.failure.not_an_image }).waitFor();
        await look(page, shot('06-not-a-photo'));

        // The ID photo and the selfie: uploaded to the page's own origin, saved, shown.
        await page.getByTestId('input-photo-kyc-id-photo').setInputFiles({ name: 'id-card.jpg', mimeType: 'image/jpeg', buffer: idPhoto });
        await toast(page, t.verification.toast.idPhotoUploaded).waitFor();
        await page.getByTestId('img-photo-kyc-id-photo').waitFor();
        await page.getByTestId('input-photo-kyc-selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: selfie });
        await toast(page, t.verification.toast.selfieUploaded).waitFor();
        await page.getByTestId('img-photo-kyc-selfie').waitFor();
        await page.getByTestId('button-verify-face').scrollIntoViewIfNeeded();
        await look(page, shot('07-photos-uploaded'));

        // The face match.
        await page.getByTestId('button-verify-face').click();
        // The first comparison loads the face model in the server's thread (seconds, longer on a busy machine).
        await page.waitForFunction(() => document.querySelector('[data-testid="card-facial-kyc"]')?.getAttribute('data-state') === 'verified', undefined, { timeout: 180_000 });
        await toast(page, t.verification.toast.kycSuccess).waitFor();
        // A percent as the member's language writes it: 91.5% in English, 91,5% in Kinyarwanda.
        const confidence = Number((await page.getByTestId('text-kyc-confidence').textContent())!.replace(/[%\s]/g, '').replace(',', '.'));
        expect(confidence).toBeGreaterThanOrEqual(80);
        await kyc.scrollIntoViewIfNeeded();
        await look(page, shot('08-face-verified'));

        // The profile photo (a public object), then the profession the dashboard shows.
        await page.goto(`${server.url}/profile`);
        await page.getByTestId('card-profile-photo').waitFor();
        await page.getByTestId('input-profile-photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await aPng(400, 400) });
        await toast(page, t.profile.toast.photoUpdated).waitFor();
        await page.getByTestId('avatar-profile-page-image').waitFor();
        await look(page, shot('09-profile-photo'));
        await page.getByTestId('button-edit-profile').click();
        await page.getByTestId('input-profile-profession').fill(person.profession);
        await page.getByTestId('input-profile-profession').scrollIntoViewIfNeeded();
        await look(page, shot('10-profession'));
        await page.getByTestId('button-save-profile').click();
        await toast(page, t.profile.toast.updated).waitFor();
        expect(await page.getByTestId('text-profile-profession').textContent()).toBe(person.profession);

        await page.goto(`${server.url}/dashboard`);
        await page.getByTestId('avatar-profile-header-image').waitFor();
        await page.getByTestId('avatar-header-image').waitFor();
        await page.getByText(person.profession, { exact: true }).waitFor();
        await look(page, shot('11-dashboard'));
      }, 300_000);
    }
  });

  describe('the other way round: PUBLIC_BASE_URL on 127.0.0.1, the page on http://localhost:<port>', () => {
    let server: E2eServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('a new member uploads a profile photo', async () => {
      const { page } = browser;
      const page0 = server.url.replace('127.0.0.1', 'localhost');
      await page.goto(page0);
      await signUp(page, { ...PEOPLE.en, phone: '+250788123412' }, `uploads.localhost.${Date.now()}@example.rw`, 'localhost-01-register');
      await page.goto(`${page0}/profile`);
      await page.getByTestId('input-profile-photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await aPng(300, 300) });
      await toast(page, enScreens.profile.toast.photoUpdated).waitFor();
      await page.getByTestId('avatar-profile-page-image').waitFor();
      await look(page, 'localhost-02-profile-photo');
    }, 120_000);
  });
});
