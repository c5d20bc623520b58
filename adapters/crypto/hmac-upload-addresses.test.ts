import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HmacUploadAddresses, loadUploadSigningKey, UPLOAD_KEY_FILE } from './hmac-upload-addresses.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ID = '0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c';
const BASE = 'https://ikimina.test/api/objects/uploads';
const expiresAt = new Date('2026-11-23T10:15:00Z');
const signer = new HmacUploadAddresses(Buffer.alloc(32, 5), BASE);

const signatureOf = (address: string) => new URL(address).searchParams.get('signature')!;

describe('HmacUploadAddresses', () => {
  it('gives this server\'s address for a whole object and for a part, with expiry and signature', async () => {
    const whole = new URL(await signer.addressOf({ objectId: ID }, expiresAt));
    expect(`${whole.origin}${whole.pathname}`).toBe(`${BASE}/${ID}`);
    expect(whole.searchParams.get('expires')).toBe(String(expiresAt.getTime() / 1000));
    const part = new URL(await signer.addressOf({ objectId: ID, multipart: { uploadId: 'u-1', partNumber: 3 } }, expiresAt));
    expect(part.pathname).toBe(`/api/objects/uploads/${ID}/parts/3`);
    expect(part.searchParams.get('uploadId')).toBe('u-1');
  });

  it('verifies its own signature and nothing altered', async () => {
    const signature = signatureOf(await signer.addressOf({ objectId: ID }, expiresAt));
    expect(signer.verify({ objectId: ID }, expiresAt, signature)).toBe(true);
    expect(signer.verify({ objectId: ID }, new Date(expiresAt.getTime() + 1000), signature)).toBe(false);
    expect(signer.verify({ objectId: ID.replace('0b', '0c') }, expiresAt, signature)).toBe(false);
    expect(signer.verify({ objectId: ID, multipart: { uploadId: 'u-1', partNumber: 1 } }, expiresAt, signature)).toBe(false);
    expect(signer.verify({ objectId: ID }, expiresAt, `${signature.slice(0, -1)}A`)).toBe(false);
    expect(signer.verify({ objectId: ID }, expiresAt, '')).toBe(false);
    expect(new HmacUploadAddresses(Buffer.alloc(32, 6), BASE).verify({ objectId: ID }, expiresAt, signature)).toBe(false);
  });

  it('binds a part\'s signature to its upload and number', async () => {
    const target = { objectId: ID, multipart: { uploadId: 'u-1', partNumber: 2 } };
    const signature = signatureOf(await signer.addressOf(target, expiresAt));
    expect(signer.verify(target, expiresAt, signature)).toBe(true);
    expect(signer.verify({ objectId: ID, multipart: { uploadId: 'u-1', partNumber: 3 } }, expiresAt, signature)).toBe(false);
    expect(signer.verify({ objectId: ID, multipart: { uploadId: 'u-2', partNumber: 2 } }, expiresAt, signature)).toBe(false);
  });

  it('needs a 32-byte key; the default key is a file of DATA_DIR, kept across starts', () => {
    expect(() => new HmacUploadAddresses(Buffer.alloc(16), BASE)).toThrow(/32 bytes/);
    const dir = mkdtempSync(join(tmpdir(), 'ikimina-upload-key-'));
    dirs.push(dir);
    const key = loadUploadSigningKey(null, dir);
    expect(key).toHaveLength(32);
    expect(statSync(join(dir, UPLOAD_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadUploadSigningKey(null, dir)).toEqual(key);
    expect(loadUploadSigningKey(Buffer.alloc(32, 9), dir)).toEqual(Buffer.alloc(32, 9));
  });
});
