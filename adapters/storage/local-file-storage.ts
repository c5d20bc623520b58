/**
 * LocalFileStorage: objects as files under one directory (DATA_DIR/objects by default), the
 * embedded default of `FileStorage`.
 *
 *   <root>/<key>                              an object (objects/<visibility>/<id>, incoming/<id>)
 *   <root>/.multipart/<uploadId>/key          the key a multipart upload will become
 *   <root>/.multipart/<uploadId>/<partNumber> its parts
 *
 * Guarantees
 * - Keys and upload ids are checked against their server-made shapes before any path is built:
 *   no key can reach outside the root.
 * - Every file is written whole under a temporary name, then renamed into place: a reader sees
 *   the old bytes or the new ones, never half of them.
 * - A part's ETag is the quoted MD5 of its bytes, as S3 answers it; completing checks each named
 *   part's ETag, in ascending part order, like S3.
 * - Completing or aborting leaves no part behind.
 * - The content type is not kept here: the object's record holds the type its content showed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileStorage, PartReceipt, UploadedPart } from '../../core/uploads/ports.ts';

const KEY = /^[a-z]+(\/[a-z]+)*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MULTIPART_DIR = '.multipart';

const etagOf = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const unquoted = (etag: string) => etag.replace(/^"|"$/g, '');

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    await this.writeWhole(this.pathOf(key), bytes);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async startMultipart(key: string): Promise<string> {
    this.pathOf(key);
    const uploadId = randomUUID();
    await this.writeWhole(join(this.uploadDir(uploadId), 'key'), Buffer.from(key));
    return uploadId;
  }

  async putPart(key: string, uploadId: string, partNumber: number, bytes: Uint8Array): Promise<string | null> {
    if (!(await this.isUpload(key, uploadId))) return null;
    await this.writeWhole(join(this.uploadDir(uploadId), String(partNumber)), bytes);
    return etagOf(bytes);
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[] | null> {
    if (!(await this.isUpload(key, uploadId))) return null;
    const numbers = (await readdir(this.uploadDir(uploadId))).filter((name) => /^\d+$/.test(name)).map(Number);
    const parts: UploadedPart[] = [];
    for (const partNumber of numbers.sort((a, b) => a - b)) {
      const bytes = await readFile(join(this.uploadDir(uploadId), String(partNumber)));
      parts.push({ partNumber, etag: etagOf(bytes), size: bytes.length });
    }
    return parts;
  }

  async completeMultipart(key: string, uploadId: string, parts: readonly PartReceipt[]): Promise<'completed' | 'invalid_part' | 'upload_not_found'> {
    if (!(await this.isUpload(key, uploadId))) return 'upload_not_found';
    const ascending = parts.every((p, i) => i === 0 || p.partNumber > parts[i - 1]!.partNumber);
    if (parts.length === 0 || !ascending) return 'invalid_part';
    const chunks: Uint8Array[] = [];
    for (const part of parts) {
      const bytes = await readFile(join(this.uploadDir(uploadId), String(part.partNumber))).catch(() => null);
      if (!bytes || unquoted(etagOf(bytes)) !== unquoted(part.etag)) return 'invalid_part';
      chunks.push(bytes);
    }
    await this.writeWhole(this.pathOf(key), Buffer.concat(chunks));
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
    return 'completed';
  }

  async abortMultipart(_key: string, uploadId: string): Promise<void> {
    if (UPLOAD_ID.test(uploadId)) await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not an object key: ${JSON.stringify(key)}`);
    return join(this.root, key);
  }

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`not an upload id: ${JSON.stringify(uploadId)}`);
    return join(this.root, MULTIPART_DIR, uploadId);
  }

  /** Whether `uploadId` is an open upload to `key`. */
  private async isUpload(key: string, uploadId: string): Promise<boolean> {
    if (!UPLOAD_ID.test(uploadId)) return false;
    const recorded = await readFile(join(this.uploadDir(uploadId), 'key'), 'utf8').catch(() => null);
    return recorded === key;
  }

  private async writeWhole(path: string, bytes: Uint8Array): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
