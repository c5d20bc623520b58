/**
 * SandboxNationalIdRegistry: the embedded default of the NationalIdRegistry port, a register that
 * behaves like a real one with no network: its test people (sandbox-national-ids.ts) answer their
 * record (names, date of birth, sex, nationality, and a photo for one of them), every other
 * well-formed number answers "not found", `…0503` is down and `…0504` is slow.
 *
 * Guarantees
 * - It answers within `timeoutMs`, as a real adapter does: the slow number waits that long and is
 *   then unavailable, like a real register that did not answer in time.
 * - Each answer is a fresh copy (a caller changing the photo's bytes changes nothing here).
 */
import { parseDate } from '../../core/shared/calendar.ts';
import type { NationalIdLookupError, NationalIdRecord, NationalIdRegistry } from '../../core/identity/ports.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';
import { SANDBOX_DOWN_NIN, SANDBOX_SLOW_NIN, sandboxPerson, sandboxPhoto } from './sandbox-national-ids.ts';

export interface SandboxRegistryOptions {
  /** How long a real adapter waits for the register; the slow number takes that long. */
  timeoutMs: number;
  /** A delay before every answer, to feel like a network call; none by default. */
  latencyMs?: number;
}

export class SandboxNationalIdRegistry implements NationalIdRegistry {
  readonly name = 'sandbox';

  constructor(private readonly options: SandboxRegistryOptions) {}

  async lookup(nin: string): Promise<Result<NationalIdRecord, NationalIdLookupError>> {
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
    if (nin === SANDBOX_DOWN_NIN) return err('national_id_registry_unavailable');
    if (nin === SANDBOX_SLOW_NIN) {
      await sleep(this.options.timeoutMs);
      return err('national_id_registry_unavailable');
    }
    const person = sandboxPerson(nin);
    if (!person) return err('national_id_not_found');
    return ok({
      foreName: person.foreName,
      surnames: person.surnames,
      fullName: `${person.foreName} ${person.surnames}`,
      dateOfBirth: parseDate(person.dateOfBirth) ?? null,
      sex: person.sex,
      nationality: person.nationality,
      photo: person.photo ? sandboxPhoto(person.photo).slice() : null,
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
