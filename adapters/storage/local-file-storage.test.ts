import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStorageContract } from '../../tests/support/file-storage-contract.ts';
import { LocalFileStorage } from './local-file-storage.ts';

const root = mkdtempSync(join(tmpdir(), 'ikimina-objects-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

fileStorageContract('LocalFileStorage', () => new LocalFileStorage(root));

describe('LocalFileStorage', () => {
  const storage = new LocalFileStorage(root);

  it('builds no path from a key or upload id outside their server-made shapes', async () => {
    for (const key of ['../etc/passwd', 'objects/private/../../x', '/abs/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c', 'objects/private/not-an-id', '']) {
      await expect(storage.get(key), key).rejects.toThrow(/not an object key/);
      await expect(storage.put(key, new Uint8Array(1), 'image/png'), key).rejects.toThrow(/not an object key/);
    }
    const key = 'incoming/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c';
    expect(await storage.listParts(key, '../../etc')).toBeNull();
    expect(await storage.putPart(key, '../x', 1, new Uint8Array(1))).toBeNull();
    expect(await storage.completeMultipart(key, 'nope', [])).toBe('upload_not_found');
    await storage.abortMultipart(key, '../..');
  });

  it('leaves no temporary file behind', async () => {
    const key = 'objects/public/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6d';
    await storage.put(key, new Uint8Array(10), 'image/png');
    expect(readdirSync(join(root, 'objects', 'public')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
