/**
 * `upload-prune`: hourly, forgets the uploads nobody finished a day after their address expired
 * (core/uploads/prune-abandoned-uploads.ts): their records, unchecked bytes and open multipart
 * uploads.
 */
import type { PruneAbandonedUploads } from '../../../core/uploads/prune-abandoned-uploads.ts';
import type { Job, JobReport } from '../job-runner.ts';

export class UploadPruneJob implements Job {
  readonly name = 'upload-prune';
  readonly schedules = ['17 * * * *'];

  constructor(private readonly prune: Pick<PruneAbandonedUploads, 'execute'>) {}

  async run(): Promise<JobReport> {
    return this.prune.execute();
  }
}
