import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignInLinkStore } from '../../core/accounts/ports.ts';
import { SignInLink, type SignInLinkPurpose } from '../../core/accounts/session.ts';
import { sqlArray } from './sql-array.ts';

export class MikroOrmSignInLinkStore implements SignInLinkStore {
  constructor(private readonly em: EntityManager) {}

  async add(link: SignInLink): Promise<void> {
    await this.em.insert(link);
  }

  async redeem(tokenHash: string, purposes: readonly SignInLinkPurpose[], now: Date): Promise<{ userId: string; purpose: SignInLinkPurpose } | null> {
    // One statement: the row lock makes a concurrent second redemption find used_at set.
    const rows = await this.em.execute<{ user_id: string; purpose: SignInLinkPurpose }[]>(
      'update sign_in_links set used_at = ? where token_hash = ? and purpose = any(?::text[]) and used_at is null and expires_at > ? returning user_id, purpose',
      [now, tokenHash, sqlArray([...purposes]), now],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, purpose: row.purpose } : null;
  }

  async invalidateOutstanding(userId: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(SignInLink, { userId, usedAt: null }, { usedAt: now });
  }
}
