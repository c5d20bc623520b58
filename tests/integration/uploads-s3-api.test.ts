/**
 * Uploads through the API with S3 storage, against the S3-protocol server this test starts
 * (tests/fakes/s3-server.ts): presigned PUTs straight to the bucket, the content checked when the
 * photo is claimed (a bad object deleted), served through the API, and the companion's multipart
 * upload against the bucket: every page of parts listed, completed, and aborted leaving nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomingKeyOf, objectKeyOf } from '../../core/uploads/object-path.ts';
import { PHOTO_MAX_BYTES } from '../../core/uploads/ports.ts';
import { startFakeS3, type FakeS3 } from '../fakes/s3-server.ts';
import { aPng, hostileFiles, pixelsOf, withTrailingHtml } from '../support/images.ts';
import { signUp, type SignedUpMember } from '../support/openapi-cases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let s3: FakeS3;
let t: TestApp;
let amina: SignedUpMember;
let jean: SignedUpMember;

beforeAll(async () => {
  db = await createTestDatabase();
  s3 = await startFakeS3({ bucket: 'ikimina-photos', listPartsPageSize: 2 });
  t = createTestApp(db, {
    env: { S3_ENDPOINT: s3.url, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.credentials.accessKeyId, S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey },
  });
  amina = await signUp(t, 'Amina');
  jean = await signUp(t, 'Jean');
});
afterAll(async () => {
  await s3?.stop();
  await db?.drop();
});

const as = (member: SignedUpMember) => ({
  post: (path: string) => request(t.handler).post(path).set('Authorization', `Bearer ${member.token}`),
  get: (path: string) => request(t.handler).get(path).set('Authorization', `Bearer ${member.token}`),
  put: (path: string) => request(t.handler).put(path).set('Authorization', `Bearer ${member.token}`),
  delete: (path: string) => request(t.handler).delete(path).set('Authorization', `Bearer ${member.token}`),
});

async function rowOf(id: string) {
  const rows = await db.orm.em.fork().execute<{ status: string }[]>('select status from stored_objects where id = ?', [id]);
  return rows[0];
}

async function addressFor(member: SignedUpMember, visibility: 'private' | 'public') {
  const res = await as(member).post(`/api/objects/upload/${visibility}`);
  expect(res.status).toBe(200);
  return { uploadURL: res.body.uploadURL as string, objectPath: res.body.objectPath as string, id: (res.body.objectPath as string).split('/').at(-1)! };
}

/** What the browser does: PUT the file to the presigned URL, no other credential. */
const putToBucket = (url: string, bytes: Buffer) => fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'Content-Type': 'image/png' } });

describe('uploads with S3 storage', () => {
  it('presigned PUT to the bucket → claimed (checked, moved to its own key) → served through the API', async () => {
    const photo = await aPng(100, 80);
    const address = await addressFor(amina, 'public');
    expect(address.uploadURL.startsWith(`${s3.url}/${s3.bucket}/incoming/${address.id}?`)).toBe(true);
    expect((await putToBucket(address.uploadURL, photo)).status).toBe(200);
    expect(await rowOf(address.id)).toMatchObject({ status: 'pending' });

    const claimed = await as(amina).put('/api/profile-photo').send({ photoURL: address.uploadURL });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toEqual({ objectPath: address.objectPath, photoURL: `/api${address.objectPath}` });
    expect(s3.objects.has(incomingKeyOf(address.id))).toBe(false);
    expect(s3.objects.get(objectKeyOf('public', address.id))).toMatchObject({ contentType: 'image/png' });
    expect(await rowOf(address.id)).toMatchObject({ status: 'stored' });

    const served = await request(t.handler).get(`/api${address.objectPath}`).buffer(true);
    expect([served.status, served.headers['content-type']]).toEqual([200, 'image/png']);
    // The re-encoded photo: the same pixels (PNG is lossless).
    expect(await pixelsOf(served.body as Buffer)).toEqual(await pixelsOf(photo));
  });

  it('keeps in the bucket, and serves, the re-encoded image, never the bytes the member sent', async () => {
    const address = await addressFor(amina, 'public');
    const polyglot = withTrailingHtml(await aPng(), '<html><script>alert(1)</script></html>');
    expect((await putToBucket(address.uploadURL, polyglot)).status).toBe(200);
    expect((await as(amina).put('/api/profile-photo').send({ photoURL: address.uploadURL })).status).toBe(200);
    expect(Buffer.from(s3.objects.get(objectKeyOf('public', address.id))!.bytes).includes('<script>')).toBe(false);
    const served = await request(t.handler).get(`/api${address.objectPath}`).buffer(true);
    expect((served.body as Buffer).includes('<script>')).toBe(false);
  });

  it('checks the content when it is claimed: each hostile file is refused with its code and deleted from the bucket', async () => {
    for (const file of await hostileFiles()) {
      const address = await addressFor(amina, 'private');
      expect((await putToBucket(address.uploadURL, file.bytes)).status, file.label).toBe(200);
      const claimed = await as(amina).put('/api/profile-photo').send({ photoURL: address.objectPath });
      expect([claimed.status, claimed.body.code], file.label).toEqual([file.code === 'upload_too_large' ? 413 : 415, file.code]);
      expect(s3.objects.has(incomingKeyOf(address.id)), file.label).toBe(false);
      expect(s3.objects.has(objectKeyOf('private', address.id)), file.label).toBe(false);
      expect(await rowOf(address.id), file.label).toMatchObject({ status: 'pending' });
      expect((await as(amina).get(`/api${address.objectPath}`)).status).toBe(404);
    }
  });

  it('never claims or serves another member\'s upload, nor one not uploaded yet', async () => {
    const address = await addressFor(amina, 'private');
    await putToBucket(address.uploadURL, await aPng());
    const stolen = await as(jean).put('/api/profile-photo').send({ photoURL: address.uploadURL });
    expect([stolen.status, stolen.body.code]).toEqual([404, 'object_not_found']);
    // Jean's attempt neither checked nor moved Amina's bytes.
    expect(s3.objects.has(incomingKeyOf(address.id))).toBe(true);
    const nothing = await addressFor(amina, 'public');
    expect((await as(amina).put('/api/profile-photo').send({ photoURL: nothing.objectPath })).status).toBe(404);
  });

  it('refuses presigned addresses that were altered or expired (the bucket checks them)', async () => {
    const address = await addressFor(amina, 'private');
    const altered = address.uploadURL.replace(address.id, (await addressFor(amina, 'private')).id);
    expect((await putToBucket(altered, await aPng())).status).toBe(403);
    // This server's own upload route takes no PUT when the storage is S3.
    const local = await request(t.handler).put(`/api/objects/uploads/${address.id}?expires=9999999999&signature=${'A'.repeat(43)}`).send(await aPng());
    expect([local.status, local.body.code]).toEqual([403, 'upload_signature_invalid']);
  });

  it('refuses a visibility other than public or private, as the OpenAPI document says, rather than read it as private', async () => {
    const params = await as(amina).get('/api/companion/s3/params?filename=me.png&type=image/png&metadata[visibility]=AAA');
    expect([params.status, params.body.code]).toEqual([400, 'validation_failed']);
    const multipart = await as(amina).post('/api/companion/s3/multipart').send({ filename: 'me.png', type: 'image/png', metadata: { visibility: 'AAA', name: 'me.png' } });
    expect([multipart.status, multipart.body.code]).toEqual([400, 'validation_failed']);
    const kept = await as(amina).get('/api/companion/s3/params?filename=me.png&type=image/png&metadata[visibility]=private&metadata[name]=me.png');
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('multipart through the companion: parts PUT to the bucket, listed over every page, completed, checked and served', async () => {
    const photo = await aPng(300, 200);
    const created = await as(amina).post('/api/companion/s3/multipart').send({ filename: 'me.png', type: 'image/png', metadata: { visibility: 'public' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { key, uploadId, bucket } = created.body as { key: string; uploadId: string; bucket: string };
    expect(bucket).toBe(s3.bucket);
    const id = key.split('/').at(-1)!;
    const batch = await as(amina).get(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}/batch?key=${encodeURIComponent(key)}&partNumbers=1,2,3`);
    const urls = batch.body.presignedUrls as Record<string, string>;
    expect(urls['1']).toContain(`/${s3.bucket}/incoming/${id}?`);
    // S3 wants every part but the last to be 5 MiB: a photo is one part. Parts 2 and 3 are sent
    // too, to list three parts over pages of two, and are left out of the completion.
    const etags: Record<string, string> = {};
    for (const [n, bytes] of [['1', photo], ['2', Buffer.from('two')], ['3', Buffer.from('three')]] as const) {
      const put = await fetch(urls[n]!, { method: 'PUT', body: bytes });
      expect(put.status).toBe(200);
      etags[n] = put.headers.get('etag')!;
    }
    const before = s3.requests.filter((r) => r === 'GET ListParts').length;
    const listed = await as(amina).get(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}?key=${encodeURIComponent(key)}`);
    expect(listed.body.map((p: { PartNumber: number }) => p.PartNumber)).toEqual([1, 2, 3]);
    expect(s3.requests.filter((r) => r === 'GET ListParts').length - before).toBe(2);

    const done = await as(amina).post(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}/complete?key=${encodeURIComponent(key)}`).send({ parts: [{ PartNumber: 1, ETag: etags['1'] }] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ location: `/api/${key}`, key, bucket: s3.bucket });
    expect(s3.objects.has(incomingKeyOf(id))).toBe(false);
    const served = await request(t.handler).get(`/api/${key}`).buffer(true);
    expect(await pixelsOf(served.body as Buffer)).toEqual(await pixelsOf(photo));
  });

  it('an aborted multipart upload leaves nothing: no parts in the bucket, no object, no row; nobody else can abort it', async () => {
    const created = await as(amina).post('/api/companion/s3/multipart').send({ type: 'image/png' });
    const { key, uploadId } = created.body as { key: string; uploadId: string };
    const id = key.split('/').at(-1)!;
    const signed = await as(amina).get(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}/1?key=${encodeURIComponent(key)}`);
    expect(signed.body.expires).toBe(t.config.uploads.addressLifetimeSeconds);
    expect((await fetch(signed.body.url as string, { method: 'PUT', body: Buffer.alloc(1000, 7) })).status).toBe(200);
    expect(s3.uploads.get(uploadId)?.parts.size).toBe(1);

    const theirs = await as(jean).delete(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}?key=${encodeURIComponent(key)}`);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'upload_not_found']);
    expect(s3.uploads.has(uploadId)).toBe(true);

    const aborted = await as(amina).delete(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}?key=${encodeURIComponent(key)}`);
    expect([aborted.status, aborted.body]).toEqual([200, {}]);
    expect(s3.uploads.has(uploadId)).toBe(false);
    expect([...s3.objects.keys()].some((k) => k.includes(id))).toBe(false);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('refuses a multipart upload whose parts exceed 5,242,880 bytes before joining them', async () => {
    const created = await as(amina).post('/api/companion/s3/multipart').send({ type: 'image/png' });
    const { key, uploadId } = created.body as { key: string; uploadId: string };
    const signed = await as(amina).get(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}/1?key=${encodeURIComponent(key)}`);
    const put = await fetch(signed.body.url as string, { method: 'PUT', body: Buffer.alloc(PHOTO_MAX_BYTES + 1) });
    const done = await as(amina).post(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}/complete`).send({ parts: [{ PartNumber: 1, ETag: put.headers.get('etag') }] });
    expect([done.status, done.body.code]).toEqual([413, 'upload_too_large']);
    expect(s3.uploads.has(uploadId)).toBe(true);
  });

  it('allows the bucket\'s origin in the web client\'s Content-Security-Policy (connect-src)', async () => {
    const res = await request(t.handler).get('/healthz');
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ${new URL(s3.url).origin};`);
  });
});
