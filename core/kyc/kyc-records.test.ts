/** ShowKycStatus, SaveKycPhoto, RecordBiometricConsent and WithdrawBiometricConsent over the in-memory world. */
import { describe, expect, it } from 'vitest';
import { BIOMETRIC_CONSENT } from './biometric-consent.ts';
import { kycWorld } from './kyc.fixtures.ts';

describe('RecordBiometricConsent', () => {
  it('records who, when and the version of the text, on the audit trail', async () => {
    const w = kycWorld();
    const result = await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version });
    expect(result).toEqual({ ok: true, value: { id: expect.any(String), memberId: 'm', textVersion: BIOMETRIC_CONSENT.version, givenAt: w.clock.now() } });
    expect(w.audit.entries).toEqual([
      { action: 'biometric_consent_given', actor: 'member:m', subject: 'member:m', details: { consentId: result.ok ? result.value.id : '', textVersion: BIOMETRIC_CONSENT.version } },
    ]);
  });

  it('records the language the member read the text in, when the screen says', async () => {
    const w = kycWorld();
    await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version, language: 'rw' });
    expect(w.audit.entries[0]?.details).toMatchObject({ textVersion: BIOMETRIC_CONSENT.version, language: 'rw' });
  });

  it('consenting again answers the consent in force and records nothing new', async () => {
    const w = kycWorld();
    const first = await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version });
    w.clock.set('2026-12-01T00:00:00Z');
    expect(await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version })).toEqual(first);
    expect(w.consents.consents).toHaveLength(1);
    expect(w.audit.entries).toHaveLength(1);
  });

  it('refuses a version other than the text in force: consent_version_outdated, nothing recorded', async () => {
    const w = kycWorld();
    expect(await w.consent.execute({ memberId: 'm', version: '2001-01-01' })).toEqual({ ok: false, error: 'consent_version_outdated' });
    expect(w.consents.consents).toHaveLength(0);
    expect(w.audit.entries).toHaveLength(0);
  });
});

describe('WithdrawBiometricConsent', () => {
  it('withdraws the consent in force (audited); withdrawing again changes nothing', async () => {
    const w = kycWorld();
    await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version });
    expect(await w.withdraw.execute({ memberId: 'm' })).toEqual({ withdrawn: true });
    expect(await w.consents.activeConsentOf('m')).toBeUndefined();
    expect(await w.withdraw.execute({ memberId: 'm' })).toEqual({ withdrawn: false });
    expect(w.audit.entries.map((e) => e.action)).toEqual(['biometric_consent_given', 'biometric_consent_withdrawn']);
  });

  it('a new consent after a withdrawal is a new record', async () => {
    const w = kycWorld();
    await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version });
    await w.withdraw.execute({ memberId: 'm' });
    await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version });
    expect(w.consents.consents).toHaveLength(2);
  });
});

describe('SaveKycPhoto', () => {
  it("saves the member's own private photo and answers its path", async () => {
    const w = kycWorld();
    const path = w.images.put('m');
    expect(await w.savePhoto.execute({ memberId: 'm', photo: 'selfie', address: path })).toEqual({ ok: true, value: { objectPath: path } });
    expect(await w.records.recordOf('m')).toMatchObject({ selfiePath: path, verified: false });
  });

  it("refuses another member's photo, a public one, and the store's content errors, saving nothing", async () => {
    const w = kycWorld();
    w.images.refused.set('big', 'upload_too_large');
    w.images.refused.set('svg', 'unsupported_media_type');
    const cases = [
      [w.images.put('other'), 'object_not_found'],
      ['/objects/private/unknown', 'object_not_found'],
      [w.images.put('m', { visibility: 'public' }), 'photo_not_private'],
      ['big', 'upload_too_large'],
      ['svg', 'unsupported_media_type'],
    ] as const;
    for (const [address, error] of cases) expect(await w.savePhoto.execute({ memberId: 'm', photo: 'id_photo', address })).toEqual({ ok: false, error });
    expect(w.records.records.size).toBe(0);
  });
});

describe('ShowKycStatus', () => {
  it('a new member: not verified, nothing saved, consent not given, with the text to show', async () => {
    const w = kycWorld();
    expect(await w.showStatus.execute({ memberId: 'm' })).toEqual({
      verified: false,
      matchConfidence: null,
      verifiedAt: null,
      idPhotoPath: null,
      selfiePath: null,
      registryIdPhoto: false,
      consent: { given: false, version: BIOMETRIC_CONSENT.version, texts: BIOMETRIC_CONSENT.texts, givenAt: null },
    });
  });

  it('after a verification: verified with the confidence and instant, photos, consent', async () => {
    const w = kycWorld();
    const { memberId, idPhoto, selfie } = await w.readyMember();
    w.registryPhotos.registry.set(memberId, w.images.put(memberId));
    w.matcher.answer(0.9);
    await w.verifyFace.execute({ memberId, verificationType: 'profile_update' });
    expect(await w.showStatus.execute({ memberId })).toEqual({
      verified: true,
      matchConfidence: 90,
      verifiedAt: w.clock.now(),
      idPhotoPath: idPhoto,
      selfiePath: selfie,
      registryIdPhoto: true,
      consent: { given: true, version: BIOMETRIC_CONSENT.version, texts: BIOMETRIC_CONSENT.texts, givenAt: w.clock.now() },
    });
  });

  it("answers one member's record only", async () => {
    const w = kycWorld();
    await w.readyMember('alice');
    w.matcher.answer(0.95);
    await w.verifyFace.execute({ memberId: 'alice', verificationType: 'profile_update' });
    expect(await w.showStatus.execute({ memberId: 'bob' })).toMatchObject({ verified: false, idPhotoPath: null, consent: { given: false } });
  });
});
