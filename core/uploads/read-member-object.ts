/**
 * ReadMemberObject: someone asks for an object at its served URL.
 *
 * Guarantees
 * - A public object is read by anyone; a private one only by its owner.
 * - Whatever is not served (unknown, pending, the other visibility, someone else's private
 *   object) answers `object_not_found`, the same answer, so a reader learns nothing of which
 *   objects exist.
 * - Only stored (checked) bytes are ever answered, with the type their content showed.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { objectKeyOf } from './object-path.ts';
import type { FileStorage, ObjectVisibility, StoredObject, StoredObjects } from './ports.ts';
import { storedObjectOf } from './settle-upload.ts';

export interface ReadMemberObjectDeps {
  objects: StoredObjects;
  storage: FileStorage;
}

export interface ReadMemberObjectInput {
  visibility: ObjectVisibility;
  id: string;
  /** Null when the reader is not signed in. */
  readerId: string | null;
}

export class ReadMemberObject {
  constructor(private readonly deps: ReadMemberObjectDeps) {}

  async execute(input: ReadMemberObjectInput): Promise<Result<{ object: StoredObject; bytes: Uint8Array }, 'object_not_found'>> {
    const record = await this.deps.objects.find(input.id);
    if (!record || record.status !== 'stored' || record.visibility !== input.visibility) return err('object_not_found');
    if (record.visibility === 'private' && record.ownerId !== input.readerId) return err('object_not_found');
    const bytes = await this.deps.storage.get(objectKeyOf(record.visibility, record.id));
    if (!bytes) throw new Error(`stored object ${record.id} has no bytes`);
    return ok({ object: storedObjectOf(record), bytes });
  }
}
