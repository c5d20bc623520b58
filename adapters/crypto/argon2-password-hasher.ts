import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../core/accounts/ports.ts';

/**
 * argon2id (the library's default algorithm) with the OWASP minimum (19 MiB, 2 passes, 1 lane); the parameters travel inside each
 * hash, so raising them later keeps old hashes verifiable.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash verifies nothing.
      return false;
    }
  }
}
