import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignInLinkStore } from '../../core/accounts/ports.ts';
import { SignInLink } from '../../core/accounts/session.ts';

export class MikroOrmSignInLinkStore implements SignInLinkStore {
  constructor(private readonly em: EntityManager) {}

  async add(link: SignInLink): Promise<void> {
    await this.em.insert(link);
  }

  async redeem(tokenHash: string, now: Date): Promise<string | null> {
    // One statement: the row lock makes a concurrent second redemption find used_at set.
    const rows = await this.em.execute<{ user_id: string }[]>(
      'update sign_in_links set used_at = ? where token_hash = ? and used_at is null and expires_at > ? returning user_id',
      [now, tokenHash, now],
    );
    return rows[0]?.user_id ?? null;
  }

  async invalidateOutstanding(userId: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(SignInLink, { userId, usedAt: null }, { usedAt: now });
  }
}
