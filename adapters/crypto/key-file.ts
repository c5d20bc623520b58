/**
 * The embedded default of a secret key: a random 32-byte key created once in DATA_DIR, read again
 * by every later start and by the admin CLI (which shares DATA_DIR). Used where no key is
 * configured: the outbox's sealing key, the national ID keys.
 *
 * Guarantees
 * - The file is written whole under a temporary name, then linked into place: link fails when the
 *   key file exists, so the first process (server or CLI) to get here sets the key and no process
 *   ever reads a half-written file. It is created with 0600 permissions.
 * - A file that does not hold a base64 32-byte key is refused with a message naming the file and
 *   the variable that replaces it; it is never overwritten.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const KEY_BYTES = 32;

/** The key in `dataDir/fileName`, created when missing; `variable` names the setting that replaces it. */
export function readOrCreateKeyFile(dataDir: string, fileName: string, variable: string): Buffer {
  const path = join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a base64 32-byte key: remove it to create a new one, or set ${variable}`);
  return key;
}
