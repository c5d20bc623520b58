/**
 * PostgresUssdSessionStore: the USSD session state per sessionId (with a time-to-live) and the PIN
 * access state per phone, so that any replica can answer the next step of a session. The session
 * state is the channel's JSON: the store keeps it without knowing the menu (the channel gives its
 * format, ussd/session.ts), so adapters need not import the channel.
 *
 * Guarantees
 * - `lock`, inside a transaction: in one statement it creates the session and access rows when
 *   missing (INSERT … ON CONFLICT) and holds both row locks until the transaction ends, always
 *   taken by the same statement in the same order. Requests of one session, and PIN attempts of
 *   one phone from any of its sessions, therefore run one at a time, on every replica. Outside a
 *   transaction the same statement waits for a request of the session in flight and answers what
 *   it committed, holding nothing after.
 * - `lock` renews the time-to-live of a live session of the same phone, so a step that changes
 *   nothing need not `save`; an expired one keeps its expiry until saved.
 * - A session past its expiry answers as new (nothing of it is replayed), and so does a
 *   sessionId seen before with another phone number (`phoneMismatch`), which must not inherit
 *   that phone's signed-in state.
 * - `save` writes with INSERT … ON CONFLICT and renews the session's time-to-live.
 * - A stored state that is not of the expected shape is a fault (thrown by the store for the PIN
 *   access, by the format's `read` for the session), never read as a fresh PIN access: that would
 *   lift a slow-down. (Migration20261123060100 turned the former lock
 *   shape, `lockedUntil`, into this one.)
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { FRESH_PIN_ACCESS, type PinAccess } from '../../core/accounts/pin-slowdown.ts';
import type { LockedUssdState, UssdSessionStore } from '../../core/accounts/ussd-pins.ts';
import { runPrepared } from './prepared-statements.ts';

/** How a channel's session state is stored as JSON: the state of a new session, and the reading of a stored one (throws when malformed). */
export interface SessionStateFormat<Session> {
  readonly fresh: Session;
  read(stored: unknown): Session;
}

export class PostgresUssdSessionStore<Session> implements UssdSessionStore<Session> {
  constructor(
    private readonly em: EntityManager,
    private readonly format: SessionStateFormat<Session>,
  ) {}

  async lock(sessionId: string, phone: string, now: Date, ttlMs: number): Promise<LockedUssdState<Session>> {
    // DO UPDATE rather than DO NOTHING: it locks an existing row and returns it, both rows in one round trip.
    // Prepared (parsed and planned once per connection): every step of every session runs it.
    const rows = await runPrepared<{ phone: string; state: unknown; expires_at: Date; access: unknown }>(this.em,
      `with s as (
         insert into ussd_session as o (session_id, phone, state, expires_at) values ($1, $2, $3::jsonb, $4)
         on conflict (session_id) do update
           set expires_at = case when o.phone = excluded.phone and o.expires_at > $5 then excluded.expires_at else o.expires_at end
         returning phone, state, expires_at),
       a as (
         insert into ussd_access (phone, state) values ($2, $6::jsonb)
         on conflict (phone) do update set phone = excluded.phone
         returning state)
       select s.phone, s.state, s.expires_at, a.state as access from s, a`,
      [sessionId, phone, JSON.stringify(this.format.fresh), new Date(now.getTime() + ttlMs), now, JSON.stringify(FRESH_PIN_ACCESS)],
    );
    const row = rows[0];
    if (!row) throw new Error(`ussd state of session ${sessionId} could not be locked`);
    const phoneMismatch = row.phone !== phone;
    // Renewed when it was live: a live session still is, an expired one kept its past expiry.
    const expired = new Date(row.expires_at).getTime() <= now.getTime();
    const live = !phoneMismatch && !expired;
    return { session: live ? this.format.read(row.state) : this.format.fresh, access: accessOf(row.access), phoneMismatch, expired };
  }

  async save(sessionId: string, phone: string, session: Session, access: PinAccess, now: Date, ttlMs: number): Promise<void> {
    await runPrepared(this.em,
      `with s as (
         insert into ussd_session (session_id, phone, state, expires_at) values ($1, $2, $3::jsonb, $4)
         on conflict (session_id) do update set phone = excluded.phone, state = excluded.state, expires_at = excluded.expires_at)
       insert into ussd_access (phone, state) values ($2, $5::jsonb) on conflict (phone) do update set state = excluded.state`,
      [sessionId, phone, JSON.stringify(session), new Date(now.getTime() + ttlMs), JSON.stringify(access)],
    );
  }

  /** Deletes up to `limit` sessions expired before `before`, skipping any a request holds. */
  async pruneExpired(before: Date, limit: number): Promise<number> {
    const result = await this.em.execute<{ affectedRows: number }>(
      `delete from ussd_session where session_id in
         (select session_id from ussd_session where expires_at < ? order by expires_at limit ? for update skip locked)`,
      [before, limit],
      'run',
    );
    return result.affectedRows;
  }
}

function accessOf(state: unknown): PinAccess {
  const access = state as Partial<PinAccess> | null;
  const instant = (value: unknown): value is string | null => value === null || (typeof value === 'string' && !Number.isNaN(Date.parse(value)));
  if (typeof access?.wrongInARow !== 'number' || !instant(access.lastWrongAt) || !instant(access.retryAt)) throw new Error('stored ussd access state is malformed');
  return { wrongInARow: access.wrongInARow, lastWrongAt: access.lastWrongAt, retryAt: access.retryAt };
}
