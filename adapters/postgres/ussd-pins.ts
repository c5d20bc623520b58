/**
 * PostgresUssdPins: the UssdPins port over `ussd_pins`. (What a USSD step reads about its caller
 * comes with its session, in PostgresUssdSessionStore's `lock`: one round trip.)
 *
 * Guarantees
 * - `add` is one INSERT … ON CONFLICT DO NOTHING: of two concurrent registrations of one number,
 *   exactly one adds it, and the loser's transaction is not aborted (it answers `phone_taken`).
 * - `replaceHash` is one compare-and-set UPDATE: it changes nothing once the hash is no longer `from`.
 * - `setForAccount` drops the account's key under another number and writes this one (INSERT … ON
 *   CONFLICT DO UPDATE only while the number is the account's own).
 *   Losing the number to a concurrent registration (the primary key taken between the caller's
 *   check and this write) is thrown as a ConcurrentWriteConflict: the unit of work runs again and
 *   the caller then sees the holder.
 * - `endFor` deletes the account's row (a changed profile number ends USSD access).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UssdPhoneKeys, UssdPin, UssdPins } from '../../core/accounts/ussd-pins.ts';
import { ConcurrentWriteConflict } from './mikro-orm-unit-of-work.ts';

export class PostgresUssdPins implements UssdPins, UssdPhoneKeys {
  constructor(private readonly em: EntityManager) {}

  async findByPhone(phoneNumber: string): Promise<UssdPin | null> {
    const rows = await this.em.execute<{ phone_number: string; user_id: string; pin_hash: string }[]>(
      'select phone_number, user_id, pin_hash from ussd_pins where phone_number = ?',
      [phoneNumber],
    );
    const row = rows[0];
    return row ? { phoneNumber: row.phone_number, userId: row.user_id, pinHash: row.pin_hash } : null;
  }

  async add(pin: UssdPin, now: Date): Promise<'added' | 'phone_taken'> {
    const result = await this.em.execute<{ affectedRows: number }>(
      'insert into ussd_pins (phone_number, user_id, pin_hash, created_at, updated_at) values (?, ?, ?, ?, ?) on conflict (phone_number) do nothing',
      [pin.phoneNumber, pin.userId, pin.pinHash, now, now],
      'run',
    );
    return result.affectedRows === 1 ? 'added' : 'phone_taken';
  }

  async changeHash(phoneNumber: string, pinHash: string, now: Date): Promise<void> {
    await this.em.execute('update ussd_pins set pin_hash = ?, updated_at = ? where phone_number = ?', [pinHash, now, phoneNumber], 'run');
  }

  async replaceHash(phoneNumber: string, from: string, to: string, now: Date): Promise<void> {
    await this.em.execute('update ussd_pins set pin_hash = ?, updated_at = ? where phone_number = ? and pin_hash = ?', [to, now, phoneNumber, from], 'run');
  }

  async setForAccount(pin: UssdPin, now: Date): Promise<void> {
    await this.em.execute('delete from ussd_pins where user_id = ? and phone_number <> ?', [pin.userId, pin.phoneNumber], 'run');
    const result = await this.em.execute<{ affectedRows: number }>(
      `insert into ussd_pins (phone_number, user_id, pin_hash, created_at, updated_at) values (?, ?, ?, ?, ?)
       on conflict (phone_number) do update set pin_hash = excluded.pin_hash, updated_at = excluded.updated_at where ussd_pins.user_id = excluded.user_id`,
      [pin.phoneNumber, pin.userId, pin.pinHash, now, now],
      'run',
    );
    // The number was free when the caller checked: another account took it since.
    if (result.affectedRows !== 1) throw new ConcurrentWriteConflict('a USSD phone number was taken concurrently');
  }

  async endFor(userId: string): Promise<'ended' | 'no_pin'> {
    const result = await this.em.execute<{ affectedRows: number }>('delete from ussd_pins where user_id = ?', [userId], 'run');
    return result.affectedRows === 1 ? 'ended' : 'no_pin';
  }

}
