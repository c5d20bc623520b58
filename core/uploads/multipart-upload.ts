/**
 * What the multipart use cases share: a member's own multipart upload, found by its upload id.
 *
 * Guarantees
 * - An upload is found only for its owner, while it is pending, and only when the key the client
 *   sends back (when it sends one) is the one it was given: anything else answers
 *   `upload_not_found`, the same for someone else's upload as for an unknown one.
 */
import { objectKeyOf } from './object-path.ts';
import type { ObjectRecord, StoredObjects } from './ports.ts';

export interface OwnUploadInput {
  ownerId: string;
  uploadId: string;
  /** The key given when the upload started (`objects/<visibility>/<id>`). */
  key?: string;
}

export async function findOwnUpload(objects: StoredObjects, input: OwnUploadInput): Promise<ObjectRecord | null> {
  const record = await objects.findByUploadId(input.uploadId);
  if (!record || record.ownerId !== input.ownerId || record.status !== 'pending') return null;
  if (input.key !== undefined && input.key !== objectKeyOf(record.visibility, record.id)) return null;
  return record;
}
