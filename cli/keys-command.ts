/**
 * `keys rotate [--batch-size <n>]`: re-encrypts every stored national ID number that is not under
 * the active key version (NATIONAL_ID_KEYS, NATIONAL_ID_KEY_VERSION or the highest), batch by
 * batch, printing its progress and the count (core/identity RotateNationalIdKeys).
 *
 * How a key is rotated (docs/identity.md): add the new key with a higher version to
 * NATIONAL_ID_KEYS, keeping the old ones, and restart; new numbers are sealed under it at once.
 * Run `keys rotate`; when it reports every number under the new version, the old keys can leave
 * NATIONAL_ID_KEYS.
 *
 * Guarantees
 * - Each batch is committed before the next: an interrupted run (Ctrl-C, a crash, a row whose key
 *   is missing) keeps what it did, and running it again resumes; once everything is under the
 *   active key it changes nothing and says so.
 * - The option is validated with zod (exit 2); a rotation that stops on an error exits 1 with it.
 * - A rotation that re-encrypted anything is recorded in the audit log as `key_rotated` by
 *   `admin:<--as or OS user>`.
 */
import type { Command } from 'commander';
import { z } from 'zod';
import type { RotateNationalIdKeys } from '../core/identity/rotate-national-id-keys.ts';
import { DEFAULT_ROTATION_BATCH } from '../core/identity/rotate-national-id-keys.ts';
import { adminActor } from './operator.ts';

export interface KeyUseCases {
  rotateNationalIdKeys: Pick<RotateNationalIdKeys, 'execute'>;
}

type WithKeyUseCases = <T>(work: (useCases: KeyUseCases) => Promise<T>) => Promise<T>;

const BatchSize = z.coerce.number({ error: 'batch size must be a number' }).int({ error: 'batch size must be a whole number' }).min(1).max(10_000);

export function addKeyCommands(program: Command, env: { write(text: string): void; osUser: string }, withUseCases: WithKeyUseCases): void {
  program
    .command('keys')
    .description('encryption keys')
    .command('rotate')
    .description('re-encrypt every national ID number under the active NATIONAL_ID_KEYS version (resumable; audited)')
    .option('--batch-size <n>', 'rows per committed batch', String(DEFAULT_ROTATION_BATCH))
    .action(async (options: { batchSize: string }, command: Command) => {
      const batchSize = BatchSize.safeParse(options.batchSize);
      if (!batchSize.success) return command.error(`error: ${batchSize.error.issues[0]!.message}`, { exitCode: 2, code: 'ikimina.invalid' });
      const rotatedBy = adminActor(command, env.osUser);
      let result;
      try {
        result = await withUseCases(({ rotateNationalIdKeys }) =>
          rotateNationalIdKeys.execute({
            rotatedBy,
            batchSize: batchSize.data,
            onProgress: ({ rotated, total }) => env.write(`  ${rotated}/${total} re-encrypted\n`),
          }),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return command.error(`error: the rotation stopped: ${reason}\nWhat was re-encrypted stays so; run \`keys rotate\` again once this is fixed.`, {
          exitCode: 1,
          code: 'ikimina.rotation_failed',
        });
      }
      env.write(
        result.rotated === 0
          ? `Every national ID number is already under key version ${result.keyVersion}: nothing to re-encrypt.\n`
          : `Re-encrypted ${result.rotated} national ID number(s) under key version ${result.keyVersion}.\n`,
      );
    });
}
