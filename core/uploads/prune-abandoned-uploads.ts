/**
 * PruneAbandonedUploads: forget the uploads nobody finished (the scheduler's `upload-prune` job).
 *
 * Guarantees
 * - Only pending objects whose address expired more than a day ago are touched: a member may
 *   still claim what they uploaded until then (the S3 check happens at claim time).
 * - For each: its open multipart upload is aborted, any unchecked bytes are deleted, then its
 *   record; a stored object is never touched.
 * - Runs in batches of `BATCH`, so one run is short however much waits.
 */
import type { Clock } from '../shared/clock.ts';
import { incomingKeyOf } from './object-path.ts';
import type { FileStorage, StoredObjects } from './ports.ts';

export const ABANDONED_AFTER_MS = 86_400_000;
const BATCH = 500;

export class PruneAbandonedUploads {
  constructor(private readonly deps: { objects: StoredObjects; storage: FileStorage; clock: Clock }) {}

  async execute(): Promise<{ pruned: number }> {
    const { objects, storage, clock } = this.deps;
    const abandoned = await objects.listAbandoned(new Date(clock.now().getTime() - ABANDONED_AFTER_MS), BATCH);
    for (const record of abandoned) {
      const key = incomingKeyOf(record.id);
      if (record.uploadId) await storage.abortMultipart(key, record.uploadId);
      await storage.delete(key);
      await objects.delete(record.id);
    }
    return { pruned: abandoned.length };
  }
}
