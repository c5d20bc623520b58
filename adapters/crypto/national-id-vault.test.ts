import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AesGcmNationalIdVault, loadNationalIdKeys, NATIONAL_ID_HASH_KEY_FILE, NATIONAL_ID_KEY_FILE } from './national-id-vault.ts';

const NIN = '1199080000001001';
const key = (fill: number) => Buffer.alloc(32, fill);
const vaultWith = (versions: number[], active = Math.max(...versions), hashKey = key(99)) =>
  new AesGcmNationalIdVault({ keys: new Map(versions.map((v) => [v, key(v)])), activeVersion: active, hashKey });

describe('national ID numbers sealed with AES-256-GCM', () => {
  it('opens what it sealed for the same row; the ciphertext names its key version and holds no digit of the number in clear', () => {
    const vault = vaultWith([1]);
    const sealed = vault.seal(NIN, 'row-1');
    expect(sealed.keyVersion).toBe(1);
    expect(sealed.ciphertext).toMatch(/^nid:1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed.ciphertext).not.toContain(NIN);
    expect(vault.open(sealed.ciphertext, 'row-1')).toBe(NIN);
    // A fresh IV each time.
    expect(vault.seal(NIN, 'row-1').ciphertext).not.toBe(sealed.ciphertext);
  });

  it('refuses a ciphertext copied onto another row, relabelled with another version, or altered in any part', () => {
    const vault = vaultWith([1, 2], 2);
    const { ciphertext } = vault.seal(NIN, 'row-1');
    expect(() => vault.open(ciphertext, 'row-2')).toThrow();
    expect(() => vault.open(ciphertext.replace(/^nid:2:/, 'nid:1:'), 'row-1')).toThrow();
    const parts = ciphertext.split(':');
    for (const at of [2, 3, 4]) {
      const bytes = Buffer.from(parts[at]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      const altered = parts.map((p, i) => (i === at ? bytes.toString('base64url') : p)).join(':');
      expect(() => vault.open(altered, 'row-1'), `part ${at}`).toThrow();
    }
    for (const garbage of ['', 'nid', 'v1.a.b.c', `${ciphertext}:extra`, 'nid:x:a:b:c']) expect(() => vault.open(garbage, 'row-1')).toThrow('not a sealed national ID number');
  });

  it('reads rows under an older configured key, seals new ones under the active key, and names a key version that is missing', () => {
    const old = vaultWith([1]).seal(NIN, 'row-1');
    const rotated = vaultWith([1, 2]);
    expect(rotated.activeKeyVersion).toBe(2);
    expect(rotated.open(old.ciphertext, 'row-1')).toBe(NIN);
    expect(rotated.seal(NIN, 'row-1').keyVersion).toBe(2);
    expect(() => vaultWith([2]).open(old.ciphertext, 'row-1')).toThrow('national ID key version 1 is not configured');
    // The active version may be an older one while a new key is being rolled out.
    expect(vaultWith([1, 2], 1).seal(NIN, 'r').keyVersion).toBe(1);
  });

  it('hashes the number under its own key: the same for the same number, differing with the number or the key', () => {
    const vault = vaultWith([1]);
    const hash = vault.lookupHash(NIN);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(vault.lookupHash('1 1990 8 0000001 0 01')).toBe(hash);
    expect(vaultWith([1, 2]).lookupHash(NIN)).toBe(hash);
    expect(vault.lookupHash('1199080000001002')).not.toBe(hash);
    expect(vaultWith([1], 1, key(98)).lookupHash(NIN)).not.toBe(hash);
  });

  it('refuses keys of the wrong length, an active version without its key, and a hash key equal to an encryption key', () => {
    expect(() => new AesGcmNationalIdVault({ keys: new Map([[1, Buffer.alloc(16)]]), activeVersion: 1, hashKey: key(99) })).toThrow('32 bytes');
    expect(() => vaultWith([1], 3)).toThrow('active national ID key version 3');
    expect(() => new AesGcmNationalIdVault({ keys: new Map([[1, key(1)]]), activeVersion: 1, hashKey: Buffer.alloc(8) })).toThrow('hash key must be 32 bytes');
    expect(() => vaultWith([1], 1, key(1))).toThrow('must differ');
    expect(() => new AesGcmNationalIdVault({ keys: new Map([[0, key(1)]]), activeVersion: 0, hashKey: key(99) })).toThrow('whole numbers from 1');
  });
});

describe('the embedded default keys', () => {
  const freshDir = () => mkdtempSync(join(tmpdir(), 'ikimina-nid-'));

  it('uses the configured keys and writes no file', () => {
    const dir = freshDir();
    const configured = { keys: new Map([[2, key(2)]]), activeVersion: 2, hashKey: key(99) };
    expect(loadNationalIdKeys(configured, dir)).toBe(configured);
    expect(() => statSync(join(dir, NATIONAL_ID_KEY_FILE))).toThrow();
  });

  it('creates key version 1 and the hash key once, 0600, and reads the same keys again', () => {
    const dir = freshDir();
    const first = loadNationalIdKeys(null, dir);
    expect(first.activeVersion).toBe(1);
    expect(statSync(join(dir, NATIONAL_ID_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, NATIONAL_ID_HASH_KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = loadNationalIdKeys(null, dir);
    expect(again.keys.get(1)).toEqual(first.keys.get(1));
    expect(again.hashKey).toEqual(first.hashKey);
    expect(first.hashKey).not.toEqual(first.keys.get(1));
    const sealed = new AesGcmNationalIdVault(first).seal(NIN, 'row');
    expect(new AesGcmNationalIdVault(again).open(sealed.ciphertext, 'row')).toBe(NIN);
  });

  it('refuses a key file that does not hold a 32-byte key, naming the variable that replaces it', () => {
    const dir = freshDir();
    writeFileSync(join(dir, NATIONAL_ID_HASH_KEY_FILE), 'short\n');
    expect(() => loadNationalIdKeys(null, dir)).toThrow(/national-id-hash.key does not hold a base64 32-byte key.*NATIONAL_ID_HASH_KEY/);
  });
});
