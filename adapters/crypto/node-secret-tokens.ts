import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SecretTokens } from '../../core/accounts/ports.ts';
import type { OneTimeCodes } from '../../core/accounts/ussd-access.ts';
import type { IdGenerator } from '../../core/shared/clock.ts';

/** The sha256 of the text's UTF-8 bytes, as lowercase hex (token hashes, the audit chain's `Digest`). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** 32 random bytes, base64url (43 characters); stored as the hex sha256 of that text. */
export class NodeSecretTokens implements SecretTokens {
  issue(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: this.hash(token) };
  }

  hash(token: string): string {
    return sha256Hex(token);
  }
}

/** Codes of uniformly random decimal digits (crypto's randomInt), stored as the hex sha256 of the code. */
export class NodeOneTimeCodes implements OneTimeCodes {
  issue(digits: number): { code: string; hash: string } {
    const code = Array.from({ length: digits }, () => String(randomInt(10))).join('');
    return { code, hash: this.hash(code) };
  }

  private hash(code: string): string {
    return sha256Hex(code);
  }

  matches(code: string, hash: string): boolean {
    const typed = Buffer.from(this.hash(code), 'hex');
    const kept = Buffer.from(hash, 'hex');
    return typed.length === kept.length && timingSafeEqual(typed, kept);
  }
}

export class RandomUuidGenerator implements IdGenerator {
  newId(): string {
    return randomUUID();
  }
}
