/**
 * PostgresUssdAccessCodes: the UssdAccessCodes port over `ussd_access_codes` (Migration20261127100000),
 * one row per account.
 *
 * Guarantees
 * - `put` replaces the account's row in one statement (INSERT … ON CONFLICT DO UPDATE), tries reset.
 * - `lockOf` reads the row FOR UPDATE: inside the unit of work, concurrent tries of one code queue
 *   behind each other, so every wrong try is counted.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UssdAccessCode, UssdAccessCodes } from '../../core/accounts/ussd-access.ts';

interface CodeRow {
  user_id: string;
  phone_number: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
}

const COLUMNS = 'user_id, phone_number, code_hash, attempts, expires_at';

export class PostgresUssdAccessCodes implements UssdAccessCodes {
  constructor(private readonly em: EntityManager) {}

  async put(code: UssdAccessCode): Promise<void> {
    await this.em.execute(
      `insert into ussd_access_codes (user_id, phone_number, code_hash, attempts, expires_at, created_at) values (?, ?, ?, ?, ?, now())
       on conflict (user_id) do update set phone_number = excluded.phone_number, code_hash = excluded.code_hash, attempts = excluded.attempts,
         expires_at = excluded.expires_at, created_at = excluded.created_at`,
      [code.userId, code.phoneNumber, code.codeHash, code.attempts, code.expiresAt],
      'run',
    );
  }

  find(userId: string): Promise<UssdAccessCode | null> {
    return this.read(`select ${COLUMNS} from ussd_access_codes where user_id = ?`, userId);
  }

  lockOf(userId: string): Promise<UssdAccessCode | null> {
    return this.read(`select ${COLUMNS} from ussd_access_codes where user_id = ? for update`, userId);
  }

  async countWrongTry(userId: string): Promise<void> {
    await this.em.execute('update ussd_access_codes set attempts = attempts + 1 where user_id = ?', [userId], 'run');
  }

  async remove(userId: string): Promise<void> {
    await this.em.execute('delete from ussd_access_codes where user_id = ?', [userId], 'run');
  }

  private async read(sql: string, userId: string): Promise<UssdAccessCode | null> {
    const row = (await this.em.execute<CodeRow[]>(sql, [userId]))[0];
    return row ? { userId: row.user_id, phoneNumber: row.phone_number, codeHash: row.code_hash, attempts: Number(row.attempts), expiresAt: new Date(row.expires_at) } : null;
  }
}
