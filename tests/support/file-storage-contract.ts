/**
 * The `FileStorage` contract (core/uploads/ports.ts), run against every adapter: local disk and
 * S3 (through tests/fakes/s3-server.ts). What one adapter does, the other must do.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../core/uploads/ports.ts';

const keyOf = (folder = 'objects/private') => `${folder}/${randomUUID()}`;
const bytes = (text: string) => new Uint8Array(Buffer.from(text));

export function fileStorageContract(name: string, storage: () => FileStorage): void {
  describe(`${name}: the FileStorage contract`, () => {
    it('keeps, reads, sizes and deletes an object; a missing one is null', async () => {
      const s = storage();
      const key = keyOf();
      expect(await s.get(key)).toBeNull();
      expect(await s.size(key)).toBeNull();
      await s.put(key, bytes('hello photo'), 'image/png');
      expect(Buffer.from((await s.get(key))!).toString()).toBe('hello photo');
      expect(await s.size(key)).toBe(11);
      await s.put(key, bytes('replaced'), 'image/png');
      expect(Buffer.from((await s.get(key))!).toString()).toBe('replaced');
      await s.delete(key);
      expect(await s.get(key)).toBeNull();
      await s.delete(key);
    });

    it('joins the named parts of a multipart upload in order and leaves no part behind', async () => {
      const s = storage();
      const key = keyOf('incoming');
      const uploadId = await s.startMultipart(key);
      expect(await s.listParts(key, uploadId)).toEqual([]);
      const e2 = await s.putPart(key, uploadId, 2, bytes('-world'));
      const e1 = await s.putPart(key, uploadId, 1, bytes('hello'));
      expect(e1).toMatch(/^"[0-9a-f]{32}"$/);
      const listed = await s.listParts(key, uploadId);
      expect(listed).toEqual([
        { partNumber: 1, etag: e1, size: 5 },
        { partNumber: 2, etag: e2, size: 6 },
      ]);
      // Only the last part may be under S3's 5 MiB minimum: one part here.
      expect(await s.completeMultipart(key, uploadId, [{ partNumber: 1, etag: e1! }])).toBe('completed');
      expect(Buffer.from((await s.get(key))!).toString()).toBe('hello');
      expect(await s.listParts(key, uploadId)).toBeNull();
      expect(await s.completeMultipart(key, uploadId, [{ partNumber: 1, etag: e1! }])).toBe('upload_not_found');
    });

    it('refuses a completion naming a missing part, a wrong ETag or parts out of order', async () => {
      const s = storage();
      const key = keyOf('incoming');
      const uploadId = await s.startMultipart(key);
      const e1 = (await s.putPart(key, uploadId, 1, bytes('a')))!;
      const e2 = (await s.putPart(key, uploadId, 2, bytes('b')))!;
      expect(await s.completeMultipart(key, uploadId, [{ partNumber: 3, etag: e1 }])).toBe('invalid_part');
      expect(await s.completeMultipart(key, uploadId, [{ partNumber: 1, etag: e2 }])).toBe('invalid_part');
      expect(await s.completeMultipart(key, uploadId, [{ partNumber: 2, etag: e2 }, { partNumber: 1, etag: e1 }])).toBe('invalid_part');
      expect(await s.get(key)).toBeNull();
      expect((await s.listParts(key, uploadId))?.length).toBe(2);
    });

    it('an aborted upload leaves nothing, and an unknown upload is null, not an error', async () => {
      const s = storage();
      const key = keyOf('incoming');
      const uploadId = await s.startMultipart(key);
      await s.putPart(key, uploadId, 1, bytes('part'));
      await s.abortMultipart(key, uploadId);
      expect(await s.listParts(key, uploadId)).toBeNull();
      expect(await s.putPart(key, uploadId, 2, bytes('late'))).toBeNull();
      expect(await s.get(key)).toBeNull();
      await s.abortMultipart(key, uploadId);
      // An upload id belongs to its key.
      const other = await s.startMultipart(key);
      expect(await s.listParts(keyOf('incoming'), other)).toBeNull();
    });
  });
}
