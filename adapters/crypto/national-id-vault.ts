/**
 * AesGcmNationalIdVault: national ID numbers encrypted at rest (AES-256-GCM) under versioned keys,
 * and a keyed hash (HMAC-SHA256) of each number for the one-ID-per-account look-up.
 *
 * Guarantees
 * - `seal` uses the active key version and a fresh 96-bit random IV; the ciphertext names its key
 *   version (`nid:<version>:<iv>:<ciphertext>:<tag>`, base64url) and is bound to its row id and
 *   version (additional authenticated data `national_id:<version>:<rowId>`): copied onto another
 *   row, relabelled with another version or altered in any byte, it fails to open.
 * - `open` uses the key of the version the ciphertext names, so rows under an older key stay
 *   readable while that key is configured, until `keys rotate` re-seals them; a version that is
 *   not configured throws, naming it.
 * - `lookupHash` is HMAC-SHA256 of the number (spaces and hyphens removed) under the hash key,
 *   which is separate from every encryption key and is not rotated with them (a new hash key would
 *   need every number re-hashed).
 * - Keys are 32 bytes each: NATIONAL_ID_KEYS / NATIONAL_ID_HASH_KEY when configured, else the
 *   embedded default, version 1 and the hash key in key files created once in DATA_DIR
 *   (adapters/crypto/key-file.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { NationalIdVault, SealedNationalId } from '../../core/identity/ports.ts';
import { KEY_BYTES, readOrCreateKeyFile } from './key-file.ts';

export const NATIONAL_ID_KEY_FILE = 'national-id-encryption.key';
export const NATIONAL_ID_HASH_KEY_FILE = 'national-id-hash.key';

export interface NationalIdKeys {
  /** Every configured encryption key by version. */
  keys: ReadonlyMap<number, Buffer>;
  activeVersion: number;
  hashKey: Buffer;
}

const PREFIX = 'nid';

export class AesGcmNationalIdVault implements NationalIdVault {
  readonly activeKeyVersion: number;

  constructor(private readonly config: NationalIdKeys) {
    for (const [version, key] of config.keys) {
      if (!Number.isInteger(version) || version < 1) throw new Error(`national ID key versions are whole numbers from 1 (got ${version})`);
      if (key.length !== KEY_BYTES) throw new Error(`national ID key version ${version} must be 32 bytes (AES-256)`);
      if (key.equals(config.hashKey)) throw new Error(`the national ID hash key must differ from encryption key version ${version}`);
    }
    if (!config.keys.has(config.activeVersion)) throw new Error(`the active national ID key version ${config.activeVersion} is not among the configured keys`);
    if (config.hashKey.length !== KEY_BYTES) throw new Error('the national ID hash key must be 32 bytes');
    this.activeKeyVersion = config.activeVersion;
  }

  seal(nin: string, rowId: string): SealedNationalId {
    const version = this.activeKeyVersion;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyOf(version), iv);
    cipher.setAAD(aad(version, rowId));
    const sealed = Buffer.concat([cipher.update(nin, 'utf8'), cipher.final()]);
    const parts = [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url'));
    return { ciphertext: [PREFIX, String(version), ...parts].join(':'), keyVersion: version };
  }

  open(ciphertext: string, rowId: string): string {
    const [prefix, versionText, iv, sealed, tag, extra] = ciphertext.split(':');
    const version = Number(versionText);
    if (prefix !== PREFIX || !/^\d+$/.test(versionText ?? '') || !iv || sealed === undefined || !tag || extra !== undefined) throw new Error('not a sealed national ID number');
    const decipher = createDecipheriv('aes-256-gcm', this.keyOf(version), Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(version, rowId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }

  lookupHash(nin: string): string {
    return createHmac('sha256', this.config.hashKey).update(`nin:${nin.replace(/[\s-]/g, '')}`, 'utf8').digest('hex');
  }

  private keyOf(version: number): Buffer {
    const key = this.config.keys.get(version);
    if (!key) throw new Error(`national ID key version ${version} is not configured (NATIONAL_ID_KEYS): it is needed to read numbers sealed under it`);
    return key;
  }
}

function aad(version: number, rowId: string): Buffer {
  return Buffer.from(`national_id:${version}:${rowId}`, 'utf8');
}

/**
 * The configured keys, or the embedded default: encryption key version 1 and the hash key in their
 * key files in `dataDir` (each created when missing). Configured keys come whole: the encryption
 * keys and the hash key together (apps/config.ts refuses one without the other).
 */
export function loadNationalIdKeys(configured: { keys: ReadonlyMap<number, Buffer>; activeVersion: number; hashKey: Buffer } | null, dataDir: string): NationalIdKeys {
  if (configured) return configured;
  return {
    keys: new Map([[1, readOrCreateKeyFile(dataDir, NATIONAL_ID_KEY_FILE, 'NATIONAL_ID_KEYS')]]),
    activeVersion: 1,
    hashKey: readOrCreateKeyFile(dataDir, NATIONAL_ID_HASH_KEY_FILE, 'NATIONAL_ID_HASH_KEY'),
  };
}
