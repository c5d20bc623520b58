/**
 * Facial KYC through the API against PostgreSQL: consent before any comparison, the photos
 * (own, private, checked), the decision at 80 % kept for audit, the attempt limit, privacy between
 * members, hostile bodies that never reach the model. The face model is a scripted double here
 * (TOKENS.FaceMatcher rebound in the test only), except in the last block, which runs the real
 * model on photos built from its package (tests/support/face-samples.ts).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIOMETRIC_CONSENT } from '../../core/kyc/biometric-consent.ts';
import { KYC_ATTEMPTS } from '../../core/kyc/face-match.ts';
import { FixedRegistryPhotos, InMemoryMemberImages, ScriptedFaceMatcher, TEST_MODEL } from '../../core/kyc/kyc.fixtures.ts';
import type { Container, ServiceIdentifier } from 'inversify';
import { TOKENS } from '../../apps/container.ts';
import type { FaceApiMatcher } from '../../adapters/kyc/face-api-matcher.ts';
import { calibrationPeople, memberSizedPair, noFacePhotos } from '../support/face-samples.ts';
import { signUp, type SignedUpMember } from '../support/openapi-cases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
const images = new InMemoryMemberImages();
const registry = new FixedRegistryPhotos();
const matcher = new ScriptedFaceMatcher();

/** Binds a port to a test double, whether the app bound it or not (the uploads module binds the member's images). */
function use<T>(c: Container, token: ServiceIdentifier<T>, value: T): void {
  if (c.isBound(token)) c.rebind(token).toConstantValue(value);
  else c.bind(token).toConstantValue(value);
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, {
    configure: (c) => {
      use(c, TOKENS.MemberImages, images);
      use(c, TOKENS.RegistryIdPhotos, registry);
      use(c, TOKENS.FaceMatcher, matcher);
    },
  });
});
afterAll(async () => {
  await db?.drop();
});

const as = (m: SignedUpMember, method: 'get' | 'put' | 'post' | 'delete', path: string) => request(t.handler)[method](path).set('Authorization', `Bearer ${m.token}`);
const consent = (m: SignedUpMember) => as(m, 'post', '/api/kyc/consent').send({});
const rows = <T>(sql: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(sql, params);
const decisionsOf = (m: SignedUpMember) => rows<Record<string, unknown>>('select * from kyc_decisions where user_id = ? order by decided_at, id', [m.id]);

/** A member who consented and saved both photos through the API. */
async function readyMember(name: string) {
  const m = await signUp(t, name);
  expect((await consent(m)).status).toBe(200);
  const idPhoto = images.put(m.id);
  const selfie = images.put(m.id);
  expect((await as(m, 'put', '/api/kyc/id-photo').send({ idPhotoURL: idPhoto })).status).toBe(200);
  expect((await as(m, 'put', '/api/kyc/selfie').send({ selfieURL: selfie })).status).toBe(200);
  return { ...m, idPhoto, selfie };
}

describe('signed out', () => {
  it('answers 401 to every KYC route', async () => {
    const calls = [
      request(t.handler).get('/api/kyc/status'),
      request(t.handler).put('/api/kyc/id-photo').send({ idPhotoURL: '/objects/private/x' }),
      request(t.handler).put('/api/kyc/selfie').send({ selfieURL: '/objects/private/x' }),
      request(t.handler).post('/api/kyc/consent').send({}),
      request(t.handler).delete('/api/kyc/consent'),
      request(t.handler).post('/api/kyc/verify-facial').send({}),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('status', () => {
  it('a new member: not verified, no photo, no consent, and the consent text to show', async () => {
    const m = await signUp(t, 'Nouveau');
    const res = await as(m, 'get', '/api/kyc/status');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      verified: false,
      matchConfidence: null,
      verifiedAt: null,
      consentGiven: false,
      consent: { version: BIOMETRIC_CONSENT.version, text: BIOMETRIC_CONSENT.texts.en, texts: BIOMETRIC_CONSENT.texts, givenAt: null },
      idPhotoURL: null,
      selfieURL: null,
      registryIdPhoto: false,
    });
  });
});

describe('photos', () => {
  it("saves the member's own private photo: {objectPath, idPhotoURL} / {objectPath, selfieURL}", async () => {
    const m = await signUp(t, 'Photos');
    const idPhoto = images.put(m.id);
    const selfie = images.put(m.id);
    expect((await as(m, 'put', '/api/kyc/id-photo').send({ idPhotoURL: idPhoto })).body).toEqual({ objectPath: idPhoto, idPhotoURL: `/api${idPhoto}` });
    expect((await as(m, 'put', '/api/kyc/selfie').send({ selfieURL: ` ${selfie} ` })).body).toEqual({ objectPath: selfie, selfieURL: `/api${selfie}` });
    expect((await as(m, 'get', '/api/kyc/status')).body).toMatchObject({ idPhotoURL: `/api${idPhoto}`, selfieURL: `/api${selfie}`, verified: false });
  });

  it("refuses another member's photo (404, as an unknown one), a public photo (400), a file the store refused (413, 415), storing nothing", async () => {
    const m = await signUp(t, 'Refused');
    const other = await signUp(t, 'Owner');
    images.refused.set('/objects/private/too-big', 'upload_too_large');
    images.refused.set('/objects/private/an-exe.png', 'unsupported_media_type');
    const cases: [string, number, string][] = [
      [images.put(other.id), 404, 'object_not_found'],
      ['/objects/private/00000000-0000-0000-0000-000000000000', 404, 'object_not_found'],
      [images.put(m.id, { visibility: 'public' }), 400, 'photo_not_private'],
      ['/objects/private/too-big', 413, 'upload_too_large'],
      ['/objects/private/an-exe.png', 415, 'unsupported_media_type'],
    ];
    for (const [address, status, code] of cases) {
      const res = await as(m, 'put', '/api/kyc/selfie').send({ selfieURL: address });
      expect([res.status, res.body.code], address).toEqual([status, code]);
      expect(res.body.fields).toEqual({ selfieURL: res.body.error });
    }
    expect((await as(m, 'put', '/api/kyc/id-photo').send({ idPhotoURL: '/objects/private/an-exe.png' })).body.error).toMatch(/JPEG, PNG or WebP/);
    expect(await rows('select * from kyc_records where user_id = ?', [m.id])).toEqual([]);
  });

  it('refuses bodies that are not an address: 400 validation_failed with the field', async () => {
    const m = await signUp(t, 'Garbage');
    for (const body of [{}, { idPhotoURL: '' }, { idPhotoURL: 42 }, { idPhotoURL: ['a'] }, { idPhotoURL: 'x'.repeat(2049) }, { selfieURL: '/objects/private/x' }]) {
      const res = await as(m, 'put', '/api/kyc/id-photo').send(body);
      expect([res.status, res.body.code], JSON.stringify(body).slice(0, 40)).toEqual([400, 'validation_failed']);
      expect(Object.keys(res.body.fields)).toEqual(['idPhotoURL']);
    }
  });
});

describe('consent to biometric processing', () => {
  it('is recorded with who, when and the text version, once, on the audit trail; status says so', async () => {
    const m = await signUp(t, 'Consent');
    const first = await consent(m);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ consentGiven: true, version: BIOMETRIC_CONSENT.version, givenAt: expect.any(String) });
    expect((await as(m, 'post', '/api/kyc/consent').send({ version: BIOMETRIC_CONSENT.version })).body).toEqual(first.body);
    expect((await as(m, 'post', '/api/kyc/consent')).body).toEqual(first.body);
    const stored = await rows<{ text_version: string; given_at: Date; withdrawn_at: Date | null }>('select text_version, given_at, withdrawn_at from biometric_consents where user_id = ?', [m.id]);
    expect(stored.map((c) => [c.text_version, new Date(c.given_at).toISOString(), c.withdrawn_at])).toEqual([[BIOMETRIC_CONSENT.version, first.body.givenAt, null]]);
    expect(await rows("select actor, subject from audit_log where action = 'biometric_consent_given' and subject = ?", [`member:${m.id}`])).toEqual([{ actor: `member:${m.id}`, subject: `member:${m.id}` }]);
    expect((await as(m, 'get', '/api/kyc/status')).body).toMatchObject({ consentGiven: true, consent: { givenAt: first.body.givenAt } });
  });

  it('keeps the language the text was read in on the audit trail, and refuses a language the product has not', async () => {
    const m = await signUp(t, 'Kinyarwanda');
    expect((await as(m, 'post', '/api/kyc/consent').send({ version: 'x'.repeat(3), language: 'de' })).body.code).toBe('validation_failed');
    expect((await as(m, 'post', '/api/kyc/consent').send({ version: BIOMETRIC_CONSENT.version, language: 'rw' })).status).toBe(200);
    const audited = await rows<{ details: { textVersion: string; language: string } }>("select details from audit_log where action = 'biometric_consent_given' and subject = ?", [`member:${m.id}`]);
    expect(audited.map((a) => a.details)).toEqual([expect.objectContaining({ textVersion: BIOMETRIC_CONSENT.version, language: 'rw' })]);
  });

  it('refuses a text version other than the one in force (409) and garbage (400), recording nothing', async () => {
    const m = await signUp(t, 'Outdated');
    expect((await as(m, 'post', '/api/kyc/consent').send({ version: '1999-01-01' })).body.code).toBe('consent_version_outdated');
    expect((await as(m, 'post', '/api/kyc/consent').send({ version: 7 })).body.code).toBe('validation_failed');
    expect((await as(m, 'post', '/api/kyc/consent').send([1])).body.code).toBe('validation_failed');
    expect(await rows('select * from biometric_consents where user_id = ?', [m.id])).toEqual([]);
  });

  it('is withdrawn by DELETE; then no comparison runs until the member consents again', async () => {
    const m = await readyMember('Withdraw');
    const res = await as(m, 'delete', '/api/kyc/consent');
    expect(res.body).toEqual({ consentGiven: false, version: BIOMETRIC_CONSENT.version, givenAt: null });
    const calls = matcher.calls.length;
    const refused = await as(m, 'post', '/api/kyc/verify-facial').send({});
    expect([refused.status, refused.body.code]).toEqual([403, 'biometric_consent_required']);
    expect(matcher.calls.length).toBe(calls);
    expect(await decisionsOf(m)).toEqual([]);
    expect((await consent(m)).status).toBe(200);
    matcher.answer(0.9);
    expect((await as(m, 'post', '/api/kyc/verify-facial').send({})).status).toBe(200);
  });
});

describe('verify-facial', () => {
  it('without consent: 403 biometric_consent_required with a message, nothing run or recorded', async () => {
    const m = await signUp(t, 'NoConsent');
    const calls = matcher.calls.length;
    const res = await as(m, 'post', '/api/kyc/verify-facial').send({ idPhotoURL: images.put(m.id), selfieURL: images.put(m.id) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'biometric_consent_required', error: expect.stringMatching(/consent/) });
    expect(matcher.calls.length).toBe(calls);
    expect(await decisionsOf(m)).toEqual([]);
  });

  it('without both photos: 400 photos_required with the specification’s message', async () => {
    const m = await signUp(t, 'NoPhotos');
    await consent(m);
    const res = await as(m, 'post', '/api/kyc/verify-facial').send({ selfieURL: images.put(m.id) });
    expect([res.status, res.body.code, res.body.error]).toEqual([400, 'photos_required', 'Please upload both ID photo and selfie for verification']);
  });

  it('at 80 % or more: verified, kept with the percent and instant, users.kyc_verified set, the decision and its audit row stored', async () => {
    const m = await readyMember('Verified');
    matcher.answer(0.9);
    const res = await as(m, 'post', '/api/kyc/verify-facial').send({ verificationType: 'profile_update', referenceId: 'profile-2026' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verified: true,
      matchConfidence: 90,
      message: expect.stringContaining('90.0 %'),
      verifiedAt: expect.any(String),
      decisionId: expect.any(String),
      idPhotoSource: 'kyc_upload',
      thresholdPercent: 80,
      model: { name: TEST_MODEL.name, version: TEST_MODEL.version },
    });
    expect((await as(m, 'get', '/api/kyc/status')).body).toMatchObject({ verified: true, matchConfidence: 90, verifiedAt: res.body.verifiedAt });
    expect(await rows('select kyc_verified from users where id = ?', [m.id])).toEqual([{ kyc_verified: true }]);
    const [decision] = await decisionsOf(m);
    expect(decision).toMatchObject({
      id: res.body.decisionId,
      verification_type: 'profile_update',
      reference_id: 'profile-2026',
      id_photo_path: m.idPhoto,
      id_photo_source: 'kyc_upload',
      selfie_path: m.selfie,
      outcome: 'verified',
      reason: null,
      similarity: 0.9,
      match_confidence: '90.0',
      threshold_percent: '80.0',
      cutoff_similarity: TEST_MODEL.cutoffSimilarity,
      model_name: TEST_MODEL.name,
      model_version: TEST_MODEL.version,
    });
    const [audit] = await rows<{ action: string; details: Record<string, unknown> }>('select action, details from audit_log where subject = ? and action like ?', [`member:${m.id}`, 'kyc_%']);
    expect(audit).toMatchObject({ action: 'kyc_verified', details: { decisionId: res.body.decisionId, matchConfidence: 90, thresholdPercent: 80, model: TEST_MODEL.name, modelVersion: TEST_MODEL.version } });
  });

  it('at 79.9 %: a valid answer verified false with its percent and a message; the member stays unverified, the decision is kept', async () => {
    const m = await readyMember('Close');
    matcher.answer(0.799);
    const res = await as(m, 'post', '/api/kyc/verify-facial').send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: false, matchConfidence: 79.9, verifiedAt: null, message: expect.stringContaining('80 % needed') });
    expect((await as(m, 'get', '/api/kyc/status')).body).toMatchObject({ verified: false, matchConfidence: null });
    expect((await decisionsOf(m)).map((d) => [d.outcome, d.match_confidence])).toEqual([['not_matched', '79.9']]);
  });

  it('a photo without a usable face: 422 with the code naming the photo and the field, the rejection kept', async () => {
    const m = await readyMember('NoFace');
    for (const [error, field] of [['selfie_no_face_found', 'selfieURL'], ['id_photo_several_faces_found', 'idPhotoURL'], ['selfie_face_too_small', 'selfieURL']] as const) {
      matcher.fail(error);
      const res = await as(m, 'post', '/api/kyc/verify-facial').send({});
      expect([res.status, res.body.code]).toEqual([422, error]);
      expect(res.body.fields).toEqual({ [field]: res.body.error });
    }
    expect((await decisionsOf(m)).map((d) => [d.outcome, d.reason])).toEqual([
      ['rejected', 'selfie_no_face_found'],
      ['rejected', 'id_photo_several_faces_found'],
      ['rejected', 'selfie_face_too_small'],
    ]);
  });

  it('the model unavailable: 503 face_matcher_unavailable, no decision', async () => {
    const m = await readyMember('Down');
    matcher.fail('face_matcher_unavailable');
    const res = await as(m, 'post', '/api/kyc/verify-facial').send({});
    expect([res.status, res.body.code]).toEqual([503, 'face_matcher_unavailable']);
    expect(await decisionsOf(m)).toEqual([]);
  });

  it("compares the registry's ID photo when the member has one", async () => {
    const m = await readyMember('Registry');
    const registryPhoto = images.put(m.id);
    registry.registry.set(m.id, registryPhoto);
    matcher.answer(0.95);
    const res = await as(m, 'post', '/api/kyc/verify-facial').send({});
    expect(res.body.idPhotoSource).toBe('registry');
    expect((await decisionsOf(m))[0]).toMatchObject({ id_photo_path: registryPhoto, id_photo_source: 'registry' });
    expect((await as(m, 'get', '/api/kyc/status')).body.registryIdPhoto).toBe(true);
  });

  it(`limits comparisons to ${KYC_ATTEMPTS.perWindow} an hour per member: then 429 with Retry-After`, async () => {
    const m = await readyMember('Hammer');
    matcher.answer(0.5);
    for (let i = 0; i < KYC_ATTEMPTS.perWindow; i++) expect((await as(m, 'post', '/api/kyc/verify-facial').send({})).status).toBe(200);
    const calls = matcher.calls.length;
    const res = await as(m, 'post', '/api/kyc/verify-facial').send({});
    expect([res.status, res.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(matcher.calls.length).toBe(calls);
    expect(await decisionsOf(m)).toHaveLength(KYC_ATTEMPTS.perWindow);
  });

  it('hostile bodies never reach the model nor the store, and cost no attempt', async () => {
    const m = await readyMember('Hostile');
    const calls = matcher.calls.length;
    const reads = images.reads.length;
    const bodies: unknown[] = [
      { idPhotoURL: 42 },
      { selfieURL: { $ne: null } },
      { selfieURL: 'x'.repeat(5000) },
      { verificationType: 'DROP TABLE users' },
      { verificationType: 'x'.repeat(41) },
      { referenceId: '../../etc/passwd' },
      { referenceId: 'r'.repeat(101) },
      { selfieURL: '../../../etc/passwd' },
      { idPhotoURL: 'https://evil.example/face.jpg' },
      [],
    ];
    for (const body of bodies) {
      const res = await as(m, 'post', '/api/kyc/verify-facial').send(body as object);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const jsonNull = await as(m, 'post', '/api/kyc/verify-facial').set('Content-Type', 'application/json').send('null');
    expect(jsonNull.status).toBe(400);
    const nul = await as(m, 'post', '/api/kyc/verify-facial').set('Content-Type', 'application/json').send('{"selfieURL":"/objects/private/a\\u0000b"}');
    expect([nul.status, nul.body.code]).toEqual([400, 'invalid_characters']);
    expect(matcher.calls.length).toBe(calls);
    expect(images.reads.length).toBe(reads);
    expect(await decisionsOf(m)).toEqual([]);
    expect(await rows('select * from rate_limit_windows where key = ?', [`kyc_verify:${m.id}`])).toEqual([]);
  });
});

describe('between members', () => {
  it("another member can neither compare, save nor see someone's photos, status or consent", async () => {
    const alice = await readyMember('Alice');
    matcher.answer(0.97);
    expect((await as(alice, 'post', '/api/kyc/verify-facial').send({})).body.verified).toBe(true);
    const bob = await signUp(t, 'Bob');
    await consent(bob);
    await as(bob, 'put', '/api/kyc/id-photo').send({ idPhotoURL: images.put(bob.id) });

    const stolen = await as(bob, 'post', '/api/kyc/verify-facial').send({ selfieURL: alice.selfie });
    expect([stolen.status, stolen.body.code, stolen.body.fields]).toEqual([404, 'object_not_found', { selfieURL: stolen.body.error }]);
    const stolenId = await as(bob, 'post', '/api/kyc/verify-facial').send({ idPhotoURL: `/api${alice.idPhoto}`, selfieURL: images.put(bob.id) });
    expect([stolenId.status, stolenId.body.code]).toEqual([404, 'object_not_found']);
    expect((await as(bob, 'put', '/api/kyc/selfie').send({ selfieURL: alice.selfie })).status).toBe(404);

    const bobs = (await as(bob, 'get', '/api/kyc/status')).body;
    expect(bobs).toMatchObject({ verified: false, matchConfidence: null, selfieURL: null });
    expect(JSON.stringify(bobs)).not.toContain(alice.selfie);
    expect(JSON.stringify(bobs)).not.toContain(alice.idPhoto);

    await as(bob, 'delete', '/api/kyc/consent');
    expect((await as(alice, 'get', '/api/kyc/status')).body).toMatchObject({ verified: true, consentGiven: true, selfieURL: `/api${alice.selfie}` });
    expect(await decisionsOf(bob)).toEqual([]);
  });
});

describe('with the real face model', () => {
  let real: TestApp;
  const realImages = new InMemoryMemberImages();

  beforeAll(() => {
    real = createTestApp(db, {
      configure: (c) => {
        use(c, TOKENS.MemberImages, realImages);
        use(c, TOKENS.RegistryIdPhotos, new FixedRegistryPhotos());
      },
    });
  });
  afterAll(async () => {
    await (real?.container.get(TOKENS.FaceMatcher) as FaceApiMatcher | undefined)?.close();
  });

  const asReal = (m: SignedUpMember, path: string, body: object) => request(real.handler).post(path).set('Authorization', `Bearer ${m.token}`).send(body);

  it('verifies a member whose selfie is the face of their ID card, and not another person; a selfie without a face is 422', async () => {
    const m = await signUp(real, 'Realface');
    expect((await asReal(m, '/api/kyc/consent', {})).status).toBe(200);
    const { idPhoto, selfie } = await memberSizedPair('group_d');
    const idPath = realImages.put(m.id, { bytes: idPhoto });
    const same = await asReal(m, '/api/kyc/verify-facial', { idPhotoURL: idPath, selfieURL: realImages.put(m.id, { bytes: selfie }) });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ verified: true, model: { name: 'face-api-dlib' } });
    expect(same.body.matchConfidence).toBeGreaterThanOrEqual(80);

    const stranger = (await calibrationPeople()).find((p) => p.name === 'grid_r2_3')!.original;
    const other = await asReal(m, '/api/kyc/verify-facial', { selfieURL: realImages.put(m.id, { bytes: stranger }) });
    expect(other.status).toBe(200);
    expect(other.body.verified).toBe(false);
    expect(other.body.matchConfidence).toBeLessThan(80);

    const blank = await asReal(m, '/api/kyc/verify-facial', { selfieURL: realImages.put(m.id, { bytes: (await noFacePhotos()).blank }) });
    expect([blank.status, blank.body.code]).toEqual([422, 'selfie_no_face_found']);
    expect((await decisionsOf(m)).map((d) => d.outcome)).toEqual(['verified', 'not_matched', 'rejected']);
    expect((await decisionsOf(m))[0]).toMatchObject({ model_name: 'face-api-dlib', cutoff_similarity: 0.59 });
    // The first comparison loads the model (tens of seconds on a busy machine), three comparisons follow.
  }, 300_000);
});

// A referenceId names nothing of another member: any text the client chooses.
it('keeps a referenceId as given', async () => {
  const m = await readyMember('Reference');
  matcher.answer(0.9);
  const reference = `loan:${randomUUID()}`;
  await as(m, 'post', '/api/kyc/verify-facial').send({ referenceId: reference });
  expect((await decisionsOf(m))[0]!.reference_id).toBe(reference);
});
