/**
 * HmacUploadAddresses: the upload addresses of local storage, on this server's own routes, each
 * carrying its expiry and an HMAC-SHA256 signature of what it lets its holder write.
 *
 *   PUT <base>/<objectId>?expires=<unix s>&signature=<base64url>
 *   PUT <base>/<objectId>/parts/<n>?uploadId=<id>&expires=<unix s>&signature=<base64url>
 *
 * Guarantees
 * - The signature covers a version, the object id, the multipart upload id and part number (empty
 *   for a whole object) and the expiry: changing any of them, or using a part's address for the
 *   whole object or another part, fails `verify`.
 * - Signatures are compared in constant time.
 * - The key is 32 bytes: UPLOAD_SIGNING_KEY (base64), else a key file created once in DATA_DIR
 *   (key-file.ts), so addresses given before a restart still work after it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadAddresses, UploadSignatures, UploadTarget } from '../../core/uploads/ports.ts';
import { readOrCreateKeyFile } from './key-file.ts';

export const UPLOAD_KEY_FILE = 'upload-signing.key';

/** The configured key, or the embedded default's key file in `dataDir`. */
export function loadUploadSigningKey(configured: Buffer | null, dataDir: string): Buffer {
  return configured ?? readOrCreateKeyFile(dataDir, UPLOAD_KEY_FILE, 'UPLOAD_SIGNING_KEY');
}

/** Expiries travel in whole seconds. */
export const expirySeconds = (expiresAt: Date) => Math.floor(expiresAt.getTime() / 1000);

export class HmacUploadAddresses implements UploadAddresses, UploadSignatures {
  /**
   * `baseUrl`: where the upload route is, as addresses name it: a path (`/api/objects/uploads`, so
   * that an address works on whatever host the client reached) or an absolute URL.
   */
  constructor(
    private readonly key: Buffer,
    private readonly baseUrl: string,
  ) {
    if (key.length !== 32) throw new Error('the upload signing key must be 32 bytes');
  }

  async addressOf(target: UploadTarget, expiresAt: Date): Promise<string> {
    const query = new URLSearchParams();
    if (target.multipart) query.set('uploadId', target.multipart.uploadId);
    query.set('expires', String(expirySeconds(expiresAt)));
    query.set('signature', this.sign(target, expiresAt));
    const path = target.multipart ? `${target.objectId}/parts/${target.multipart.partNumber}` : target.objectId;
    return `${this.baseUrl}/${path}?${query}`;
  }

  verify(target: UploadTarget, expiresAt: Date, signature: string): boolean {
    const expected = Buffer.from(this.sign(target, expiresAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(target: UploadTarget, expiresAt: Date): string {
    const fields = ['v1', target.objectId, target.multipart?.uploadId ?? '', String(target.multipart?.partNumber ?? ''), String(expirySeconds(expiresAt))];
    return createHmac('sha256', this.key).update(fields.join('\n')).digest('base64url');
  }
}
