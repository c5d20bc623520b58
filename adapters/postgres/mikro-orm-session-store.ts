import type { EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import type { SessionStore } from '../../core/accounts/ports.ts';
import { Session } from '../../core/accounts/session.ts';
import { User } from '../../core/accounts/user.ts';
import { runPrepared } from './prepared-statements.ts';

export class MikroOrmSessionStore implements SessionStore {
  constructor(private readonly em: EntityManager) {}

  async add(session: Session): Promise<void> {
    await this.em.insert(session);
  }

  async findActiveUser(tokenHash: string, now: Date): Promise<User | null> {
    const rows = await runPrepared<EntityDictionary<User>>(
      this.em,
      'select u.* from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2',
      [tokenHash, now],
    );
    return rows[0] ? this.em.map(User, rows[0]) : null;
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { tokenHash, revokedAt: null }, { revokedAt: now });
  }
}
