/**
 * Fake S3: a real HTTP server on 127.0.0.1 speaking the part of the S3 REST protocol the app
 * uses, path-style (`/<bucket>/<key>`), for the S3 adapter's tests. Written here because neither
 * s3rver 3.7.1 nor @20minutes/s3rver answers ListParts or AbortMultipartUpload (their routers
 * answer MethodNotAllowed), which the companion routes need.
 *
 * Usage
 *   const s3 = await startFakeS3({ bucket: 'ikimina' });   // options: FakeS3Options
 *   s3.url, s3.credentials, s3.region, s3.bucket             // what the S3 client is given
 *   s3.objects / s3.uploads                                  // what is stored, for "nothing left" checks
 *   s3.requests                                              // `${method} ${operation}` of each request
 *   await s3.stop();
 *
 * Guarantees (the checks S3 and MinIO make, so the adapter's tests can fail)
 * - Every request is signed with Signature Version 4 for service `s3`, by the Authorization
 *   header or by a presigned URL's query; the signature is recomputed from the canonical request
 *   (method, path as sent, sorted query, signed headers, payload hash) and compared: any change
 *   answers 403 SignatureDoesNotMatch. A header-signed payload hash must match the body
 *   (400 XAmzContentSHA256Mismatch); streaming (aws-chunked) payloads are refused, they are not
 *   used here.
 * - A presigned URL past X-Amz-Date + X-Amz-Expires answers 403 AccessDenied "Request has expired".
 * - An `x-amz-checksum-crc32` (header or signed query) must be the CRC32 of the body, else 400
 *   BadDigest: a presigned PUT carrying the checksum of an empty body fails as on MinIO and R2
 *   (PROVIDERS.md §8: the client must be built with the two WHEN_REQUIRED settings).
 * - Operations: PutObject, GetObject, HeadObject, DeleteObject; CreateMultipartUpload,
 *   UploadPart, ListParts (paged by max-parts and part-number-marker; `listPartsPageSize` caps a
 *   page), CompleteMultipartUpload (parts in ascending order, each existing with its ETag, each
 *   but the last at least 5 MiB: InvalidPartOrder, InvalidPart, EntityTooSmall) and
 *   AbortMultipartUpload. Unknown keys and uploads answer NoSuchKey (404) and NoSuchUpload (404).
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface FakeS3Options {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The most parts one ListParts page answers (S3: 1000), to make the client follow pages. */
  listPartsPageSize?: number;
}

interface StoredS3Object {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

interface OpenUpload {
  key: string;
  parts: Map<number, { bytes: Buffer; etag: string }>;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  objects: Map<string, StoredS3Object>;
  uploads: Map<string, OpenUpload>;
  requests: string[];
  stop(): Promise<void>;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
/** RFC 3986 encoding, as SigV4 wants it. */
const escape = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function queryPairs(rawQuery: string): Array<[string, string]> {
  if (!rawQuery) return [];
  return rawQuery.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const [key, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    return [decodeURIComponent(key), decodeURIComponent(value)];
  });
}

function canonicalQuery(pairs: Array<[string, string]>): string {
  return pairs
    .map(([k, v]) => [escape(k), escape(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

function crc32Base64(bytes: Buffer): string {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(bytes) >>> 0);
  return out.toString('base64');
}

interface Signed {
  accessKeyId: string;
  scope: string;
  date: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  expiresSeconds?: number;
}

/** The signature's fields, from the presigned query or the Authorization header. */
function signedFieldsOf(req: IncomingMessage, query: Map<string, string>): Signed {
  if (query.has('X-Amz-Signature')) {
    const [accessKeyId = '', ...scope] = (query.get('X-Amz-Credential') ?? '').split('/');
    return {
      accessKeyId,
      scope: scope.join('/'),
      date: scope[0] ?? '',
      amzDate: query.get('X-Amz-Date') ?? '',
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature: query.get('X-Amz-Signature') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      expiresSeconds: Number(query.get('X-Amz-Expires')),
    };
  }
  const header = headerValue(req, 'authorization');
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(header);
  if (!match) throw new S3Failure(403, 'AccessDenied', 'Access Denied.');
  const [, accessKeyId = '', scope = '', signedHeaders = '', signature = ''] = match;
  return {
    accessKeyId,
    scope,
    date: scope.split('/')[0] ?? '',
    amzDate: headerValue(req, 'x-amz-date'),
    signedHeaders: signedHeaders.split(';'),
    signature,
    payloadHash: headerValue(req, 'x-amz-content-sha256'),
  };
}

function amzDateToMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : Number.NaN;
}

function partsOfCompletion(xml: string): Array<{ partNumber: number; etag: string }> {
  return [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, inner = '']) => ({
    partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(inner)?.[1]),
    etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(inner)?.[1] ?? '').replace(/&quot;|&#34;/g, '"').replace(/^"|"$/g, ''),
  }));
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'ikimina-test';
  const region = options.region ?? 'us-east-1';
  const credentials = { accessKeyId: options.accessKeyId ?? 'FAKEACCESSKEY', secretAccessKey: options.secretAccessKey ?? 'fake-secret-access-key' };
  const pageSize = options.listPartsPageSize ?? 1000;
  const objects = new Map<string, StoredS3Object>();
  const uploads = new Map<string, OpenUpload>();
  const requests: string[] = [];

  function verify(req: IncomingMessage, rawPath: string, pairs: Array<[string, string]>, body: Buffer): void {
    const query = new Map(pairs);
    const signed = signedFieldsOf(req, query);
    if (signed.accessKeyId !== credentials.accessKeyId) throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (signed.payloadHash.startsWith('STREAMING-')) throw new S3Failure(400, 'NotImplemented', 'aws-chunked payloads are not supported by this fake.');
    if (signed.payloadHash !== 'UNSIGNED-PAYLOAD' && signed.payloadHash !== sha256(body)) {
      throw new S3Failure(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
    }
    const canonicalRequest = [
      req.method,
      rawPath,
      canonicalQuery(pairs.filter(([k]) => k !== 'X-Amz-Signature')),
      signed.signedHeaders.map((name) => `${name}:${headerValue(req, name)}\n`).join(''),
      signed.signedHeaders.join(';'),
      signed.payloadHash,
    ].join('\n');
    const stringToSign = ['AWS4-HMAC-SHA256', signed.amzDate, signed.scope, sha256(canonicalRequest)].join('\n');
    const key = ['aws4_request'].reduce((k, part) => hmac(k, part), hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, signed.date), region), 's3'));
    if (createHmac('sha256', key).update(stringToSign).digest('hex') !== signed.signature) {
      throw new S3Failure(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    if (signed.expiresSeconds !== undefined && Date.now() > amzDateToMs(signed.amzDate) + signed.expiresSeconds * 1000) {
      throw new S3Failure(403, 'AccessDenied', 'Request has expired');
    }
    const checksum = query.get('x-amz-checksum-crc32') ?? (req.headers['x-amz-checksum-crc32'] as string | undefined);
    if (checksum !== undefined && checksum !== crc32Base64(body)) throw new S3Failure(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
  }

  function uploadOf(query: Map<string, string>, key: string): OpenUpload {
    const upload = uploads.get(query.get('uploadId') ?? '');
    if (!upload || upload.key !== key) throw new S3Failure(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    return upload;
  }

  function send(res: ServerResponse, status: number, xml?: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, xml ? { 'Content-Type': 'application/xml', ...headers } : headers);
    res.end(xml ? `<?xml version="1.0" encoding="UTF-8"?>\n${xml}` : undefined);
  }

  function listParts(res: ServerResponse, key: string, query: Map<string, string>): void {
    const upload = uploadOf(query, key);
    const marker = Number(query.get('part-number-marker') ?? 0);
    const max = Math.min(pageSize, Number(query.get('max-parts') ?? 1000));
    const after = [...upload.parts.entries()].filter(([n]) => n > marker).sort(([a], [b]) => a - b);
    const page = after.slice(0, max);
    const truncated = after.length > page.length;
    const parts = page.map(([n, p]) => `<Part><PartNumber>${n}</PartNumber><ETag>"${p.etag}"</ETag><Size>${p.bytes.length}</Size><LastModified>${new Date().toISOString()}</LastModified></Part>`).join('');
    send(
      res,
      200,
      `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${query.get('uploadId')}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<NextPartNumberMarker>${page.at(-1)?.[0] ?? marker}</NextPartNumberMarker><MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts}</ListPartsResult>`,
    );
  }

  function complete(res: ServerResponse, key: string, query: Map<string, string>, body: Buffer): void {
    const upload = uploadOf(query, key);
    const named = partsOfCompletion(body.toString('utf8'));
    if (named.length === 0) throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed.');
    if (named.some((p, i) => i > 0 && p.partNumber <= named[i - 1]!.partNumber)) throw new S3Failure(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
    const chosen = named.map((p) => {
      const part = upload.parts.get(p.partNumber);
      if (!part || part.etag !== p.etag) throw new S3Failure(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
      return part;
    });
    if (chosen.slice(0, -1).some((p) => p.bytes.length < MIN_PART_BYTES)) throw new S3Failure(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
    const etag = `${md5(Buffer.concat(chosen.map((p) => Buffer.from(p.etag, 'hex'))))}-${chosen.length}`;
    objects.set(key, { bytes: Buffer.concat(chosen.map((p) => p.bytes)), contentType: 'binary/octet-stream', etag });
    uploads.delete(query.get('uploadId')!);
    send(res, 200, `<CompleteMultipartUploadResult><Location>http://fake/${bucket}/${xmlEscape(key)}</Location><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>"${etag}"</ETag></CompleteMultipartUploadResult>`);
  }

  function objectOf(key: string): StoredS3Object {
    const object = objects.get(key);
    if (!object) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
    return object;
  }

  function operate(req: IncomingMessage, res: ServerResponse, key: string, query: Map<string, string>, body: Buffer): string {
    const method = req.method ?? '';
    if (method === 'PUT' && query.has('uploadId')) {
      const upload = uploadOf(query, key);
      const etag = md5(body);
      upload.parts.set(Number(query.get('partNumber')), { bytes: body, etag });
      send(res, 200, undefined, { ETag: `"${etag}"` });
      return 'UploadPart';
    }
    if (method === 'PUT') {
      const etag = md5(body);
      objects.set(key, { bytes: body, contentType: headerValue(req, 'content-type') || 'binary/octet-stream', etag });
      send(res, 200, undefined, { ETag: `"${etag}"` });
      return 'PutObject';
    }
    if (method === 'POST' && query.has('uploads')) {
      const uploadId = `${randomUUID().replace(/-/g, '')}.${randomUUID().replace(/-/g, '')}`;
      uploads.set(uploadId, { key, parts: new Map() });
      send(res, 200, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
      return 'CreateMultipartUpload';
    }
    if (method === 'POST' && query.has('uploadId')) return complete(res, key, query, body), 'CompleteMultipartUpload';
    if (method === 'GET' && query.has('uploadId')) return listParts(res, key, query), 'ListParts';
    if (method === 'DELETE' && query.has('uploadId')) {
      uploadOf(query, key);
      uploads.delete(query.get('uploadId')!);
      send(res, 204);
      return 'AbortMultipartUpload';
    }
    if (method === 'DELETE') {
      objects.delete(key);
      send(res, 204);
      return 'DeleteObject';
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objectOf(key);
      res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': String(object.bytes.length), ETag: `"${object.etag}"`, 'Last-Modified': new Date().toUTCString() });
      res.end(method === 'GET' ? object.bytes : undefined);
      return method === 'GET' ? 'GetObject' : 'HeadObject';
    }
    throw new S3Failure(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
    const pairs = queryPairs(rawQuery);
    const query = new Map(pairs);
    try {
      verify(req, rawPath, pairs, body);
      const [, bucketName, ...keyParts] = rawPath.split('/');
      if (bucketName !== bucket) throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist.');
      const key = keyParts.map(decodeURIComponent).join('/');
      if (!key) throw new S3Failure(405, 'MethodNotAllowed', 'Bucket operations are not part of this fake.');
      requests.push(`${req.method} ${operate(req, res, key, query, body)}`);
    } catch (error) {
      if (!(error instanceof S3Failure)) throw error;
      requests.push(`${req.method} ${error.code}`);
      if (req.method === 'HEAD') return send(res, error.status);
      send(res, error.status, `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message></Error>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    credentials,
    objects,
    uploads,
    requests,
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
