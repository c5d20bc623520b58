import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../core/accounts/ports.ts';
import type { PinHasher } from '../../core/accounts/ussd-pins.ts';

/**
 * argon2id (the library's default algorithm) at a given cost; the parameters travel inside each
 * hash, so a hash made at another cost keeps verifying and `needsRehash` tells it apart.
 *
 * Guarantees
 * - Every hash is argon2id with a fresh random salt, at this hasher's cost.
 * - A malformed stored hash verifies nothing, and needs a rehash.
 */
export interface Argon2Cost {
  /** KiB */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/** Passwords: the OWASP minimum (19 MiB, 2 passes, 1 lane). */
export const PASSWORD_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/**
 * USSD PINs: 1 MiB, 1 pass (≈ 0.3 ms of CPU here, against ≈ 1.2 ms at the former 4 MiB and tens of
 * ms at the password cost). A 5-digit PIN falls to a brute force of its 100,000 values at any cost once its
 * hash is stolen; online, the slow-down after wrong PINs and the gateway secret protect it. The
 * cost is only what each PIN step pays, 100 at once in a burst
 * (docs/decisions/0046-ussd-pin-hash-at-1-mib-the-access-row-held-rather-than.md). PINs hashed at 4 MiB keep verifying and are rehashed at their next right entry.
 */
export const PIN_COST: Argon2Cost = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

/** `$argon2id$v=19$m=4096,t=1,p=1$salt$hash`: the parameters of a stored hash. */
const PARAMETERS = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/;

export class Argon2PasswordHasher implements PasswordHasher, PinHasher {
  constructor(private readonly cost: Argon2Cost = PASSWORD_COST) {}

  hash(password: string): Promise<string> {
    return hash(password, { ...this.cost });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash verifies nothing.
      return false;
    }
  }

  needsRehash(passwordHash: string): boolean {
    const found = PARAMETERS.exec(passwordHash);
    const { memoryCost, timeCost, parallelism } = this.cost;
    return !found || Number(found[1]) !== memoryCost || Number(found[2]) !== timeCost || Number(found[3]) !== parallelism;
  }
}
