import { describe, expect, it } from 'vitest';
import { BIOMETRIC_CONSENT } from './biometric-consent.ts';
import { KYC_ATTEMPTS } from './face-match.ts';
import { kycWorld, TEST_MODEL } from './kyc.fixtures.ts';

const verify = (w: ReturnType<typeof kycWorld>, memberId: string, extra: { idPhotoAddress?: string; selfieAddress?: string; referenceId?: string } = {}) =>
  w.verifyFace.execute({ memberId, verificationType: 'profile_update', ...extra });

describe('VerifyFace: consent first', () => {
  it('refuses without a consent in force and runs no comparison, records nothing', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    await w.withdraw.execute({ memberId });
    const result = await verify(w, memberId);
    expect(result).toEqual({ ok: false, error: 'biometric_consent_required' });
    expect(w.matcher.calls).toHaveLength(0);
    expect(w.decisions.decisions).toHaveLength(0);
    expect(w.limiter.counts.size).toBe(0);
  });

  it('refuses a consent given to an older version of the text', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    await w.withdraw.execute({ memberId });
    await w.consents.record({ id: 'old', memberId, textVersion: '2020-01-01', givenAt: new Date(0) });
    expect(await verify(w, memberId)).toMatchObject({ ok: false, error: 'biometric_consent_required' });
  });
});

describe('VerifyFace: the photos compared', () => {
  it('needs both photos: none saved and none sent is photos_required', async () => {
    const w = kycWorld();
    await w.consent.execute({ memberId: 'm', version: BIOMETRIC_CONSENT.version });
    expect(await verify(w, 'm')).toMatchObject({ ok: false, error: 'photos_required' });
    await w.records.savePhoto('m', 'selfie', w.images.put('m'), new Date());
    expect(await verify(w, 'm')).toMatchObject({ ok: false, error: 'photos_required' });
    expect(w.matcher.calls).toHaveLength(0);
  });

  it("never compares another member's photo: their path answers object_not_found, naming the photo", async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember('alice');
    const bobs = w.images.put('bob');
    expect(await verify(w, memberId, { selfieAddress: bobs })).toEqual({ ok: false, error: 'object_not_found', photo: 'selfie' });
    expect(await verify(w, memberId, { idPhotoAddress: bobs })).toEqual({ ok: false, error: 'object_not_found', photo: 'id_photo' });
    expect(w.matcher.calls).toHaveLength(0);
    expect(w.images.reads).toHaveLength(0);
  });

  it('refuses a public object: faces are compared from private photos only', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    const open = w.images.put(memberId, { visibility: 'public' });
    expect(await verify(w, memberId, { selfieAddress: open })).toEqual({ ok: false, error: 'photo_not_private', photo: 'selfie' });
  });

  it('passes on the content errors of the store (too large, not an image)', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    w.images.refused.set('/objects/private/huge', 'upload_too_large');
    w.images.refused.set('/objects/private/exe', 'unsupported_media_type');
    expect(await verify(w, memberId, { idPhotoAddress: '/objects/private/huge' })).toMatchObject({ error: 'upload_too_large', photo: 'id_photo' });
    expect(await verify(w, memberId, { selfieAddress: '/objects/private/exe' })).toMatchObject({ error: 'unsupported_media_type', photo: 'selfie' });
  });

  it("compares the registry's ID photo when there is one, even when the member sends another", async () => {
    const w = kycWorld();
    const { memberId, selfie } = await w.readyMember();
    const registry = w.images.put(memberId);
    w.registryPhotos.registry.set(memberId, registry);
    const sent = w.images.put(memberId);
    const result = await verify(w, memberId, { idPhotoAddress: sent });
    expect(result).toMatchObject({ ok: true, value: { idPhotoSource: 'registry' } });
    expect(w.images.reads).toEqual([registry, selfie]);
    expect(w.decisions.decisions[0]).toMatchObject({ idPhotoPath: registry, idPhotoSource: 'registry', selfiePath: selfie });
  });

  it('else the ID photo sent, else the one saved, else the upload to the NIDA form', async () => {
    const w = kycWorld();
    const memberId = 'm';
    await w.consent.execute({ memberId, version: BIOMETRIC_CONSENT.version });
    const selfie = w.images.put(memberId);
    await w.records.savePhoto(memberId, 'selfie', selfie, new Date());
    const nida = w.images.put(memberId);
    w.registryPhotos.uploads.set(memberId, nida);
    expect(await verify(w, memberId)).toMatchObject({ ok: true, value: { idPhotoSource: 'nida_upload' } });
    const saved = w.images.put(memberId);
    await w.records.savePhoto(memberId, 'id_photo', saved, new Date());
    expect(await verify(w, memberId)).toMatchObject({ ok: true, value: { idPhotoSource: 'kyc_upload' } });
    const sent = w.images.put(memberId);
    await verify(w, memberId, { idPhotoAddress: sent });
    expect(w.decisions.decisions.map((d) => d.idPhotoPath)).toEqual([nida, saved, sent]);
  });

  it('saves the photos sent with the request on the member’s record', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    const id = w.images.put(memberId);
    const selfie = w.images.put(memberId);
    await verify(w, memberId, { idPhotoAddress: id, selfieAddress: selfie });
    expect(await w.records.recordOf(memberId)).toMatchObject({ idPhotoPath: id, selfiePath: selfie });
  });
});

describe('VerifyFace: the decision', () => {
  it('verifies at 80.0 % and keeps the confidence and instant', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    w.matcher.answer(0.8);
    const result = await verify(w, memberId, { referenceId: 'loan-42' });
    expect(result).toEqual({
      ok: true,
      value: {
        verified: true,
        matchConfidence: 80,
        verifiedAt: w.clock.now(),
        decisionId: expect.any(String),
        idPhotoSource: 'kyc_upload',
        thresholdPercent: 80,
        model: { name: TEST_MODEL.name, version: TEST_MODEL.version },
      },
    });
    expect(await w.records.recordOf(memberId)).toMatchObject({ verified: true, matchConfidence: 80, verifiedAt: w.clock.now() });
  });

  it('does not verify at 79.9 %: a valid answer with the percent, recorded as not_matched (the words: apps/http/words.test.ts)', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    w.matcher.answer(0.799);
    const result = await verify(w, memberId);
    expect(result).toMatchObject({ ok: true, value: { verified: false, matchConfidence: 79.9, thresholdPercent: 80 } });
    expect(result.ok && 'verifiedAt' in result.value).toBe(false);
    expect((await w.records.recordOf(memberId)).verified).toBe(false);
    expect(w.decisions.decisions[0]).toMatchObject({ outcome: 'not_matched', matchConfidence: 79.9, similarity: 0.799 });
  });

  it('records every decision with its score, percent, threshold, cut-off, model and version, consent and instant, and audits it', async () => {
    const w = kycWorld();
    const { memberId, idPhoto, selfie } = await w.readyMember();
    w.matcher.answer(0.9123);
    await verify(w, memberId, { referenceId: 'ref-1' });
    expect(w.decisions.decisions).toEqual([
      {
        id: expect.any(String),
        memberId,
        verificationType: 'profile_update',
        referenceId: 'ref-1',
        idPhotoPath: idPhoto,
        idPhotoSource: 'kyc_upload',
        selfiePath: selfie,
        outcome: 'verified',
        similarity: 0.9123,
        matchConfidence: 91.2,
        thresholdPercent: 80,
        cutoffSimilarity: TEST_MODEL.cutoffSimilarity,
        modelName: TEST_MODEL.name,
        modelVersion: TEST_MODEL.version,
        consentId: w.consents.consents[0]!.id,
        decidedAt: w.clock.now(),
      },
    ]);
    const entry = w.audit.entries.at(-1)!;
    expect(entry).toMatchObject({ action: 'kyc_verified', actor: `member:${memberId}`, subject: `member:${memberId}` });
    expect(entry.details).toMatchObject({ decisionId: w.decisions.decisions[0]!.id, similarity: 0.9123, matchConfidence: 91.2, thresholdPercent: 80, model: TEST_MODEL.name, modelVersion: TEST_MODEL.version });
    expect(JSON.stringify(entry.details)).not.toContain(selfie);
  });

  it('a photo without a usable face is its error, naming the photo, and a rejected decision on record', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    for (const error of ['selfie_no_face_found', 'id_photo_several_faces_found', 'selfie_face_too_small', 'id_photo_unreadable_image'] as const) {
      w.matcher.fail(error);
      expect(await verify(w, memberId)).toEqual({ ok: false, error, photo: error.startsWith('selfie') ? 'selfie' : 'id_photo' });
    }
    expect(w.decisions.decisions.map((d) => [d.outcome, d.reason, d.matchConfidence])).toEqual([
      ['rejected', 'selfie_no_face_found', undefined],
      ['rejected', 'id_photo_several_faces_found', undefined],
      ['rejected', 'selfie_face_too_small', undefined],
      ['rejected', 'id_photo_unreadable_image', undefined],
    ]);
    expect(w.audit.entries.filter((e) => e.action === 'kyc_rejected')).toHaveLength(4);
    expect((await w.records.recordOf(memberId)).verified).toBe(false);
  });

  it('a model that is not there is face_matcher_unavailable, with no decision', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    w.matcher.fail('face_matcher_unavailable');
    expect(await verify(w, memberId)).toEqual({ ok: false, error: 'face_matcher_unavailable' });
    expect(w.decisions.decisions).toHaveLength(0);
  });

  it('a later comparison under 80 % does not take a verification back', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    w.matcher.answer(0.95);
    await verify(w, memberId);
    w.clock.set('2026-11-23T11:00:00Z');
    w.matcher.answer(0.3);
    await verify(w, memberId);
    expect(await w.records.recordOf(memberId)).toMatchObject({ verified: true, matchConfidence: 95, verifiedAt: new Date('2026-11-23T10:00:00Z') });
  });
});

describe('VerifyFace: attempts are limited per member', () => {
  it(`runs ${KYC_ATTEMPTS.perWindow} comparisons an hour, then rate_limited with the wait; other members unaffected`, async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember('alice');
    w.clock.set('2026-11-23T10:10:00Z');
    for (let i = 0; i < KYC_ATTEMPTS.perWindow; i++) expect((await verify(w, memberId)).ok).toBe(true);
    const refused = await verify(w, memberId);
    expect(refused).toEqual({ ok: false, error: 'rate_limited', retryAfterSeconds: 3000 });
    expect(w.matcher.calls).toHaveLength(KYC_ATTEMPTS.perWindow);
    await w.readyMember('bob');
    expect((await verify(w, 'bob')).ok).toBe(true);
    w.clock.set('2026-11-23T11:00:00Z');
    expect((await verify(w, memberId)).ok).toBe(true);
  });

  it('a request refused before the model (no photo, a foreign photo) costs no attempt', async () => {
    const w = kycWorld();
    const { memberId } = await w.readyMember();
    for (let i = 0; i < 10; i++) await verify(w, memberId, { selfieAddress: '/objects/private/nothing' });
    expect(w.limiter.counts.size).toBe(0);
    expect((await verify(w, memberId)).ok).toBe(true);
  });
});
