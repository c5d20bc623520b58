/**
 * OutboxSealer: AES-256-GCM for the one-time secrets (sign-in and reset links) that wait in the
 * outbox, so that a copy of the database (a dump, a backup, a replica, a stray SELECT) holds no
 * usable link.
 *
 * Guarantees
 * - Each secret is sealed with a fresh 96-bit random IV and bound to its message id (additional
 *   authenticated data): a sealed value copied onto another row, or altered, fails to open.
 * - The key is 32 bytes: OUTBOX_ENCRYPTION_KEY (base64) when set, else the embedded default, a
 *   random key created once in DATA_DIR/outbox-encryption.key (key-file.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { loadOrCreateKey } from './key-file.ts';

const VERSION = 'v1';
export const OUTBOX_KEY_FILE = 'outbox-encryption.key';

export class OutboxSealer {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the outbox encryption key must be 32 bytes (AES-256)');
  }

  seal(secret: string, messageId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(messageId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** Throws when the value was not sealed for this message with this key. */
  open(sealedValue: string, messageId: string): string {
    const [version, iv, sealed, tag] = sealedValue.split('.');
    if (version !== VERSION || !iv || sealed === undefined || !tag) throw new Error('not a sealed outbox secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(messageId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The configured key, or the embedded default's key file in `dataDir` (created when missing). */
export function loadOutboxKey(configured: Buffer | null, dataDir: string): Buffer {
  return loadOrCreateKey(configured, dataDir, { fileName: OUTBOX_KEY_FILE, variable: 'OUTBOX_ENCRYPTION_KEY' });
}
