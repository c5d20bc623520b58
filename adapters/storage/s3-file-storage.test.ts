/**
 * The S3 adapter against an S3-protocol server the test starts (tests/fakes/s3-server.ts): the
 * FileStorage contract, presigned uploads as a browser sends them, their expiry and signature,
 * and ListParts followed through its pages.
 */
import { randomUUID } from 'node:crypto';
import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomingKeyOf } from '../../core/uploads/object-path.ts';
import { startFakeS3, type FakeS3 } from '../../tests/fakes/s3-server.ts';
import { fileStorageContract } from '../../tests/support/file-storage-contract.ts';
import { S3FileStorage } from './s3-file-storage.ts';

let s3: FakeS3;
let storage: S3FileStorage;
const settings = (fake: FakeS3) => ({ endpoint: fake.url, publicEndpoint: null, bucket: fake.bucket, region: fake.region, ...fake.credentials });

beforeAll(async () => {
  s3 = await startFakeS3({ listPartsPageSize: 2 });
  storage = new S3FileStorage(settings(s3));
});
afterAll(async () => {
  await s3?.stop();
});

fileStorageContract('S3FileStorage', () => storage);

describe('S3FileStorage', () => {
  it('gives a presigned address a client PUTs to with no credential, landing under the incoming key', async () => {
    const id = randomUUID();
    const address = await storage.addressOf({ objectId: id }, new Date(Date.now() + 60_000));
    expect(address).toContain(`/${s3.bucket}/incoming/${id}?`);
    expect(address).not.toContain('x-amz-checksum');
    const put = await fetch(address, { method: 'PUT', body: Buffer.from('photo bytes'), headers: { 'Content-Type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(s3.objects.get(incomingKeyOf(id))?.bytes.toString()).toBe('photo bytes');
  });

  it('presigned addresses expire, and any change to one is refused', async () => {
    const id = randomUUID();
    const expired = await storage.addressOf({ objectId: id }, new Date(Date.now() + 1000));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await fetch(expired, { method: 'PUT', body: 'x' });
    expect([late.status, await late.text()]).toEqual([403, expect.stringContaining('Request has expired')]);
    const address = await storage.addressOf({ objectId: id }, new Date(Date.now() + 60_000));
    const other = address.replace(`incoming/${id}`, `incoming/${randomUUID()}`);
    expect((await fetch(other, { method: 'PUT', body: 'x' })).status).toBe(403);
    const longer = address.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=604800');
    expect((await fetch(longer, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect(s3.objects.has(incomingKeyOf(id))).toBe(false);
  });

  it('presigns one part of a multipart upload and follows ListParts through its pages', async () => {
    const id = randomUUID();
    const key = incomingKeyOf(id);
    const uploadId = await storage.startMultipart(key);
    for (const partNumber of [1, 2, 3, 4, 5]) {
      const address = await storage.addressOf({ objectId: id, multipart: { uploadId, partNumber } }, new Date(Date.now() + 60_000));
      const put = await fetch(address, { method: 'PUT', body: `part ${partNumber}` });
      expect(put.status).toBe(200);
      expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    }
    const before = s3.requests.filter((r) => r === 'GET ListParts').length;
    expect((await storage.listParts(key, uploadId))?.map((p) => p.partNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(s3.requests.filter((r) => r === 'GET ListParts').length - before).toBe(3);
    await storage.abortMultipart(key, uploadId);
    expect(s3.uploads.has(uploadId)).toBe(false);
  });

  it('is refused by the server with a wrong secret (the fake checks every signature)', async () => {
    const wrong = new S3FileStorage({ ...settings(s3), secretAccessKey: 'not the secret' });
    await expect(wrong.put(`objects/private/${randomUUID()}`, new Uint8Array(1), 'image/png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrong.get(`objects/private/${randomUUID()}`)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('presigns with the public endpoint when one is set', async () => {
    const published = new S3FileStorage({ ...settings(s3), publicEndpoint: 'http://localhost:9000' });
    expect(await published.addressOf({ objectId: randomUUID() }, new Date(Date.now() + 60_000))).toMatch(/^http:\/\/localhost:9000\/ikimina-test\/incoming\//);
  });

  it('needs the WHEN_REQUIRED checksum settings: a default client\'s presigned PUT is refused (PROVIDERS.md §8)', async () => {
    const plain = new S3Client({ region: s3.region, endpoint: s3.url, forcePathStyle: true, credentials: s3.credentials });
    const address = await getSignedUrl(plain, new PutObjectCommand({ Bucket: s3.bucket, Key: `incoming/${randomUUID()}` }), { expiresIn: 60 });
    const put = await fetch(address, { method: 'PUT', body: 'real bytes' });
    expect(put.status).toBe(400);
    expect(await put.text()).toContain('BadDigest');
  });
});
