import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionStore } from '../../core/accounts/ports.ts';
import { Session } from '../../core/accounts/session.ts';

export class MikroOrmSessionStore implements SessionStore {
  constructor(private readonly em: EntityManager) {}

  async add(session: Session): Promise<void> {
    await this.em.insert(session);
  }

  async findActiveUserId(tokenHash: string, now: Date): Promise<string | null> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      'select user_id from sessions where token_hash = ? and revoked_at is null and expires_at > ?',
      [tokenHash, now],
    );
    return rows[0]?.user_id ?? null;
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { tokenHash, revokedAt: null }, { revokedAt: now });
  }
}
