import { describe, expect, it } from 'vitest';
import { incomingKeyOf, objectKeyOf } from './object-path.ts';
import { PHOTO_MAX_BYTES } from './ports.ts';
import { addressParts, bodyOf, image, uploadsWorld, type UploadsWorld } from './uploads.fixtures.ts';

async function start(w: UploadsWorld, ownerId = 'amina', visibility: 'private' | 'public' = 'private') {
  const started = await w.startMultipartUpload.execute({ ownerId, visibility });
  if (!started.ok) throw new Error(started.error);
  return { ...started.value, objectId: started.value.key.split('/').at(-1)! };
}

async function sendPart(w: UploadsWorld, up: { uploadId: string; key: string }, partNumber: number, bytes: Uint8Array, ownerId = 'amina') {
  const signed = await w.signUploadParts.execute({ ownerId, uploadId: up.uploadId, key: up.key, partNumbers: [partNumber] });
  if (!signed.ok) throw new Error(signed.error);
  const parts = addressParts(signed.value.addresses.get(partNumber)!);
  return w.receiveUploadPart.execute({ objectId: parts.objectId, uploadId: up.uploadId, partNumber, expiresAt: parts.expiresAt, signature: parts.signature, body: bodyOf(bytes) });
}

describe('a multipart upload', () => {
  it('gets a server-chosen key recorded as the member\'s, and counts against the hourly allowance', async () => {
    const w = uploadsWorld({ addressLifetimeSeconds: 60, addressesPerHour: 1 });
    const up = await start(w, 'amina', 'public');
    expect(up.key).toMatch(/^objects\/public\/[0-9a-f-]{36}$/);
    expect(w.objects.rows.get(up.objectId)).toMatchObject({ ownerId: 'amina', status: 'pending', uploadId: up.uploadId });
    expect(await w.startMultipartUpload.execute({ ownerId: 'amina', visibility: 'private' })).toEqual({ ok: false, error: 'too_many_uploads' });
  });

  it('lists, signs, completes and checks the joined image', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    const whole = image('png', 30);
    expect(await sendPart(w, up, 2, whole.subarray(10))).toMatchObject({ ok: true });
    expect(await sendPart(w, up, 1, whole.subarray(0, 10))).toMatchObject({ ok: true });
    const listed = await w.listUploadParts.execute({ ownerId: 'amina', uploadId: up.uploadId, key: up.key });
    expect(listed.ok && listed.value.map((p) => [p.partNumber, p.size])).toEqual([
      [1, 10],
      [2, 20],
    ]);
    const parts = listed.ok ? listed.value.map(({ partNumber, etag }) => ({ partNumber, etag })) : [];
    const done = await w.completeMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId, key: up.key, parts });
    expect(done).toMatchObject({ ok: true, value: { path: `/objects/private/${up.objectId}`, contentType: 'image/png', size: 30 } });
    expect(w.storage.objects.get(objectKeyOf('private', up.objectId))?.bytes).toEqual(whole);
    expect(w.storage.objects.has(incomingKeyOf(up.objectId))).toBe(false);
  });

  it('refuses a joined content that is not an image, deleting it; an abort then leaves nothing', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    const part = await sendPart(w, up, 1, new TextEncoder().encode('<svg/>'));
    const etag = part.ok ? part.value.etag : '';
    expect(await w.completeMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId, parts: [{ partNumber: 1, etag }] })).toEqual({ ok: false, error: 'unsupported_media_type' });
    expect(w.storage.objects.size).toBe(0);
    expect((await w.abortMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId })).ok).toBe(true);
    expect(w.objects.rows.size).toBe(0);
  });

  it('refuses parts beyond PHOTO_MAX_BYTES in all, before keeping them or joining them', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    expect(await sendPart(w, up, 1, image('png', PHOTO_MAX_BYTES - 10))).toMatchObject({ ok: true });
    expect(await sendPart(w, up, 2, new Uint8Array(11))).toEqual({ ok: false, error: 'upload_too_large' });
    // Replacing a part counts it once.
    expect(await sendPart(w, up, 1, image('png', PHOTO_MAX_BYTES))).toMatchObject({ ok: true });
    // A storage that took more (S3 parts go straight to the bucket) is refused at completion.
    await w.storage.putPart(incomingKeyOf(up.objectId), up.uploadId, 2, new Uint8Array(1));
    const listed = await w.listUploadParts.execute({ ownerId: 'amina', uploadId: up.uploadId });
    const parts = listed.ok ? listed.value.map(({ partNumber, etag }) => ({ partNumber, etag })) : [];
    expect(await w.completeMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId, parts })).toEqual({ ok: false, error: 'upload_too_large' });
    expect(w.storage.uploads.size).toBe(1);
  });

  it('answers invalid_part for a part never received or a wrong ETag', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    await sendPart(w, up, 1, image('png'));
    expect(await w.completeMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId, parts: [{ partNumber: 2, etag: '"x"' }] })).toEqual({ ok: false, error: 'invalid_part' });
    expect(await w.completeMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId, parts: [{ partNumber: 1, etag: '"x"' }] })).toEqual({ ok: false, error: 'invalid_part' });
  });

  it('is nobody else\'s: every operation by another member, with another key or an unknown id answers upload_not_found', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    const other = await start(w, 'jean');
    for (const input of [
      { ownerId: 'jean', uploadId: up.uploadId },
      { ownerId: 'amina', uploadId: up.uploadId, key: other.key },
      { ownerId: 'amina', uploadId: 'upload-404' },
    ]) {
      expect(await w.listUploadParts.execute(input)).toEqual({ ok: false, error: 'upload_not_found' });
      expect(await w.signUploadParts.execute({ ...input, partNumbers: [1] })).toEqual({ ok: false, error: 'upload_not_found' });
      expect(await w.completeMultipartUpload.execute({ ...input, parts: [{ partNumber: 1, etag: '"x"' }] })).toEqual({ ok: false, error: 'upload_not_found' });
      expect(await w.abortMultipartUpload.execute(input)).toEqual({ ok: false, error: 'upload_not_found' });
    }
    expect(w.objects.rows.size).toBe(2);
  });

  it('takes a part only at its own signed address, before it expires, while the upload is open', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    const signed = await w.signUploadParts.execute({ ownerId: 'amina', uploadId: up.uploadId, partNumbers: [1, 2] });
    const one = addressParts(signed.ok ? signed.value.addresses.get(1)! : '');
    const input = { objectId: up.objectId, uploadId: up.uploadId, partNumber: 1, expiresAt: one.expiresAt, signature: one.signature, body: bodyOf(image('png')) };
    expect(await w.receiveUploadPart.execute({ ...input, partNumber: 2 })).toEqual({ ok: false, error: 'upload_signature_invalid' });
    w.clock.set(new Date(one.expiresAt.getTime() + 1));
    expect(await w.receiveUploadPart.execute(input)).toEqual({ ok: false, error: 'upload_url_expired' });
    w.clock.set(new Date(one.expiresAt.getTime() - 1));
    w.storage.uploads.clear();
    expect(await w.receiveUploadPart.execute(input)).toEqual({ ok: false, error: 'upload_not_found' });
    w.objects.rows.clear();
    expect(await w.receiveUploadPart.execute(input)).toEqual({ ok: false, error: 'upload_not_found' });
  });

  it('answers upload_not_found when the storage no longer knows the upload', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    w.storage.uploads.clear();
    expect(await w.listUploadParts.execute({ ownerId: 'amina', uploadId: up.uploadId })).toEqual({ ok: false, error: 'upload_not_found' });
    expect(await w.completeMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId, parts: [] })).toEqual({ ok: false, error: 'upload_not_found' });
  });

  it('aborting leaves nothing: no parts, no bytes, no record', async () => {
    const w = uploadsWorld();
    const up = await start(w);
    await sendPart(w, up, 1, image('png'));
    expect(await w.abortMultipartUpload.execute({ ownerId: 'amina', uploadId: up.uploadId, key: up.key })).toEqual({ ok: true, value: undefined });
    expect([w.storage.uploads.size, w.storage.objects.size, w.objects.rows.size]).toEqual([0, 0, 0]);
  });
});
