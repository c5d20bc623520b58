/**
 * RotateNationalIdKeys: an admin re-encrypts every stored ID number under the active key version
 * (`keys rotate`), so that an old key can then be retired.
 *
 * Guarantees
 * - Rows are re-sealed in batches, each batch in its own unit of work, committed before the next
 *   begins: an interruption loses at most the batch under way, and running it again resumes with
 *   the rows still under an old key. Running it when every row is under the active key changes
 *   nothing and records nothing.
 * - A row's number is opened with the key its ciphertext names and sealed again under the active
 *   one, bound to the same row id; a row that cannot be opened (its key is no longer configured,
 *   or it was altered) stops the rotation with an error and leaves that batch untouched.
 * - Each batch's rows are locked while they are re-sealed, so two admins rotating at once do not
 *   both rewrite a row.
 * - A run that completes having re-sealed anything is recorded in the audit trail as `key_rotated`
 *   (the key's name and version and the count, never a key or a number); an interrupted run
 *   records nothing, the run that finishes its work records what it re-sealed.
 */
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { NationalIdRepository, NationalIdVault } from './ports.ts';

export const DEFAULT_ROTATION_BATCH = 200;

export interface RotateNationalIdKeysDeps {
  nationalIds: NationalIdRepository;
  vault: NationalIdVault;
  audit: AuditTrail;
  uow: UnitOfWork;
}

export interface RotationProgress {
  /** Rows re-sealed so far by this run. */
  rotated: number;
  /** Rows under an old key when this run started. */
  total: number;
}

export interface RotateNationalIdKeysInput {
  rotatedBy: AuditActor;
  batchSize?: number;
  /** Called after each committed batch. */
  onProgress?: (progress: RotationProgress) => void;
}

export interface RotationResult {
  keyVersion: number;
  rotated: number;
}

export class RotateNationalIdKeys {
  constructor(private readonly deps: RotateNationalIdKeysDeps) {}

  async execute(input: RotateNationalIdKeysInput): Promise<RotationResult> {
    const { nationalIds, vault, audit, uow } = this.deps;
    const keyVersion = vault.activeKeyVersion;
    const batchSize = Math.max(1, Math.floor(input.batchSize ?? DEFAULT_ROTATION_BATCH));
    const total = await uow.run(() => nationalIds.countNotUnder(keyVersion));
    let rotated = 0;
    for (;;) {
      const done = await uow.run(async () => {
        const rows = await nationalIds.sealedNotUnder(keyVersion, batchSize);
        let count = 0;
        for (const row of rows) {
          const sealed = vault.seal(vault.open(row.sealed.ciphertext, row.id), row.id);
          if (await nationalIds.reseal(row.id, row.sealed.keyVersion, sealed)) count += 1;
        }
        return { count, last: rows.length < batchSize };
      });
      rotated += done.count;
      if (done.count > 0) input.onProgress?.({ rotated, total: Math.max(total, rotated) });
      if (done.last) break;
    }
    if (rotated > 0) {
      await uow.run(() =>
        audit.record({ action: 'key_rotated', actor: input.rotatedBy, subject: 'key:national_id', details: { key: 'national_id', keyVersion, rows: rotated } }),
      );
    }
    return { keyVersion, rotated };
  }
}
