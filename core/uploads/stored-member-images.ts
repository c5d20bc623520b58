/**
 * StoredMemberImages: the `MemberImages` contract (ports.ts) over the object records and the
 * storage. What identity, KYC and the profile call to turn an address a member sent into one of
 * their checked images, and to keep images the server obtained itself.
 *
 * Guarantees
 * - `ownedImage` answers only the member's own object: another member's, an unknown one, one
 *   whose path names the other visibility, or one not uploaded yet all answer `object_not_found`.
 * - An object received straight by the storage (S3) is checked by content on its first claim
 *   (settle-upload.ts): a refused one is deleted and answers 413 or 415's code.
 * - `storeForMember` keeps only an accepted image, re-encoded like an upload, under a new
 *   server-chosen id.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { IdGenerator } from '../shared/clock.ts';
import { objectKeyOf, parseObjectAddress } from './object-path.ts';
import type { ImageRefusal, MemberImages, ObjectVisibility, StoredObject } from './ports.ts';
import { checkImage, settleUpload, storeChecked, type SettleUploadDeps } from './settle-upload.ts';

export interface StoredMemberImagesDeps extends SettleUploadDeps {
  ids: IdGenerator;
}

/** Kept objects live on: an image the server stores itself has no upload address to expire. */
const NEVER = new Date('9999-12-31T00:00:00Z');

export class StoredMemberImages implements MemberImages {
  constructor(private readonly deps: StoredMemberImagesDeps) {}

  async ownedImage(ownerId: string, address: string): Promise<Result<StoredObject, 'object_not_found' | ImageRefusal>> {
    const named = parseObjectAddress(address);
    const record = named ? await this.deps.objects.find(named.id) : null;
    if (!record || record.ownerId !== ownerId) return err('object_not_found');
    if (named?.visibility && named.visibility !== record.visibility) return err('object_not_found');
    return settleUpload(this.deps, record);
  }

  async read(path: string): Promise<Uint8Array> {
    const named = parseObjectAddress(path);
    const record = named ? await this.deps.objects.find(named.id) : null;
    const bytes = record?.status === 'stored' ? await this.deps.storage.get(objectKeyOf(record.visibility, record.id)) : null;
    // The server reads paths it stored itself: a missing one is a fault, not a member's mistake.
    if (!bytes) throw new Error(`no stored object at ${path}`);
    return bytes;
  }

  async storeForMember(ownerId: string, bytes: Uint8Array, visibility: ObjectVisibility): Promise<Result<StoredObject, ImageRefusal>> {
    const image = await checkImage(this.deps.reencoder, bytes);
    if (!image.ok) return image;
    const id = this.deps.ids.newId();
    const now = this.deps.clock.now();
    await this.deps.objects.add({ id, ownerId, visibility, status: 'pending', contentType: null, size: null, uploadId: null, createdAt: now, expiresAt: NEVER, storedAt: null });
    const stored = await storeChecked(this.deps, id, image.value);
    if (!stored.ok) throw new Error(`object ${id} could not be stored: ${stored.error}`);
    return ok(stored.value);
  }
}
