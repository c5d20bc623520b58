import { describe, expect, it } from 'vitest';
import { incomingKeyOf, objectKeyOf } from './object-path.ts';
import { ABANDONED_AFTER_MS } from './prune-abandoned-uploads.ts';
import { addressParts, bodyOf, image, uploadsWorld } from './uploads.fixtures.ts';

describe('pruning abandoned uploads', () => {
  it('forgets pending objects a day past their expiry, with their unchecked bytes and open multipart uploads; never a stored one', async () => {
    const w = uploadsWorld();
    const stored = await w.requestUploadAddress.execute({ ownerId: 'amina', visibility: 'private' });
    const abandoned = await w.requestUploadAddress.execute({ ownerId: 'amina', visibility: 'private' });
    const started = await w.startMultipartUpload.execute({ ownerId: 'amina', visibility: 'public' });
    if (!stored.ok || !abandoned.ok || !started.ok) throw new Error('setup');
    await w.receiveUpload.execute({ ...addressParts(stored.value.uploadURL), body: bodyOf(image('png')) });
    const abandonedId = addressParts(abandoned.value.uploadURL).objectId;
    await w.storage.put(incomingKeyOf(abandonedId), new Uint8Array(5), 'image/png');
    const multipartId = started.value.key.split('/').at(-1)!;
    await w.storage.putPart(incomingKeyOf(multipartId), started.value.uploadId, 1, new Uint8Array(3));

    expect(await w.pruneAbandonedUploads.execute()).toEqual({ pruned: 0 });
    w.clock.set(new Date(stored.value.expiresAt.getTime() + ABANDONED_AFTER_MS - 1));
    expect(await w.pruneAbandonedUploads.execute()).toEqual({ pruned: 0 });
    w.clock.set(new Date(stored.value.expiresAt.getTime() + ABANDONED_AFTER_MS + 1));
    expect(await w.pruneAbandonedUploads.execute()).toEqual({ pruned: 2 });

    expect([...w.objects.rows.keys()]).toEqual([addressParts(stored.value.uploadURL).objectId]);
    expect([...w.storage.objects.keys()]).toEqual([objectKeyOf('private', addressParts(stored.value.uploadURL).objectId)]);
    expect(w.storage.uploads.size).toBe(0);
    expect(await w.pruneAbandonedUploads.execute()).toEqual({ pruned: 0 });
  });
});
