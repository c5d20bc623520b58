import { describe, expect, it } from 'vitest';
import { incomingKeyOf, objectKeyOf } from './object-path.ts';
import { PHOTO_MAX_BYTES } from './ports.ts';
import { addressParts, bodyOf, image, uploadsWorld, type UploadsWorld } from './uploads.fixtures.ts';

async function addressFor(w: UploadsWorld, ownerId: string, visibility: 'private' | 'public' = 'private') {
  const given = await w.requestUploadAddress.execute({ ownerId, visibility });
  if (!given.ok) throw new Error(given.error);
  return given.value;
}

async function upload(w: UploadsWorld, address: string, bytes: Uint8Array) {
  return w.receiveUpload.execute({ ...addressParts(address), body: bodyOf(bytes) });
}

describe('an upload address', () => {
  it('records the object as the member\'s, pending, before it is given, and expires after the policy\'s lifetime', async () => {
    const w = uploadsWorld();
    const amina = w.member('amina');
    const given = await addressFor(w, amina, 'public');
    const { objectId, expiresAt } = addressParts(given.uploadURL);
    expect(given.objectPath).toBe(`/objects/public/${objectId}`);
    expect(expiresAt.getTime() - w.clock.now().getTime()).toBe(900_000);
    expect(w.objects.rows.get(objectId)).toMatchObject({ ownerId: amina, visibility: 'public', status: 'pending', size: null });
  });

  it('is given at most addressesPerHour times an hour per member', async () => {
    const w = uploadsWorld({ addressLifetimeSeconds: 60, addressesPerHour: 2 });
    await addressFor(w, 'amina');
    await addressFor(w, 'amina');
    expect(await w.requestUploadAddress.execute({ ownerId: 'amina', visibility: 'private' })).toEqual({ ok: false, error: 'too_many_uploads' });
    expect((await w.requestUploadAddress.execute({ ownerId: 'jean', visibility: 'private' })).ok).toBe(true);
    w.clock.set(new Date(w.clock.now().getTime() + 3_600_001));
    expect((await w.requestUploadAddress.execute({ ownerId: 'amina', visibility: 'private' })).ok).toBe(true);
  });
});

describe('receiving an upload at this server', () => {
  it('stores an accepted image under the object\'s key, with the type its content shows', async () => {
    const w = uploadsWorld();
    const { uploadURL, objectPath } = await addressFor(w, 'amina');
    const received = await upload(w, uploadURL, image('webp'));
    expect(received).toMatchObject({ ok: true, value: { path: objectPath, contentType: 'image/webp', size: 16, ownerId: 'amina' } });
    const { objectId } = addressParts(uploadURL);
    expect(w.storage.objects.get(objectKeyOf('private', objectId))?.contentType).toBe('image/webp');
    expect(w.objects.rows.get(objectId)?.status).toBe('stored');
  });

  it('stores the re-encoded image, never the bytes received: what rode along is not kept, and a retry is recognised', async () => {
    const w = uploadsWorld();
    const { uploadURL } = await addressFor(w, 'amina');
    const polyglot = new TextEncoder().encode('jpg:pixels|<script>alert(1)</script>');
    const received = await upload(w, uploadURL, polyglot);
    expect(received).toMatchObject({ ok: true, value: { contentType: 'image/jpeg', size: 'jpg:pixels'.length } });
    expect(w.storage.objects.get(objectKeyOf('private', addressParts(uploadURL).objectId))?.bytes).toEqual(new TextEncoder().encode('jpg:pixels'));
    // The same bytes again: the same image, the same answer.
    expect(await upload(w, uploadURL, polyglot)).toEqual(received);
  });

  it('refuses an altered signature or expiry, and an expired address, before reading the body', async () => {
    const w = uploadsWorld();
    const { uploadURL } = await addressFor(w, 'amina');
    const parts = addressParts(uploadURL);
    let read = false;
    const body = async () => ((read = true), image('png'));
    expect(await w.receiveUpload.execute({ ...parts, signature: `${parts.signature}x`, body })).toEqual({ ok: false, error: 'upload_signature_invalid' });
    expect(await w.receiveUpload.execute({ ...parts, expiresAt: new Date(parts.expiresAt.getTime() + 1000), body })).toEqual({ ok: false, error: 'upload_signature_invalid' });
    expect(await w.receiveUpload.execute({ ...parts, objectId: '00000000-0000-4000-8000-000000000099', body })).toEqual({ ok: false, error: 'upload_signature_invalid' });
    w.clock.set(new Date(parts.expiresAt.getTime() + 1));
    expect(await w.receiveUpload.execute({ ...parts, body })).toEqual({ ok: false, error: 'upload_url_expired' });
    expect(read).toBe(false);
  });

  it('refuses what is not an accepted image, or too large, and keeps nothing', async () => {
    const w = uploadsWorld();
    for (const [bytes, error] of [
      [new TextEncoder().encode('MZ executable'), 'unsupported_media_type'],
      [new Uint8Array(0), 'unsupported_media_type'],
      [image('png', PHOTO_MAX_BYTES + 1), 'upload_too_large'],
    ] as const) {
      const { uploadURL } = await addressFor(w, 'amina');
      expect(await upload(w, uploadURL, bytes)).toEqual({ ok: false, error });
      expect(w.objects.rows.get(addressParts(uploadURL).objectId)?.status).toBe('pending');
    }
    expect(w.storage.objects.size).toBe(0);
  });

  it('accepts exactly PHOTO_MAX_BYTES', async () => {
    const w = uploadsWorld();
    const { uploadURL } = await addressFor(w, 'amina');
    expect((await upload(w, uploadURL, image('jpg', PHOTO_MAX_BYTES))).ok).toBe(true);
  });

  it('never overwrites a stored object: the same bytes again are a retry, others are refused', async () => {
    const w = uploadsWorld();
    const { uploadURL } = await addressFor(w, 'amina');
    const first = await upload(w, uploadURL, image('png'));
    expect(await upload(w, uploadURL, image('png'))).toEqual(first);
    expect(await upload(w, uploadURL, image('jpg'))).toEqual({ ok: false, error: 'object_already_received' });
    expect(await upload(w, uploadURL, image('png', 17))).toEqual({ ok: false, error: 'object_already_received' });
    expect(w.storage.objects.get(objectKeyOf('private', addressParts(uploadURL).objectId))?.contentType).toBe('image/png');
  });

  it('answers object_not_found for an object no longer recorded, or one that takes parts', async () => {
    const w = uploadsWorld();
    const { uploadURL } = await addressFor(w, 'amina');
    w.objects.rows.delete(addressParts(uploadURL).objectId);
    expect(await upload(w, uploadURL, image('png'))).toEqual({ ok: false, error: 'object_not_found' });
    const started = await w.startMultipartUpload.execute({ ownerId: 'amina', visibility: 'private' });
    const objectId = started.ok ? started.value.key.split('/').at(-1)! : '';
    const address = await w.signatures.addressOf({ objectId }, new Date(w.clock.now().getTime() + 1000));
    expect(await upload(w, address, image('png'))).toEqual({ ok: false, error: 'object_not_found' });
  });
});

describe('claiming an image (MemberImages.ownedImage)', () => {
  it('answers the member\'s stored image by any of its addresses', async () => {
    const w = uploadsWorld();
    const { uploadURL, objectPath } = await addressFor(w, 'amina', 'public');
    await upload(w, uploadURL, image('png'));
    for (const address of [uploadURL, objectPath, `/api${objectPath}`, `https://ikimina.rw/api${objectPath}`]) {
      expect(await w.images.ownedImage('amina', address)).toMatchObject({ ok: true, value: { path: objectPath, visibility: 'public', contentType: 'image/png' } });
    }
  });

  it('answers object_not_found for someone else\'s, an unknown, a not uploaded one, or the other visibility', async () => {
    const w = uploadsWorld();
    const { uploadURL, objectPath } = await addressFor(w, 'amina');
    await upload(w, uploadURL, image('png'));
    const pending = await addressFor(w, 'amina');
    for (const [who, address] of [
      ['jean', objectPath],
      ['amina', objectPath.replace('private', 'public')],
      ['amina', '/objects/private/00000000-0000-4000-8000-000000000999'],
      ['amina', 'not an address'],
      ['amina', pending.objectPath],
    ] as const) {
      expect(await w.images.ownedImage(who, address), `${who} ${address}`).toEqual({ ok: false, error: 'object_not_found' });
    }
  });

  it('checks bytes sent straight to the storage on the first claim, and deletes refused ones', async () => {
    const w = uploadsWorld();
    const good = await addressFor(w, 'amina');
    const goodId = addressParts(good.uploadURL).objectId;
    await w.storage.put(incomingKeyOf(goodId), image('jpg'), 'text/html');
    expect(await w.images.ownedImage('amina', good.uploadURL)).toMatchObject({ ok: true, value: { contentType: 'image/jpeg', size: 16 } });
    expect(w.storage.objects.has(incomingKeyOf(goodId))).toBe(false);
    expect(w.storage.objects.get(objectKeyOf('private', goodId))?.contentType).toBe('image/jpeg');
    expect(await w.images.ownedImage('amina', good.objectPath)).toMatchObject({ ok: true });

    for (const [bytes, error] of [
      [new TextEncoder().encode('<svg onload=alert(1)>'), 'unsupported_media_type'],
      [new Uint8Array(0), 'unsupported_media_type'],
      [image('png', PHOTO_MAX_BYTES + 1), 'upload_too_large'],
    ] as const) {
      const bad = await addressFor(w, 'amina');
      const id = addressParts(bad.uploadURL).objectId;
      await w.storage.put(incomingKeyOf(id), bytes, 'image/png');
      expect(await w.images.ownedImage('amina', bad.objectPath)).toEqual({ ok: false, error });
      expect(w.storage.objects.has(incomingKeyOf(id))).toBe(false);
      expect(w.objects.rows.get(id)?.status).toBe('pending');
    }
  });

  it('stores the re-encoded image of bytes sent straight to the storage, and deletes what was sent', async () => {
    const w = uploadsWorld();
    const given = await addressFor(w, 'amina');
    const id = addressParts(given.uploadURL).objectId;
    await w.storage.put(incomingKeyOf(id), new TextEncoder().encode('png:pixels|<html>'), 'image/png');
    expect(await w.images.ownedImage('amina', given.objectPath)).toMatchObject({ ok: true, value: { contentType: 'image/png', size: 'png:pixels'.length } });
    expect(w.storage.objects.get(objectKeyOf('private', id))?.bytes).toEqual(new TextEncoder().encode('png:pixels'));
    expect(w.storage.objects.has(incomingKeyOf(id))).toBe(false);
  });

  it('stores what a concurrent claim stored first, once', async () => {
    const w = uploadsWorld();
    const given = await addressFor(w, 'amina');
    const id = addressParts(given.uploadURL).objectId;
    await w.storage.put(incomingKeyOf(id), image('png'), 'image/png');
    const record = (await w.objects.find(id))!;
    // A second claim that read the record before the first one stored it.
    await w.images.ownedImage('amina', given.objectPath);
    await w.storage.put(incomingKeyOf(id), image('webp'), 'image/webp');
    const { settleUpload } = await import('./settle-upload.ts');
    const late = await settleUpload({ objects: w.objects, storage: w.storage, reencoder: { reencode: async (bytes) => ({ ok: true, value: { contentType: 'image/webp', bytes } }) }, clock: w.clock, uow: { run: (f) => f() } }, record);
    expect(late).toMatchObject({ ok: true, value: { contentType: 'image/png' } });
    expect(w.storage.objects.get(objectKeyOf('private', id))?.contentType).toBe('image/png');
  });
});

describe('images the server keeps itself (MemberImages.storeForMember) and reads back (read)', () => {
  it('keeps an accepted image as the member\'s object under a new id and reads its bytes', async () => {
    const w = uploadsWorld();
    const kept = await w.images.storeForMember('amina', image('jpg', 40), 'private');
    expect(kept).toMatchObject({ ok: true, value: { visibility: 'private', ownerId: 'amina', contentType: 'image/jpeg', size: 40 } });
    if (!kept.ok) return;
    expect(await w.images.read(kept.value.path)).toEqual(image('jpg', 40));
    expect(await w.images.ownedImage('amina', kept.value.path)).toEqual(kept);
    // The registry's photo is re-encoded like an upload.
    const registry = await w.images.storeForMember('amina', new TextEncoder().encode('jpg:face|trailer'), 'private');
    expect(registry.ok && (await w.images.read(registry.value.path))).toEqual(new TextEncoder().encode('jpg:face'));
  });

  it('keeps nothing that is not an accepted image', async () => {
    const w = uploadsWorld();
    expect(await w.images.storeForMember('amina', new TextEncoder().encode('GIF89a'), 'private')).toEqual({ ok: false, error: 'unsupported_media_type' });
    expect(await w.images.storeForMember('amina', image('png', PHOTO_MAX_BYTES + 1), 'private')).toEqual({ ok: false, error: 'upload_too_large' });
    expect(w.objects.rows.size + w.storage.objects.size).toBe(0);
  });

  it('fails loudly when asked for a path it never stored', async () => {
    const w = uploadsWorld();
    const pending = await addressFor(w, 'amina');
    await expect(w.images.read(pending.objectPath)).rejects.toThrow(/no stored object/);
    await expect(w.images.read('nonsense')).rejects.toThrow(/no stored object/);
  });
});

describe('reading an object at its served URL', () => {
  it('serves a public object to anyone and a private one to its owner only, the same 404 otherwise', async () => {
    const w = uploadsWorld();
    const pub = await addressFor(w, 'amina', 'public');
    const priv = await addressFor(w, 'amina', 'private');
    await upload(w, pub.uploadURL, image('png'));
    await upload(w, priv.uploadURL, image('jpg'));
    const pending = await addressFor(w, 'amina', 'public');
    const idOf = (a: { uploadURL: string }) => addressParts(a.uploadURL).objectId;
    for (const readerId of [null, 'jean', 'amina']) {
      expect(await w.readMemberObject.execute({ visibility: 'public', id: idOf(pub), readerId })).toMatchObject({ ok: true, value: { object: { contentType: 'image/png' } } });
    }
    expect(await w.readMemberObject.execute({ visibility: 'private', id: idOf(priv), readerId: 'amina' })).toMatchObject({ ok: true, value: { bytes: image('jpg') } });
    for (const [visibility, id, readerId] of [
      ['private', idOf(priv), 'jean'],
      ['private', idOf(priv), null],
      ['public', idOf(priv), 'amina'],
      ['private', idOf(pub), 'amina'],
      ['public', idOf(pending), 'amina'],
      ['public', '00000000-0000-4000-8000-000000000999', null],
    ] as const) {
      expect(await w.readMemberObject.execute({ visibility, id, readerId })).toEqual({ ok: false, error: 'object_not_found' });
    }
  });

  it('fails loudly when a stored object lost its bytes', async () => {
    const w = uploadsWorld();
    const pub = await addressFor(w, 'amina', 'public');
    await upload(w, pub.uploadURL, image('png'));
    w.storage.objects.clear();
    await expect(w.readMemberObject.execute({ visibility: 'public', id: addressParts(pub.uploadURL).objectId, readerId: null })).rejects.toThrow(/no bytes/);
  });
});

describe('setting the profile photo', () => {
  it('saves the served URL of the member\'s own public image', async () => {
    const w = uploadsWorld();
    const amina = w.member('amina');
    const pub = await addressFor(w, amina, 'public');
    await upload(w, pub.uploadURL, image('png'));
    const set = await w.setProfilePhoto.execute({ memberId: amina, photoURL: pub.uploadURL });
    expect(set).toEqual({ ok: true, value: { objectPath: pub.objectPath, photoURL: `/api${pub.objectPath}` } });
    expect(w.accounts.users.get(amina)?.profilePhotoUrl).toBe(`/api${pub.objectPath}`);
  });

  it('refuses a private image, someone else\'s, or a refused content, and changes nothing', async () => {
    const w = uploadsWorld();
    const amina = w.member('amina');
    const jean = w.member('jean');
    const priv = await addressFor(w, amina, 'private');
    await upload(w, priv.uploadURL, image('png'));
    const jeans = await addressFor(w, jean, 'public');
    await upload(w, jeans.uploadURL, image('png'));
    const bad = await addressFor(w, amina, 'public');
    await w.storage.put(incomingKeyOf(addressParts(bad.uploadURL).objectId), new Uint8Array(3), 'image/png');
    expect(await w.setProfilePhoto.execute({ memberId: amina, photoURL: priv.objectPath })).toEqual({ ok: false, error: 'profile_photo_not_public' });
    expect(await w.setProfilePhoto.execute({ memberId: amina, photoURL: jeans.objectPath })).toEqual({ ok: false, error: 'object_not_found' });
    expect(await w.setProfilePhoto.execute({ memberId: amina, photoURL: bad.objectPath })).toEqual({ ok: false, error: 'unsupported_media_type' });
    expect(w.accounts.users.get(amina)?.profilePhotoUrl).toBeNull();
  });

  it('answers object_not_found for an account that no longer exists', async () => {
    const w = uploadsWorld();
    const pub = await addressFor(w, 'ghost', 'public');
    await upload(w, pub.uploadURL, image('png'));
    expect(await w.setProfilePhoto.execute({ memberId: 'ghost', photoURL: pub.objectPath })).toEqual({ ok: false, error: 'object_not_found' });
  });
});
