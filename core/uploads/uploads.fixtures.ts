/** In-memory fakes of the uploads ports and a world wiring the use cases over them, for core tests. */
import { InMemoryAccounts } from '../accounts/accounts.fixtures.ts';
import { User } from '../accounts/user.ts';
import type { IdGenerator } from '../shared/clock.ts';
import { DirectUnitOfWork, FixedClock } from '../shared/shared.fixtures.ts';
import { AbortMultipartUpload } from './abort-multipart-upload.ts';
import { CompleteMultipartUpload } from './complete-multipart-upload.ts';
import { ListUploadParts } from './list-upload-parts.ts';
import type {
  FileStorage,
  AcceptedImage,
  ImageRefusal,
  ImageReencoder,
  ImageType,
  ObjectRecord,
  PartReceipt,
  StoredObjects,
  UploadAddresses,
  UploadedPart,
  UploadSignatures,
  UploadTarget,
} from './ports.ts';
import { PruneAbandonedUploads } from './prune-abandoned-uploads.ts';
import { ReadMemberObject } from './read-member-object.ts';
import { ReceiveUploadPart } from './receive-upload-part.ts';
import { ReceiveUpload, type BodyReader } from './receive-upload.ts';
import { RequestUploadAddress } from './request-upload-address.ts';
import { SetProfilePhoto } from './set-profile-photo.ts';
import { SignUploadParts } from './sign-upload-parts.ts';
import { StartMultipartUpload } from './start-multipart-upload.ts';
import { StoredMemberImages } from './stored-member-images.ts';
import { DEFAULT_UPLOAD_POLICY, type UploadPolicy } from './upload-policy.ts';

/** Ids shaped like the production UUIDs (the object paths only name UUIDs). */
export class UuidLikeIds implements IdGenerator {
  private n = 0;
  newId(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${String(this.n).padStart(12, '0')}`;
  }
}

export class InMemoryStoredObjects implements StoredObjects {
  readonly rows = new Map<string, ObjectRecord>();
  async add(record: ObjectRecord) {
    this.rows.set(record.id, { ...record });
  }
  async find(id: string) {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }
  lock(id: string) {
    return this.find(id);
  }
  async findByUploadId(uploadId: string) {
    const row = [...this.rows.values()].find((r) => r.uploadId === uploadId);
    return row ? { ...row } : null;
  }
  async markStored(id: string, stored: { contentType: ImageType; size: number; storedAt: Date }) {
    const row = this.rows.get(id);
    if (row?.status !== 'pending') return false;
    this.rows.set(id, { ...row, ...stored, status: 'stored' });
    return true;
  }
  async delete(id: string) {
    this.rows.delete(id);
  }
  async listAbandoned(before: Date, limit: number) {
    return [...this.rows.values()]
      .filter((r) => r.status === 'pending' && r.expiresAt < before)
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }
  async countCreatedSince(ownerId: string, since: Date) {
    return [...this.rows.values()].filter((r) => r.ownerId === ownerId && r.createdAt >= since).length;
  }
}

export class InMemoryFileStorage implements FileStorage {
  readonly objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  readonly uploads = new Map<string, { key: string; parts: Map<number, Uint8Array> }>();
  private n = 0;
  async put(key: string, bytes: Uint8Array, contentType: string) {
    this.objects.set(key, { bytes, contentType });
  }
  async get(key: string) {
    return this.objects.get(key)?.bytes ?? null;
  }
  async size(key: string) {
    return this.objects.get(key)?.bytes.length ?? null;
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
  async startMultipart(key: string) {
    const uploadId = `upload-${++this.n}`;
    this.uploads.set(uploadId, { key, parts: new Map() });
    return uploadId;
  }
  private upload(key: string, uploadId: string) {
    const upload = this.uploads.get(uploadId);
    return upload?.key === key ? upload : null;
  }
  async putPart(key: string, uploadId: string, partNumber: number, bytes: Uint8Array) {
    const upload = this.upload(key, uploadId);
    if (!upload) return null;
    upload.parts.set(partNumber, bytes);
    return etagOf(bytes);
  }
  async listParts(key: string, uploadId: string): Promise<UploadedPart[] | null> {
    const upload = this.upload(key, uploadId);
    if (!upload) return null;
    return [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([partNumber, bytes]) => ({ partNumber, etag: etagOf(bytes), size: bytes.length }));
  }
  async completeMultipart(key: string, uploadId: string, parts: readonly PartReceipt[]) {
    const upload = this.upload(key, uploadId);
    if (!upload) return 'upload_not_found' as const;
    const chosen = parts.map((p) => upload.parts.get(p.partNumber));
    if (chosen.some((bytes, i) => !bytes || etagOf(bytes) !== parts[i]!.etag)) return 'invalid_part' as const;
    const whole = new Uint8Array(chosen.reduce((n, b) => n + b!.length, 0));
    let at = 0;
    for (const bytes of chosen) {
      whole.set(bytes!, at);
      at += bytes!.length;
    }
    this.objects.set(key, { bytes: whole, contentType: 'application/octet-stream' });
    this.uploads.delete(uploadId);
    return 'completed' as const;
  }
  async abortMultipart(_key: string, uploadId: string) {
    this.uploads.delete(uploadId);
  }
}

/** A stand-in ETag: the length and the first byte are enough to tell the tests' parts apart. */
const etagOf = (bytes: Uint8Array) => `"${bytes.length}-${bytes[0] ?? 0}"`;

/**
 * "Images" for core tests: bytes starting with `png:`, `jpg:` or `webp:`; anything else is refused.
 * "Re-encoding" keeps the bytes before the first `|`: what rides along after it (a test's HTML) is
 * dropped, as a real re-encoding drops everything but the pixels.
 */
export class PrefixReencoder implements ImageReencoder {
  async reencode(bytes: Uint8Array): Promise<{ ok: true; value: AcceptedImage } | { ok: false; error: ImageRefusal }> {
    const text = new TextDecoder().decode(bytes.subarray(0, 5));
    const contentType: ImageType | null = text.startsWith('png:') ? 'image/png' : text.startsWith('jpg:') ? 'image/jpeg' : text.startsWith('webp:') ? 'image/webp' : null;
    if (contentType === null) return { ok: false, error: 'unsupported_media_type' };
    const end = bytes.indexOf('|'.charCodeAt(0));
    return { ok: true, value: { contentType, bytes: end === -1 ? bytes : bytes.slice(0, end) } };
  }
}

export const image = (kind: 'png' | 'jpg' | 'webp', size = 16) => {
  const bytes = new Uint8Array(size).fill(120);
  bytes.set(new TextEncoder().encode(`${kind}:`));
  return bytes;
};

const targetText = (t: UploadTarget) => `${t.objectId}/${t.multipart?.uploadId ?? ''}/${t.multipart?.partNumber ?? ''}`;

/** Addresses carry their "signature" in clear: `sig(<target>@<expiry>)`. */
export class ClearSignatures implements UploadAddresses, UploadSignatures {
  signatureOf(target: UploadTarget, expiresAt: Date) {
    return `sig(${targetText(target)}@${expiresAt.getTime()})`;
  }
  async addressOf(target: UploadTarget, expiresAt: Date) {
    return `https://uploads.test/api/objects/uploads/${target.objectId}?expires=${expiresAt.getTime()}&signature=${this.signatureOf(target, expiresAt)}`;
  }
  verify(target: UploadTarget, expiresAt: Date, signature: string) {
    return signature === this.signatureOf(target, expiresAt);
  }
}

export const bodyOf =
  (bytes: Uint8Array): BodyReader =>
  async (limit) =>
    bytes.length > limit ? 'too_large' : bytes;

export function uploadsWorld(policy: UploadPolicy = DEFAULT_UPLOAD_POLICY) {
  const clock = new FixedClock(new Date('2026-11-23T10:00:00Z'));
  const objects = new InMemoryStoredObjects();
  const storage = new InMemoryFileStorage();
  const reencoder = new PrefixReencoder();
  const signatures = new ClearSignatures();
  const ids = new UuidLikeIds();
  const uow = new DirectUnitOfWork();
  const accounts = new InMemoryAccounts();
  const settle = { objects, storage, reencoder, clock, uow };
  const images = new StoredMemberImages({ ...settle, ids });
  const member = (id: string) => {
    accounts.users.set(id, new User({ id, email: `${id}@example.rw`, passwordHash: null, firstName: 'A', lastName: 'B', phoneNumber: null, language: 'en', emailVerified: true, createdAt: clock.now() }));
    return id;
  };
  return {
    clock,
    objects,
    storage,
    signatures,
    accounts,
    images,
    member,
    requestUploadAddress: new RequestUploadAddress({ objects, addresses: signatures, policy, clock, ids }),
    receiveUpload: new ReceiveUpload({ ...settle, signatures }),
    receiveUploadPart: new ReceiveUploadPart({ ...settle, signatures }),
    readMemberObject: new ReadMemberObject({ objects, storage }),
    setProfilePhoto: new SetProfilePhoto({ images, accounts, clock }),
    startMultipartUpload: new StartMultipartUpload({ objects, storage, policy, clock, ids }),
    listUploadParts: new ListUploadParts({ objects, storage }),
    signUploadParts: new SignUploadParts({ objects, addresses: signatures, policy, clock }),
    completeMultipartUpload: new CompleteMultipartUpload(settle),
    abortMultipartUpload: new AbortMultipartUpload({ objects, storage }),
    pruneAbandonedUploads: new PruneAbandonedUploads({ objects, storage, clock }),
  };
}

export type UploadsWorld = ReturnType<typeof uploadsWorld>;

/** The object id and expiry an address of ClearSignatures carries. */
export function addressParts(address: string) {
  const url = new URL(address);
  return { objectId: url.pathname.split('/').at(-1)!, expiresAt: new Date(Number(url.searchParams.get('expires'))), signature: url.searchParams.get('signature')! };
}
