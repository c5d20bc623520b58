import type { EntityManager } from '@mikro-orm/postgresql';
import type { SingleSignOnAttempts } from '../../core/accounts/ports.ts';
import type { SingleSignOnPending } from '../../core/accounts/single-sign-on.ts';
import { SingleSignOnAttempt } from './accounts-schema.ts';

export class MikroOrmSingleSignOnAttempts implements SingleSignOnAttempts {
  constructor(private readonly em: EntityManager) {}

  async add(pending: SingleSignOnPending, expiresAt: Date): Promise<void> {
    await this.em.insert(new SingleSignOnAttempt(pending.state, pending.nonce, pending.codeVerifier, expiresAt));
  }

  async take(state: string, now: Date): Promise<SingleSignOnPending | null> {
    // Abandoned attempts are swept here rather than by a job: they are few and tiny.
    await this.em.execute('delete from sso_attempts where expires_at <= ?', [now]);
    const rows = await this.em.execute<{ nonce: string; code_verifier: string }[]>(
      'delete from sso_attempts where state = ? returning nonce, code_verifier',
      [state],
    );
    const row = rows[0];
    return row ? { state, nonce: row.nonce, codeVerifier: row.code_verifier } : null;
  }
}
