/**
 * The embedded default of a secret key: the configured key when there is one, else a random key
 * created once in a file of DATA_DIR and read again by every later start (and by the admin CLI,
 * which shares DATA_DIR). Used by the outbox sealer and the upload address signer.
 *
 * Guarantees
 * - The file holds 32 random bytes in base64 and is readable by its owner only (0600).
 * - It is written whole under a temporary name, then linked into place: link fails when the file
 *   exists, so the first process to get here sets the key and no process ever reads a half-written
 *   file.
 * - A file that does not hold a 32-byte key is refused, naming the variable that replaces it.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyFile {
  /** The file's name in `dataDir`. */
  fileName: string;
  /** The environment variable that sets the key instead, for the error message. */
  variable: string;
}

export function loadOrCreateKey(configured: Buffer | null, dataDir: string, file: KeyFile): Buffer {
  if (configured) return configured;
  const path = join(dataDir, file.fileName);
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${path} does not hold a base64 32-byte key: remove it to create a new one, or set ${file.variable}`);
  return key;
}
