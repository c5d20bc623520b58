/**
 * Uploads through the API against PostgreSQL, with the embedded default storage (local disk, in
 * a folder of this test): the whole flow (address → PUT → claim by PUT /api/profile-photo →
 * served), hostile files refused with nothing stored (disk and table), forged, altered and
 * expired addresses, a body far over the limit not read to its end, privacy between members, the
 * companion routes with local multipart, and `TOKENS.MemberImages` as the other modules use it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../apps/container.ts';
import { PHOTO_MAX_BYTES } from '../../core/uploads/ports.ts';
import { PruneAbandonedUploads } from '../../core/uploads/prune-abandoned-uploads.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { aDecompressionBomb, aJpeg, aJpegWithGps, aPng, aWebp, hostileFiles, pixelsOf, withHtmlComment, withTrailingHtml } from '../support/images.ts';
import { signUp, type SignedUpMember } from '../support/openapi-cases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
let dir: string;
let amina: SignedUpMember;
let jean: SignedUpMember;
const clock = new FakeClock();

beforeAll(async () => {
  db = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'ikimina-uploads-api-'));
  t = createTestApp(db, { env: { OBJECT_STORAGE_DIR: dir }, clock });
  amina = await signUp(t, 'Amina');
  jean = await signUp(t, 'Jean');
});
afterAll(async () => {
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const as = (member: SignedUpMember) => ({
  post: (path: string) => request(t.handler).post(path).set('Authorization', `Bearer ${member.token}`),
  get: (path: string) => request(t.handler).get(path).set('Authorization', `Bearer ${member.token}`),
  put: (path: string) => request(t.handler).put(path).set('Authorization', `Bearer ${member.token}`),
  delete: (path: string) => request(t.handler).delete(path).set('Authorization', `Bearer ${member.token}`),
});

/** Every file under the storage folder, relative. */
function filesIn(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(root, f)).isFile());
}

async function rowOf(id: string) {
  const rows = await db.orm.em.fork().execute<{ status: string; content_type: string | null; size: number | null; owner_id: string }[]>('select * from stored_objects where id = ?', [id]);
  return rows[0];
}

async function addressFor(member: SignedUpMember, visibility: 'private' | 'public') {
  const res = await as(member).post(`/api/objects/upload/${visibility}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A path of this server (local storage): a browser resolves it against the page, this test against the app.
  const url = new URL(res.body.uploadURL as string, t.config.publicBaseUrl);
  return { uploadURL: res.body.uploadURL as string, objectPath: res.body.objectPath as string, target: `${url.pathname}${url.search}`, id: (res.body.objectPath as string).split('/').at(-1)! };
}

/** The PUT a browser makes to the upload address: the raw file, no Authorization header. */
const putFile = (target: string, bytes: Buffer, contentType = 'image/png') => request(t.handler).put(target).set('Content-Type', contentType).send(bytes);

describe('the upload flow', () => {
  it('address → PUT → claim as the profile photo → served to anyone with its checked type', async () => {
    const photo = await aPng(120, 90);
    const address = await addressFor(amina, 'public');
    expect(address.uploadURL).toMatch(new RegExp(`^/api/objects/uploads/${address.id}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    const put = await putFile(address.target, photo, 'application/octet-stream');
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ objectPath: address.objectPath, contentType: 'image/png', size: expect.any(Number) });

    const claimed = await as(amina).put('/api/profile-photo').send({ photoURL: address.uploadURL });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toEqual({ objectPath: address.objectPath, photoURL: `/api${address.objectPath}` });
    expect((await as(amina).get('/api/user')).body.profilePhotoUrl).toBe(`/api${address.objectPath}`);

    const served = await request(t.handler).get(`/api${address.objectPath}`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    // The stored photo is the re-encoded one: the same pixels (PNG is lossless), the size it has now.
    expect(await pixelsOf(served.body as Buffer)).toEqual(await pixelsOf(photo));
    expect(put.body.size).toBe((served.body as Buffer).length);
    expect(await rowOf(address.id)).toMatchObject({ status: 'stored', content_type: 'image/png', size: put.body.size, owner_id: amina.id });
  });

  it('serves a private photo to its owner only: another member gets the 404 of an unknown id, a visitor 401', async () => {
    const address = await addressFor(amina, 'private');
    expect((await putFile(address.target, await aJpeg())).status).toBe(200);
    const own = await as(amina).get(`/api${address.objectPath}`);
    expect([own.status, own.headers['content-type'], own.headers['cache-control']]).toEqual([200, 'image/jpeg', 'private, no-store']);
    const other = await as(jean).get(`/api${address.objectPath}`);
    const unknown = await as(jean).get('/api/objects/private/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c');
    expect([other.status, other.body]).toEqual([404, { error: 'This photo was not found. Please upload it again.', code: 'object_not_found' }]);
    expect(unknown.body).toEqual(other.body);
    expect((await request(t.handler).get(`/api${address.objectPath}`)).status).toBe(401);
    // Not on the public route either, whoever asks.
    expect((await request(t.handler).get(`/api/objects/public/${address.id}`)).status).toBe(404);
    expect((await as(amina).get(`/api/objects/public/${address.id}`)).status).toBe(404);
  });

  it('accepts a PNG whatever name and type the client gives it (.exe, application/x-msdownload): the content decides', async () => {
    const address = await addressFor(amina, 'private');
    const put = await request(t.handler).put(address.target).set('Content-Type', 'application/x-msdownload').set('Content-Disposition', 'attachment; filename="photo.exe"').send(await aPng());
    expect(put.status).toBe(200);
    expect(put.body.contentType).toBe('image/png');
  });

  it('accepts JPEG and WebP, and exactly 5,242,880 bytes', async () => {
    for (const bytes of [await aJpeg(), await aWebp()]) expect((await putFile((await addressFor(amina, 'private')).target, bytes)).status).toBe(200);
    const jpeg = await aJpeg();
    // A JPEG ignores what follows its end marker: padded to the limit, it still decodes whole.
    const atLimit = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES - jpeg.length)]);
    const res = await putFile((await addressFor(amina, 'private')).target, atLimit);
    // Accepted at the limit, and kept re-encoded: the padding is gone.
    expect([res.status, res.body.contentType]).toEqual([200, 'image/jpeg']);
    expect(res.body.size).toBeLessThan(10_000);
  });

  it('refuses every hostile file with its code and stores nothing, on disk or in the table', async () => {
    for (const file of await hostileFiles()) {
      const address = await addressFor(amina, 'private');
      const before = filesIn(dir);
      const res = await putFile(address.target, file.bytes, file.name.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
      expect([res.status, res.body.code], file.label).toEqual([file.code === 'upload_too_large' ? 413 : 415, file.code]);
      if (file.code === 'unsupported_media_type') expect(res.body.error).toMatch(/JPEG, PNG or WebP/);
      expect(filesIn(dir), file.label).toEqual(before);
      expect(await rowOf(address.id), file.label).toMatchObject({ status: 'pending', content_type: null, size: null });
      // Nor can it be claimed or read.
      expect((await as(amina).put('/api/profile-photo').send({ photoURL: address.uploadURL })).status).toBe(404);
      expect((await as(amina).get(`/api${address.objectPath}`)).status).toBe(404);
    }
  });

  it('stops reading a body over the limit: a 50 MB stream is answered 413 long before it is sent', async () => {
    const address = await addressFor(amina, 'private');
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      let sent = 0;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: 'PUT', path: address.target, headers: { 'Content-Type': 'image/png', 'Transfer-Encoding': 'chunked' } }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', () => undefined);
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        req.once('response', () => (sent = -sent));
        pump();
        setTimeout(() => reject(new Error('no answer')), 20_000);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).code).toBe('upload_too_large');
      // `sent` turned negative when the answer came: it came before the whole body was sent.
      expect(sent).toBeLessThan(0);
      expect(-sent).toBeLessThan(50 * 1024 * 1024);
    } finally {
      server.close();
    }
    expect(await rowOf(address.id)).toMatchObject({ status: 'pending' });
  });

  it('keeps the connection usable after refusing a declared oversize body', async () => {
    const address = await addressFor(amina, 'private');
    const res = await request(t.handler).put(address.target).set('Content-Type', 'image/png').set('Content-Length', String(PHOTO_MAX_BYTES + 1)).send(Buffer.alloc(PHOTO_MAX_BYTES + 1));
    expect([res.status, res.body.code]).toEqual([413, 'upload_too_large']);
  });

  it('a retry with the same bytes answers the same; different bytes are refused (409) and the first photo stays', async () => {
    const address = await addressFor(amina, 'private');
    const photo = await aPng();
    const first = await putFile(address.target, photo);
    expect((await putFile(address.target, photo)).body).toEqual(first.body);
    const second = await putFile(address.target, await aJpeg());
    expect([second.status, second.body.code]).toEqual([409, 'object_already_received']);
    expect(await pixelsOf((await as(amina).get(`/api${address.objectPath}`).buffer(true)).body as Buffer)).toEqual(await pixelsOf(photo));
  });
});

describe('every accepted image is re-encoded: what is stored and served is pixels only', () => {
  const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
  const served = async (objectPath: string) => (await as(amina).get(`/api${objectPath}`).buffer(true)).body as Buffer;

  it('serves a JPEG+HTML polyglot (HTML after the end marker, or in a comment) back without the HTML', async () => {
    for (const polyglot of [withTrailingHtml(await aJpeg(), HTML), withHtmlComment(await aJpeg(), HTML)]) {
      const address = await addressFor(amina, 'private');
      const put = await putFile(address.target, polyglot, 'image/jpeg');
      expect([put.status, put.body.contentType]).toEqual([200, 'image/jpeg']);
      const bytes = await served(address.objectPath);
      expect(bytes.includes('<script>')).toBe(false);
      expect(bytes.includes('<html>')).toBe(false);
      expect(bytes.length).toBe(put.body.size);
      // Nothing on disk holds it either.
      for (const file of filesIn(dir).filter((f) => f.includes(address.id))) expect(readFileSync(join(dir, file)).includes('<script>'), file).toBe(false);
    }
  });

  it('serves a JPEG with GPS in its EXIF back without any EXIF', async () => {
    const located = await aJpegWithGps();
    expect((await sharp(located).metadata()).exif?.includes('PhoneMaker')).toBe(true);
    const address = await addressFor(amina, 'public');
    expect((await putFile(address.target, located, 'image/jpeg')).status).toBe(200);
    const bytes = await served(address.objectPath);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes('PhoneMaker')).toBe(false);
  });

  it('serves a PNG with bytes after its IEND chunk back without them, same pixels', async () => {
    const png = await aPng();
    const address = await addressFor(amina, 'private');
    expect((await putFile(address.target, withTrailingHtml(png, HTML))).status).toBe(200);
    const bytes = await served(address.objectPath);
    expect(bytes.includes('<script>')).toBe(false);
    expect(await pixelsOf(bytes)).toEqual(await pixelsOf(png));
  });

  it('refuses a decompression bomb and a non-image named .jpg (415), storing nothing', async () => {
    for (const [label, bytes] of [['a 60-megapixel PNG of a few kilobytes', await aDecompressionBomb()], ['HTML named photo.jpg', Buffer.from(`<!doctype html>${HTML}`)]] as const) {
      const address = await addressFor(amina, 'private');
      const before = filesIn(dir);
      const res = await request(t.handler).put(address.target).set('Content-Type', 'image/jpeg').set('Content-Disposition', 'attachment; filename="photo.jpg"').send(bytes);
      expect([res.status, res.body.code], label).toEqual([415, 'unsupported_media_type']);
      expect(filesIn(dir), label).toEqual(before);
      expect(await rowOf(address.id), label).toMatchObject({ status: 'pending' });
    }
  });
});

describe('upload addresses are the only credential of a PUT', () => {
  it('refuses a forged or altered signature, an altered expiry or object, a missing signature: 403, nothing stored', async () => {
    const address = await addressFor(amina, 'private');
    const url = new URL(address.target, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const forged = [
      `${url.pathname}?expires=${expires}&signature=${'A'.repeat(43)}`,
      `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${url.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${url.pathname.replace(address.id, (await addressFor(amina, 'private')).id)}?expires=${expires}&signature=${signature}`,
      `${url.pathname}?expires=${expires}`,
      url.pathname,
      `${url.pathname}?expires=${expires}&signature=${signature}&signature=${signature}`,
    ];
    for (const target of forged) {
      const res = await putFile(target, await aPng());
      expect([res.status, res.body.code], target).toEqual([403, 'upload_signature_invalid']);
    }
    expect(await rowOf(address.id)).toMatchObject({ status: 'pending' });
  });

  it('refuses an expired address with "Request has expired" (the upload library retries it with a new one)', async () => {
    const address = await addressFor(amina, 'private');
    clock.advance((t.config.uploads.addressLifetimeSeconds + 1) * 1000);
    const res = await putFile(address.target, await aPng());
    expect([res.status, res.body]).toEqual([403, { error: 'Request has expired', code: 'upload_url_expired' }]);
    expect(filesIn(join(dir, 'objects', 'private')).some((f) => f.includes(address.id))).toBe(false);
  });

  it('gives no address to a visitor', async () => {
    for (const visibility of ['private', 'public']) {
      const res = await request(t.handler).post(`/api/objects/upload/${visibility}`);
      expect([res.status, res.body.code]).toEqual([401, 'unauthenticated']);
    }
    expect((await request(t.handler).get('/api/companion/s3/params')).status).toBe(401);
  });
});

describe('claiming a photo (PUT /api/profile-photo)', () => {
  it('is refused for another member\'s photo, by any of its addresses, and changes nothing', async () => {
    const address = await addressFor(amina, 'public');
    await putFile(address.target, await aPng());
    for (const photoURL of [address.uploadURL, address.objectPath, `/api${address.objectPath}`, `${t.config.publicBaseUrl}/api${address.objectPath}`]) {
      const res = await as(jean).put('/api/profile-photo').send({ photoURL });
      expect([res.status, res.body.code], photoURL).toEqual([404, 'object_not_found']);
    }
    expect((await as(jean).get('/api/user')).body.profilePhotoUrl).toBeNull();
  });

  it('refuses a private photo as the avatar, and an address that names nothing', async () => {
    const address = await addressFor(amina, 'private');
    await putFile(address.target, await aPng());
    const res = await as(amina).put('/api/profile-photo').send({ photoURL: address.objectPath });
    expect([res.status, res.body.code]).toEqual([400, 'profile_photo_not_public']);
    for (const photoURL of ['https://evil.example/x.png', 'javascript:alert(1)', '/objects/public/../../etc/passwd']) {
      expect((await as(amina).put('/api/profile-photo').send({ photoURL })).status).toBe(404);
    }
    expect((await as(amina).put('/api/profile-photo').send({})).status).toBe(400);
    expect((await request(t.handler).put('/api/profile-photo').send({ photoURL: address.objectPath })).status).toBe(401);
  });
});

describe('the companion routes with local storage (/api/companion/s3)', () => {
  const sign = async (member: SignedUpMember, uploadId: string, key: string, partNumber: number) => {
    const res = await as(member).get(`/api/companion/s3/multipart/${encodeURIComponent(uploadId)}/${partNumber}?key=${encodeURIComponent(key)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(/^\/api\/objects\/uploads\//);
    return res.body.url as string;
  };

  it('uploads in parts: create, sign, PUT parts (ETag header), list, complete → served', async () => {
    const photo = await aPng(400, 300);
    const created = await as(amina).post('/api/companion/s3/multipart').send({ filename: 'me.png', type: 'image/png', metadata: { visibility: 'public' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { key, uploadId, bucket } = created.body as { key: string; uploadId: string; bucket: string };
    expect(key).toMatch(/^objects\/public\/[0-9a-f-]{36}$/);
    expect(bucket).toBe('local');
    const cut = Math.floor(photo.length / 2);
    const etags: string[] = [];
    for (const [n, bytes] of [[1, photo.subarray(0, cut)], [2, photo.subarray(cut)]] as const) {
      const put = await request(t.handler).put(await sign(amina, uploadId, key, n)).send(Buffer.from(bytes));
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      etags.push(put.headers.etag as string);
    }
    const listed = await as(amina).get(`/api/companion/s3/multipart/${uploadId}?key=${encodeURIComponent(key)}`);
    expect(listed.body).toEqual([
      { PartNumber: 1, ETag: etags[0], Size: cut },
      { PartNumber: 2, ETag: etags[1], Size: photo.length - cut },
    ]);
    const batch = await as(amina).get(`/api/companion/s3/multipart/${uploadId}/batch?key=${encodeURIComponent(key)}&partNumbers=1,2`);
    expect(Object.keys(batch.body.presignedUrls)).toEqual(['1', '2']);
    const done = await as(amina).post(`/api/companion/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`).send({ parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ location: `/api/${key}`, key, bucket: 'local' });
    const served = await request(t.handler).get(`/api/${key}`).buffer(true);
    expect(served.status).toBe(200);
    expect(await pixelsOf(served.body as Buffer)).toEqual(await pixelsOf(photo));
    expect(existsSync(join(dir, '.multipart', uploadId))).toBe(false);
    // The profile takes it like any public upload.
    expect((await as(amina).put('/api/profile-photo').send({ photoURL: done.body.location })).status).toBe(200);
  });

  it('an aborted upload leaves nothing: no parts, no object, no row', async () => {
    const created = await as(amina).post('/api/companion/s3/multipart').send({ type: 'image/png' });
    const { key, uploadId } = created.body as { key: string; uploadId: string };
    const id = key.split('/').at(-1)!;
    await request(t.handler).put(await sign(amina, uploadId, key, 1)).send(Buffer.from('first part'));
    expect(readdirSync(join(dir, '.multipart', uploadId))).toContain('1');
    const aborted = await as(amina).delete(`/api/companion/s3/multipart/${uploadId}?key=${encodeURIComponent(key)}`);
    expect([aborted.status, aborted.body]).toEqual([200, {}]);
    expect(existsSync(join(dir, '.multipart', uploadId))).toBe(false);
    expect(filesIn(dir).some((f) => f.includes(id))).toBe(false);
    expect(await rowOf(id)).toBeUndefined();
    expect((await as(amina).get(`/api/companion/s3/multipart/${uploadId}`)).status).toBe(404);
  });

  it('is nobody else\'s: another member cannot list, sign, complete or abort it (404), and the upload is intact', async () => {
    const created = await as(amina).post('/api/companion/s3/multipart').send({ type: 'image/png' });
    const { key, uploadId } = created.body as { key: string; uploadId: string };
    const q = `?key=${encodeURIComponent(key)}`;
    for (const res of [
      await as(jean).get(`/api/companion/s3/multipart/${uploadId}${q}`),
      await as(jean).get(`/api/companion/s3/multipart/${uploadId}/1${q}`),
      await as(jean).get(`/api/companion/s3/multipart/${uploadId}/batch${q}&partNumbers=1`),
      await as(jean).post(`/api/companion/s3/multipart/${uploadId}/complete${q}`).send({ parts: [{ PartNumber: 1, ETag: '"x"' }] }),
      await as(jean).delete(`/api/companion/s3/multipart/${uploadId}${q}`),
      // The owner naming another key.
      await as(amina).get(`/api/companion/s3/multipart/${uploadId}?key=objects/private/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c`),
    ]) {
      expect([res.status, res.body.code]).toEqual([404, 'upload_not_found']);
    }
    expect((await as(amina).get(`/api/companion/s3/multipart/${uploadId}${q}`)).status).toBe(200);
  });

  it('refuses parts past 5,242,880 bytes in all, a non-string type, bad part numbers and an empty part list with 400s', async () => {
    const created = await as(amina).post('/api/companion/s3/multipart').send({ type: 'image/png' });
    const { key, uploadId } = created.body as { key: string; uploadId: string };
    expect((await request(t.handler).put(await sign(amina, uploadId, key, 1)).send(Buffer.alloc(PHOTO_MAX_BYTES - 10))).status).toBe(200);
    const over = await request(t.handler).put(await sign(amina, uploadId, key, 2)).send(Buffer.alloc(11));
    expect([over.status, over.body.code]).toEqual([413, 'upload_too_large']);
    const untyped = await as(amina).post('/api/companion/s3/multipart').send({ filename: 'x.png', type: 42 });
    expect([untyped.status, untyped.body.error]).toEqual([400, 's3: content type must be a string']);
    expect((await as(amina).get(`/api/companion/s3/multipart/${uploadId}/0`)).status).toBe(400);
    expect((await as(amina).get(`/api/companion/s3/multipart/${uploadId}/10001`)).status).toBe(400);
    expect((await as(amina).get(`/api/companion/s3/multipart/${uploadId}/batch?partNumbers=1,x`)).status).toBe(400);
    expect((await as(amina).post(`/api/companion/s3/multipart/${uploadId}/complete`).send({ parts: [] })).status).toBe(400);
    const missing = await as(amina).post(`/api/companion/s3/multipart/${uploadId}/complete`).send({ parts: [{ PartNumber: 3, ETag: '"x"' }] });
    expect([missing.status, missing.body.code]).toEqual([400, 'invalid_part']);
  });

  it('refuses a completed upload that is not an image (415) and keeps nothing of it', async () => {
    const created = await as(amina).post('/api/companion/s3/multipart').send({ type: 'image/png' });
    const { key, uploadId } = created.body as { key: string; uploadId: string };
    const put = await request(t.handler).put(await sign(amina, uploadId, key, 1)).send(Buffer.from('<svg><script>alert(1)</script></svg>'));
    const done = await as(amina).post(`/api/companion/s3/multipart/${uploadId}/complete`).send({ parts: [{ PartNumber: 1, ETag: put.headers.etag }] });
    expect([done.status, done.body.code]).toEqual([415, 'unsupported_media_type']);
    expect(filesIn(dir).some((f) => f.includes(key.split('/').at(-1)!))).toBe(false);
  });

  it('answers single-upload parameters (a signed PUT address) and no temporary credentials', async () => {
    const params = await as(amina).get('/api/companion/s3/params?filename=me.png&type=image/png&metadata[visibility]=public');
    expect(params.status).toBe(200);
    expect(params.body).toMatchObject({ method: 'PUT', fields: {}, headers: {}, expires: t.config.uploads.addressLifetimeSeconds });
    const put = await putFile(params.body.url as string, await aPng());
    expect(put.body.objectPath).toMatch(/^\/objects\/public\//);
    const sts = await as(amina).get('/api/companion/s3/sts');
    expect([sts.status, sts.body.code]).toEqual([404, 'sts_not_offered']);
  });
});

describe('TOKENS.MemberImages, as identity and KYC use it', () => {
  it('keeps an image the server obtained as the member\'s private object, reads it back, and claims only for its owner', async () => {
    const images = t.container.get(TOKENS.MemberImages);
    const photo = await aJpeg(200, 250);
    const kept = await RequestContext.create(db.orm.em, () => images.storeForMember(amina.id, photo, 'private'));
    expect(kept).toMatchObject({ ok: true, value: { visibility: 'private', ownerId: amina.id, contentType: 'image/jpeg' } });
    if (!kept.ok) return;
    // Kept re-encoded, like an upload: the same picture, the size it has now.
    const read = Buffer.from(await RequestContext.create(db.orm.em, () => images.read(kept.value.path)));
    expect([read.length, (await sharp(read).metadata()).width, (await sharp(read).metadata()).height]).toEqual([kept.value.size, 200, 250]);
    expect((await RequestContext.create(db.orm.em, () => images.ownedImage(amina.id, kept.value.path))).ok).toBe(true);
    expect(await RequestContext.create(db.orm.em, () => images.ownedImage(jean.id, kept.value.path))).toEqual({ ok: false, error: 'object_not_found' });
    expect((await as(amina).get(`/api${kept.value.path}`)).status).toBe(200);
    expect(await RequestContext.create(db.orm.em, () => images.storeForMember(amina.id, Buffer.from('<svg/>'), 'private'))).toEqual({ ok: false, error: 'unsupported_media_type' });
  });
});

describe('the upload-prune job', () => {
  it('forgets, a day after expiry, the uploads nobody finished (records and parts), never a stored photo', async () => {
    const stored = await addressFor(amina, 'private');
    await putFile(stored.target, await aPng());
    const unused = await addressFor(amina, 'private');
    const created = await as(amina).post('/api/companion/s3/multipart').send({ type: 'image/png' });
    const { key, uploadId } = created.body as { key: string; uploadId: string };
    const signed = await as(amina).get(`/api/companion/s3/multipart/${uploadId}/1?key=${encodeURIComponent(key)}`);
    await request(t.handler).put(signed.body.url as string).send(Buffer.from('part'));

    clock.advance((t.config.uploads.addressLifetimeSeconds + 86_400 + 1) * 1000);
    const report = await RequestContext.create(db.orm.em, () => t.container.get(PruneAbandonedUploads).execute());
    expect(report.pruned).toBeGreaterThanOrEqual(2);
    expect(await rowOf(unused.id)).toBeUndefined();
    expect(await rowOf(key.split('/').at(-1)!)).toBeUndefined();
    expect(existsSync(join(dir, '.multipart', uploadId))).toBe(false);
    expect(await rowOf(stored.id)).toMatchObject({ status: 'stored' });
    expect((await as(amina).get(`/api${stored.objectPath}`)).status).toBe(200);
  });
});

describe('the hourly allowance of upload addresses', () => {
  it('answers 429 too_many_uploads past UPLOADS_PER_HOUR, for that member only', async () => {
    const limited = createTestApp(db, { env: { OBJECT_STORAGE_DIR: dir, UPLOADS_PER_HOUR: '2' } });
    const member = await signUp(limited, 'Busy');
    const post = () => request(limited.handler).post('/api/objects/upload/private').set('Authorization', `Bearer ${member.token}`);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const third = await post();
    expect([third.status, third.body.code]).toEqual([429, 'too_many_uploads']);
    expect((await request(limited.handler).post('/api/objects/upload/private').set('Authorization', `Bearer ${(await signUp(limited, 'Calm')).token}`)).status).toBe(200);
  });
});
