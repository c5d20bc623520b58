import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOutboxKey, OUTBOX_KEY_FILE, OutboxSealer } from './outbox-sealer.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ikimina-outbox-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ID = '00000000-0000-4000-8000-000000000001';
const LINK = 'http://ikimina.test/auth/magic-link#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('OutboxSealer (AES-256-GCM)', () => {
  const sealer = new OutboxSealer(Buffer.alloc(32, 1));

  it('opens what it sealed for the same message, and the sealed text holds nothing of the secret', () => {
    const sealed = sealer.seal(LINK, ID);
    expect(sealed).not.toContain('token');
    expect(sealed).not.toContain('abcdefghij');
    expect(sealer.open(sealed, ID)).toBe(LINK);
    // A fresh IV each time: the same secret never seals to the same text.
    expect(sealer.seal(LINK, ID)).not.toBe(sealed);
  });

  it('refuses a value moved to another message, altered, or opened with another key', () => {
    const sealed = sealer.seal(LINK, ID);
    expect(() => sealer.open(sealed, '00000000-0000-4000-8000-000000000002')).toThrow();
    const [v, iv, body = '', tag] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => sealer.open([v, iv, flipped, tag].join('.'), ID)).toThrow();
    expect(() => new OutboxSealer(Buffer.alloc(32, 2)).open(sealed, ID)).toThrow();
    expect(() => sealer.open('not sealed', ID)).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new OutboxSealer(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});

describe('loadOutboxKey', () => {
  it('uses the configured key when there is one, touching no file', () => {
    const dir = freshDir();
    expect(loadOutboxKey(Buffer.alloc(32, 3), dir)).toEqual(Buffer.alloc(32, 3));
    expect(() => statSync(join(dir, OUTBOX_KEY_FILE))).toThrow();
  });

  it('creates a random key file readable by its owner only, and reads the same key afterwards', () => {
    const dir = join(freshDir(), 'nested');
    const first = loadOutboxKey(null, dir);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, OUTBOX_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadOutboxKey(null, dir)).toEqual(first);
    expect(loadOutboxKey(null, freshDir())).not.toEqual(first);
  });

  it('refuses a key file that does not hold a 32-byte key', () => {
    const dir = freshDir();
    writeFileSync(join(dir, OUTBOX_KEY_FILE), 'short\n');
    expect(() => loadOutboxKey(null, dir)).toThrow(/32-byte key/);
  });
});
