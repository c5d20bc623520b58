/**
 * Ports of the uploads module: private and public objects (photos) a member uploads, kept by a
 * `FileStorage` (local disk by default, S3 when configured).
 *
 * Guarantees
 * - An object is named by its path `/objects/<visibility>/<id>`; the id is chosen by the server,
 *   never by the client. A member learns the path from the upload address they were given.
 * - A private object is read only by its owner (and by the server on the owner's behalf, for a
 *   face comparison); a public object by anyone.
 * - What is stored has been checked by its content: an image (JPEG, PNG or WebP) of at most
 *   `PHOTO_MAX_BYTES`, decoded and encoded again, so that what is kept and served is pixels and
 *   nothing else (no bytes after the image's end, no comment, no EXIF or GPS). Anything else is
 *   refused and nothing is kept.
 */
export type ObjectVisibility = 'private' | 'public';

/** 5 MB, spec part 1 §9: a photo is at most 5,242,880 bytes. */
export const PHOTO_MAX_BYTES = 5_242_880;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface StoredObject {
  /** `/objects/<visibility>/<id>` */
  readonly path: string;
  readonly visibility: ObjectVisibility;
  readonly ownerId: string;
  readonly contentType: ImageType;
  readonly size: number;
  readonly createdAt: Date;
}

/**
 * What identity, KYC and the profile need from uploads: turn the address a member sends
 * (`uploadURL`, an object path, or a served object URL) into one of *their* stored images.
 */
export interface MemberImages {
  /**
   * The member's stored image at this address, checked by content if it was not checked yet.
   * `object_not_found` for an unknown address or one that belongs to someone else (the two are
   * not told apart, so nobody learns another member's paths).
   */
  ownedImage(
    ownerId: string,
    address: string,
  ): Promise<
    | { ok: true; value: StoredObject }
    | { ok: false; error: 'object_not_found' | 'upload_too_large' | 'unsupported_media_type' }
  >;
  /** The bytes of a stored object, for the server's own use (a face comparison). */
  read(path: string): Promise<Uint8Array>;
  /** Stores an image the server obtained itself (the registry's ID photo) as the member's private object. */
  storeForMember(ownerId: string, bytes: Uint8Array, visibility: ObjectVisibility): Promise<
    | { ok: true; value: StoredObject }
    | { ok: false; error: 'upload_too_large' | 'unsupported_media_type' }
  >;
}

// ---------------------------------------------------------------------------------------------
// What the uploads module itself needs (implemented in adapters/storage, adapters/crypto,
// adapters/postgres). The names above are the contract other modules use; these are internal.

/** Where bytes live: local disk under DATA_DIR by default, an S3 bucket when configured. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<Uint8Array | null>;
  /** The stored size in bytes, read without the bytes; null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  /** Deleting what is not there is not an error. */
  delete(key: string): Promise<void>;

  /** A multipart upload to `key`: its upload id (chosen by the storage). */
  startMultipart(key: string): Promise<string>;
  /** Stores one part the server received itself; answers its ETag, or null for an unknown upload. */
  putPart(key: string, uploadId: string, partNumber: number, bytes: Uint8Array): Promise<string | null>;
  /** Every part received so far, in part-number order (all pages); null for an unknown upload. */
  listParts(key: string, uploadId: string): Promise<UploadedPart[] | null>;
  /** Joins the named parts, in order, into the object `key`; the upload ends. */
  completeMultipart(key: string, uploadId: string, parts: readonly PartReceipt[]): Promise<'completed' | 'invalid_part' | 'upload_not_found'>;
  /** Drops every part and the upload itself; an unknown upload is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface PartReceipt {
  partNumber: number;
  etag: string;
}

/** What an upload address lets its holder write: one object, or one part of its multipart upload. */
export interface UploadTarget {
  objectId: string;
  multipart?: { uploadId: string; partNumber: number };
}

/**
 * Upload addresses: URLs that let whoever holds them PUT the bytes of one target, with no other
 * credential, until they expire. Local storage: this server's own route, HMAC-signed; S3: a
 * presigned URL of the bucket.
 */
export interface UploadAddresses {
  addressOf(target: UploadTarget, expiresAt: Date): Promise<string>;
}

/** The local addresses' signatures, checked when a PUT arrives at this server. */
export interface UploadSignatures {
  /** Whether `signature` was made by this server for this target and expiry (any alteration fails). */
  verify(target: UploadTarget, expiresAt: Date, signature: string): boolean;
}

/** Why an image is not kept: too many bytes, or not a JPEG, PNG or WebP that decodes whole. */
export type ImageRefusal = 'upload_too_large' | 'unsupported_media_type';

/** An accepted image: its type and the bytes to keep, made by re-encoding what was received. */
export interface AcceptedImage {
  contentType: ImageType;
  bytes: Uint8Array;
}

/**
 * Reads bytes as an image and encodes it again: only a JPEG, PNG or WebP that decodes whole is
 * accepted, and what is answered holds its pixels (turned upright) and nothing else of what was
 * received. `upload_too_large` when even the re-encoded image exceeds PHOTO_MAX_BYTES.
 */
export interface ImageReencoder {
  reencode(bytes: Uint8Array): Promise<{ ok: true; value: AcceptedImage } | { ok: false; error: ImageRefusal }>;
}

export type ObjectStatus = 'pending' | 'stored';

/**
 * One row per object a member was given an address for. `pending` until its bytes have been
 * received and checked; `stored` (with type and size) afterwards, never changed again.
 */
export interface ObjectRecord {
  id: string;
  ownerId: string;
  visibility: ObjectVisibility;
  status: ObjectStatus;
  contentType: ImageType | null;
  size: number | null;
  /** The multipart upload this object is received by, if any. */
  uploadId: string | null;
  createdAt: Date;
  /** When its upload address stops working. */
  expiresAt: Date;
  storedAt: Date | null;
}

export interface StoredObjects {
  add(record: ObjectRecord): Promise<void>;
  find(id: string): Promise<ObjectRecord | null>;
  /** `find` that also locks the row until the unit of work ends (call inside `uow.run`). */
  lock(id: string): Promise<ObjectRecord | null>;
  findByUploadId(uploadId: string): Promise<ObjectRecord | null>;
  /** Pending → stored; false when it was not pending (another request stored it first). */
  markStored(id: string, stored: { contentType: ImageType; size: number; storedAt: Date }): Promise<boolean>;
  delete(id: string): Promise<void>;
  /** Pending records whose address expired before `before`, oldest first, at most `limit`. */
  listAbandoned(before: Date, limit: number): Promise<ObjectRecord[]>;
  /** How many objects (any status) the member was given an address for since `since`. */
  countCreatedSince(ownerId: string, since: Date): Promise<number>;
}
