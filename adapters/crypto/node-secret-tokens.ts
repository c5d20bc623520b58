import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SecretTokens } from '../../core/accounts/ports.ts';
import type { IdGenerator } from '../../core/shared/clock.ts';

/** 32 random bytes, base64url (43 characters); stored as the hex sha256 of that text. */
export class NodeSecretTokens implements SecretTokens {
  issue(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: this.hash(token) };
  }

  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}

export class RandomUuidGenerator implements IdGenerator {
  newId(): string {
    return randomUUID();
  }
}
