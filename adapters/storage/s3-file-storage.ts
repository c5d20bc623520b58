/**
 * S3FileStorage: objects in an S3 bucket (AWS, MinIO, R2 …), and the presigned addresses clients
 * upload to straight, without passing through this server.
 *
 * Guarantees
 * - The client is made as PROVIDERS.md §8 says: path-style, and checksums only WHEN_REQUIRED.
 *   Without those two settings, presigned PUT and UploadPart URLs carry the CRC of an empty body
 *   and MinIO and R2 refuse the real upload (aws-sdk-js-v3#6810).
 * - Presigned URLs sign only the host: the type and size of what is PUT are not enforced by
 *   them, so the core checks every object by content before it is stored under its own key
 *   (core/uploads/settle-upload.ts).
 * - A presigned URL is made by a client pointed at `publicEndpoint` when one is set (what the
 *   browser reaches, e.g. http://localhost:9000), while the server talks to `endpoint` (e.g.
 *   http://minio:9000 inside docker compose); it never outlives its expiry nor 7 days (S3's cap).
 * - ListParts is followed through every page.
 * - "Not found" answers (NoSuchKey, NotFound, NoSuchUpload) are values (null, 'upload_not_found');
 *   any other failure is thrown (an infrastructure fault).
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { incomingKeyOf } from '../../core/uploads/object-path.ts';
import type { FileStorage, PartReceipt, UploadAddresses, UploadedPart, UploadTarget } from '../../core/uploads/ports.ts';

export interface S3Settings {
  /** Null: AWS's own endpoint for the region. */
  endpoint: string | null;
  /** Where clients reach the storage, for presigned URLs; null: `endpoint`. */
  publicEndpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3 refuses presigned URLs valid for longer than 7 days. */
const MAX_PRESIGN_SECONDS = 604_800;

function clientFor(settings: S3Settings, endpoint: string | null): S3Client {
  return new S3Client({
    region: settings.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown, ...names: string[]): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return names.includes(e.name ?? '') || names.includes(e.Code ?? '') || (names.includes('NotFound') && e.$metadata?.httpStatusCode === 404);
}

export class S3FileStorage implements FileStorage, UploadAddresses {
  private readonly client: S3Client;
  private readonly presigner: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.client = clientFor(settings, settings.endpoint);
    this.presigner = settings.publicEndpoint && settings.publicEndpoint !== settings.endpoint ? clientFor(settings, settings.publicEndpoint) : this.client;
    this.bucket = settings.bucket;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array(0);
    } catch (error) {
      if (isMissing(error, 'NoSuchKey', 'NotFound')) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error, 'NoSuchKey', 'NotFound')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async startMultipart(key: string): Promise<string> {
    const answer = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    if (!answer.UploadId) throw new Error('S3 answered CreateMultipartUpload without an UploadId');
    return answer.UploadId;
  }

  async putPart(key: string, uploadId: string, partNumber: number, bytes: Uint8Array): Promise<string | null> {
    try {
      const answer = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: bytes, ContentLength: bytes.length }));
      return answer.ETag ?? null;
    } catch (error) {
      if (isMissing(error, 'NoSuchUpload')) return null;
      throw error;
    }
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[] | null> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
        for (const p of page.Parts ?? []) parts.push({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0 });
        if (!page.IsTruncated || !page.NextPartNumberMarker) return parts;
        marker = page.NextPartNumberMarker;
      }
    } catch (error) {
      if (isMissing(error, 'NoSuchUpload')) return null;
      throw error;
    }
  }

  async completeMultipart(key: string, uploadId: string, parts: readonly PartReceipt[]): Promise<'completed' | 'invalid_part' | 'upload_not_found'> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
      return 'completed';
    } catch (error) {
      if (isMissing(error, 'NoSuchUpload')) return 'upload_not_found';
      if (isMissing(error, 'InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'MalformedXML')) return 'invalid_part';
      throw error;
    }
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!isMissing(error, 'NoSuchUpload')) throw error;
    }
  }

  /** A presigned PUT of the object's incoming key, or of one part of its multipart upload. */
  async addressOf(target: UploadTarget, expiresAt: Date): Promise<string> {
    const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)));
    const Key = incomingKeyOf(target.objectId);
    if (!target.multipart) return getSignedUrl(this.presigner, new PutObjectCommand({ Bucket: this.bucket, Key }), { expiresIn });
    const { uploadId, partNumber } = target.multipart;
    return getSignedUrl(this.presigner, new UploadPartCommand({ Bucket: this.bucket, Key, UploadId: uploadId, PartNumber: partNumber }), { expiresIn });
  }
}
