/**
 * PostgresUssdSessionStore: the USSD session state per sessionId (with a time-to-live) and the PIN
 * access state per phone, so that any replica can answer the next step of a session. The session
 * state is the channel's JSON: the store keeps it without knowing the menu (the channel gives its
 * format, ussd/session.ts), so adapters need not import the channel.
 *
 * Guarantees
 * - `lock`, inside a transaction: in one statement it creates the session and access rows when
 *   missing (INSERT … ON CONFLICT) and holds both row locks until the transaction ends, always
 *   taken by the same statement in the same order (the session's first). Requests of one session,
 *   and PIN attempts of one phone from any of its sessions, therefore run one at a time, on every
 *   replica. The access row is written only when missing (a row lock, not a new row version, for
 *   one that exists). Outside a transaction the statement waits for a request of the session in
 *   flight and answers what it committed, holding nothing after; the phone's access it answers as
 *   last committed, without waiting (a verdict is saved by compare-and-set over it, which sees any
 *   change made meanwhile); and it commits asynchronously (below, lockStatement).
 * - `lock` renews the time-to-live of a live session of the same phone, so a step that changes
 *   nothing need not `save`; an expired one keeps its expiry until saved. A session renewed less
 *   than a minute before keeps its expiry (so does `saveIfUnchanged`): a live session always has
 *   at least its time-to-live less a minute ahead of it, and most steps leave the indexed
 *   `expires_at` as it is, an update without new index entries.
 * - `lock` answers, in the same statement, what the step needs about its caller: the phone's PIN
 *   row, the account's first name and language, and whether the account has any loan (null: the
 *   phone has no PIN). One round trip for what every step reads first. Asked `withSavings`, the
 *   caller also comes with the account's savings, read by the same query as
 *   PostgresMemberSavings's (`savingsQuery`) in the same statement: a step that will show them
 *   needs no second round trip.
 * - `saveIfUnchanged` is one statement outside a transaction: it locks both rows only if the
 *   session is live, of this phone, and both states still equal the expected ones (compared as
 *   jsonb, so the order of keys does not matter), in the same order as `lock`, then updates the
 *   session, and the access row only when the new access differs (a right PIN after none wrong
 *   leaves it as it was);
 *   a row changed meanwhile (READ COMMITTED re-checks the condition on its newest version) or
 *   gone saves nothing, and it answers false. Given a `pinHash`, it saves only if the phone's PIN
 *   row also still has that hash (no PIN change, rehash or account deletion since it was read).
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
import type { LockedUssdState, StoredUssdState, UssdCaller, UssdLockOptions, UssdSessionStore } from '../../core/accounts/ussd-pins.ts';
import type { Language } from '../../core/accounts/user.ts';
import { memberSavingsOf, savingsQuery, type SavingsRow } from './postgres-member-savings.ts';
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

  async lock(sessionId: string, phone: string, now: Date, ttlMs: number, options: UssdLockOptions = {}): Promise<LockedUssdState<Session>> {
    // Inside a transaction the access row is held (a row lock, not a rewrite); outside, read as committed.
    const statement = LOCK_STATEMENTS[this.em.isInTransaction() ? 'holding' : 'reading'][options.withSavings ? 'withSavings' : 'base'];
    const params = [sessionId, phone, JSON.stringify(this.format.fresh), new Date(now.getTime() + ttlMs), now, JSON.stringify(FRESH_PIN_ACCESS)];
    // Prepared (parsed and planned once per connection): every step of every session runs it.
    let row = (await runPrepared<LockedRow>(this.em, statement, params))[0];
    // The access row inserted by a concurrent first request, committed after this statement's
    // snapshot: ON CONFLICT waited for it and did nothing, the read cannot see it. Once more, with
    // a snapshot that does.
    if (row && row.access === null) row = (await runPrepared<LockedRow>(this.em, statement, params))[0];
    if (!row || row.access === null) throw new Error(`ussd state of session ${sessionId} could not be locked`);
    const phoneMismatch = row.phone !== phone;
    // Renewed when it was live: a live session still is, an expired one kept its past expiry.
    const expired = new Date(row.expires_at).getTime() <= now.getTime();
    const live = !phoneMismatch && !expired;
    return { session: live ? this.format.read(row.state) : this.format.fresh, access: accessOf(row.access), caller: callerOf(phone, row), phoneMismatch, expired };
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

  async saveIfUnchanged(sessionId: string, phone: string, expected: StoredUssdState<Session>, next: StoredUssdState<Session>, now: Date, ttlMs: number, pinHash?: string): Promise<boolean> {
    const rows = await runPrepared<{ saved: boolean }>(this.em,
      `with held as (
         select s.session_id, a.phone from ussd_session s cross join ussd_access a
          where s.session_id = $1 and s.phone = $2 and s.expires_at > $3 and s.state = $4::jsonb
            and a.phone = $2 and a.state = $5::jsonb
            and ($9::text is null or exists (select 1 from ussd_pins p where p.phone_number = $2 and p.pin_hash = $9::text))
          for update of s, a),
       s as (update ussd_session o set state = $6::jsonb, expires_at = case when o.expires_at < $7::timestamptz - interval '1 minute' then $7 else o.expires_at end
               from held where o.session_id = held.session_id returning 1),
       -- The access row is rewritten only when the verdict changes it (a right PIN after none wrong
       -- does not); it is held either way by the held CTE.
       a as (update ussd_access o set state = $8::jsonb from held where o.phone = held.phone and $5::jsonb is distinct from $8::jsonb returning 1)
       select exists (select 1 from s) as saved`,
      [sessionId, phone, now, JSON.stringify(expected.session), JSON.stringify(expected.access), JSON.stringify(next.session), new Date(now.getTime() + ttlMs), JSON.stringify(next.access), pinHash ?? null],
    );
    return rows[0]?.saved === true;
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

/**
 * The session row is created or locked and its time-to-live renewed (DO UPDATE: it locks an
 * existing row and returns it); the access row is created when missing (DO NOTHING: no new row
 * version for one that exists) and otherwise read, after the session row, with a row lock when
 * `holdAccess`. With the caller's base, in one round trip.
 *
 * Outside a transaction (`holdAccess` false) the statement is its own transaction and commits
 * asynchronously (synchronous_commit off for it alone, set_config's `is_local`): what it writes is
 * a session's time-to-live and the empty rows of a new session or phone, which a server crash may
 * lose (the session then starts over) without losing any verdict or money. Every later synchronous
 * commit (a verdict, a payment) flushes the WAL past it. Inside a transaction the setting would
 * cover the effects committed with it: not used there.
 */
function lockStatement(holdAccess: boolean, withSavings: boolean): string {
  return `with s as (
         insert into ussd_session as o (session_id, phone, state, expires_at) values ($1, $2, $3::jsonb, $4)
         on conflict (session_id) do update
           -- Renewed when live and renewed more than a minute ago: within the minute the row keeps
           -- its indexed expiry, so the update is HOT (no new index entries).
           set expires_at = case when o.phone = excluded.phone and o.expires_at > $5 and o.expires_at < excluded.expires_at - interval '1 minute'
                                 then excluded.expires_at else o.expires_at end
         returning phone, state, expires_at),
       a as (
         insert into ussd_access (phone, state) values ($2, $6::jsonb)
         on conflict (phone) do nothing
         returning state)
       select ${holdAccess ? '' : "set_config('synchronous_commit', 'off', true) as async_commit, "}s.phone, s.state, s.expires_at,
              coalesce((select a.state from a), (select x.state from ussd_access x where x.phone = $2${holdAccess ? ' for update' : ''})) as access,
              c.user_id, c.pin_hash, c.first_name, c.language, c.has_loans${withSavings ? ', sv.tontines, sv.contributions, sv.fines, sv.first_names' : ''}
         from s
         -- The PIN row references the account (ON DELETE CASCADE): the inner join loses no PIN.
         left join (select p.user_id, p.pin_hash, u.first_name, u.language,
                           exists (select 1 from loans l where l.member_id = p.user_id) as has_loans
                      from ussd_pins p join users u on u.id = p.user_id
                     where p.phone_number = $2) c on true${withSavings ? `
         left join lateral (${savingsQuery('c.user_id')}) sv on c.user_id is not null` : ''}`;
}
const LOCK_STATEMENTS = {
  holding: { base: lockStatement(true, false), withSavings: lockStatement(true, true) },
  reading: { base: lockStatement(false, false), withSavings: lockStatement(false, true) },
};

/** A row of the lock statement; the savings columns come only `withSavings` (null when the phone has no PIN). */
interface LockedRow extends Partial<SavingsRow> {
  phone: string;
  state: unknown;
  expires_at: Date;
  /** null only when a concurrent first request's access row is not yet visible to the statement. */
  access: unknown;
  user_id: string | null;
  pin_hash: string | null;
  first_name: string | null;
  language: Language | null;
  has_loans: boolean | null;
}

function callerOf(phone: string, row: LockedRow): UssdCaller | null {
  // The caller's columns are all null (no PIN row) or all set (the PIN row joins its account).
  if (row.user_id === null) return null;
  const caller = { pin: { phoneNumber: phone, userId: row.user_id, pinHash: row.pin_hash! }, firstName: row.first_name!, language: row.language!, hasLoans: row.has_loans! };
  return row.tontines === undefined ? caller : { ...caller, savings: memberSavingsOf(row as SavingsRow) };
}

function accessOf(state: unknown): PinAccess {
  const access = state as Partial<PinAccess> | null;
  const instant = (value: unknown): value is string | null => value === null || (typeof value === 'string' && !Number.isNaN(Date.parse(value)));
  if (typeof access?.wrongInARow !== 'number' || !instant(access.lastWrongAt) || !instant(access.retryAt)) throw new Error('stored ussd access state is malformed');
  return { wrongInARow: access.wrongInARow, lastWrongAt: access.lastWrongAt, retryAt: access.retryAt };
}
