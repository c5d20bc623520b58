/**
 * The data-rights stores over PostgreSQL (core/data-rights/ports.ts; `data_exports`,
 * Migration20261128530000), in the caller's transaction.
 *
 * Guarantees
 * - `PostgresMemberRecords.gather` reads every table that names the member, each as JSON rows
 *   (`to_jsonb`), less what is secret (password, token and PIN hashes, the sealed national ID
 *   number and its look-up hash): the member's own data, nothing of another member's.
 * - `PostgresAccountErasure.erase` (under the row lock `blockers` took) deletes what only serves
 *   the person (sessions, links, sign-in identities, USSD keys, national ID, KYC photos' record,
 *   notifications, chats, assistant and lessons, uploads, exports, outbox messages to them, counters
 *   keyed by their e-mail or phone) and pseudonymises what must be kept 7 years (payments,
 *   transfers, loans and their collections, merchant records): the member's id stays and names
 *   no one; phone numbers become `erased`; the users row keeps only the id, language, dates and
 *   flags. Audit rows are never changed (they name members by id only).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Language } from '../../core/accounts/user.ts';
import { exportKeyOf, EXPORT_FORMATS, type AccountErasure, type ConsentLedger, type ConsentRecord, type DataExport, type DataExports, type ErasureBlocker, type MemberData, type MemberRecords } from '../../core/data-rights/ports.ts';
import { incomingKeyOf, objectKeyOf } from '../../core/uploads/object-path.ts';
import type { ObjectVisibility } from '../../core/uploads/ports.ts';
import { sqlArray } from './sql-array.ts';

/** What replaces a phone number in a record kept under a pseudonym. */
export const ERASED_PHONE = 'erased';

interface ExportRow {
  id: string;
  member_id: string;
  status: DataExport['status'];
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

const fromRow = (r: ExportRow): DataExport => ({
  id: r.id,
  memberId: r.member_id,
  status: r.status,
  requestedAt: new Date(r.requested_at),
  readyAt: r.ready_at && new Date(r.ready_at),
  expiresAt: r.expires_at && new Date(r.expires_at),
});

const EXPORT_COLUMNS = 'id, member_id, status, requested_at, ready_at, expires_at';

export class PostgresDataExports implements DataExports {
  constructor(private readonly em: EntityManager) {}

  async add(item: DataExport): Promise<void> {
    await this.em.execute(`insert into data_exports (${EXPORT_COLUMNS}) values (?, ?, ?, ?, ?, ?)`, [item.id, item.memberId, item.status, item.requestedAt, item.readyAt, item.expiresAt]);
  }

  async find(id: string, memberId: string): Promise<DataExport | undefined> {
    const rows = await this.em.execute<ExportRow[]>(`select ${EXPORT_COLUMNS} from data_exports where id = ? and member_id = ?`, [id, memberId]);
    return rows[0] && fromRow(rows[0]);
  }

  async pendingOf(memberId: string): Promise<DataExport | undefined> {
    const rows = await this.em.execute<ExportRow[]>(`select ${EXPORT_COLUMNS} from data_exports where member_id = ? and status = 'pending'`, [memberId]);
    return rows[0] && fromRow(rows[0]);
  }

  async claimPending(limit: number): Promise<DataExport[]> {
    const rows = await this.em.execute<ExportRow[]>(`select ${EXPORT_COLUMNS} from data_exports where status = 'pending' order by requested_at, id limit ? for update skip locked`, [limit]);
    return rows.map(fromRow);
  }

  async claimExpired(now: Date, limit: number): Promise<DataExport[]> {
    const rows = await this.em.execute<ExportRow[]>(
      `select ${EXPORT_COLUMNS} from data_exports where status = 'ready' and expires_at <= ? order by expires_at, id limit ? for update skip locked`,
      [now, limit],
    );
    return rows.map(fromRow);
  }

  async save(item: DataExport): Promise<void> {
    await this.em.execute(`update data_exports set status = ?, ready_at = ?, expires_at = ? where id = ?`, [item.status, item.readyAt, item.expiresAt, item.id]);
  }
}

/**
 * Each section of an export: its name and the query of its rows (`?` is the member's id, as often
 * as the query names it). Secrets are taken out by name (`- 'column'`).
 */
const SECTIONS: readonly { name: string; sql: string; params: number }[] = [
  { name: 'sessions', sql: `select to_jsonb(s) - 'token_hash' - 'user_id' from sessions s where user_id = ? order by created_at`, params: 1 },
  { name: 'signInIdentities', sql: `select jsonb_build_object('provider', provider, 'createdAt', created_at) from user_identities where user_id = ? order by created_at`, params: 1 },
  {
    name: 'groups',
    sql: `select jsonb_build_object('id', t.id, 'name', t.name, 'status', t.status, 'frequency', t.frequency, 'contributionCentimes', t.contribution_centimes, 'joinedAt', m.joined_at, 'position', m.join_position, 'createdByYou', t.creator_id = ?)
            from tontine_members m join tontines t on t.id = m.tontine_id where m.user_id = ? order by m.joined_at`,
    params: 2,
  },
  { name: 'contributions', sql: `select to_jsonb(c) - 'member_id' from contributions c where member_id = ? order by due_date, cycle`, params: 1 },
  { name: 'payments', sql: `select to_jsonb(p) - 'member_id' from payments p where member_id = ? order by created_at`, params: 1 },
  { name: 'transfersToYou', sql: `select to_jsonb(o) - 'member_id' from outgoing_transfers o where member_id = ? order by created_at`, params: 1 },
  { name: 'loans', sql: `select to_jsonb(l) - 'member_id' from loans l where member_id = ? order by applied_at`, params: 1 },
  { name: 'loanRepayments', sql: `select to_jsonb(r) from loan_repayments r join loans l on l.id = r.loan_id where l.member_id = ? order by r.received_at`, params: 1 },
  { name: 'loanCollections', sql: `select to_jsonb(c) - 'member_id' from loan_collections c where member_id = ? order by requested_at`, params: 1 },
  { name: 'loanKeyFacts', sql: `select to_jsonb(k) - 'member_id' from loan_key_facts k where member_id = ? order by shown_at`, params: 1 },
  { name: 'creditAssessments', sql: `select to_jsonb(a) - 'member_id' from credit_assessments a where member_id = ? order by assessed_at`, params: 1 },
  { name: 'creditScoringConsent', sql: `select to_jsonb(c) - 'member_id' from credit_scoring_consents c where member_id = ?`, params: 1 },
  { name: 'biometricConsents', sql: `select to_jsonb(c) - 'user_id' from biometric_consents c where user_id = ? order by given_at`, params: 1 },
  { name: 'kycRecord', sql: `select to_jsonb(k) - 'user_id' from kyc_records k where user_id = ?`, params: 1 },
  { name: 'kycDecisions', sql: `select to_jsonb(d) - 'user_id' from kyc_decisions d where user_id = ? order by decided_at`, params: 1 },
  { name: 'nationalIds', sql: `select to_jsonb(n) - 'user_id' - 'id_number_sealed' - 'lookup_hash' - 'key_version' from national_ids n where user_id = ? order by verified_at`, params: 1 },
  { name: 'uploads', sql: `select to_jsonb(o) - 'owner_id' - 'upload_id' from stored_objects o where owner_id = ? order by created_at`, params: 1 },
  { name: 'ussdAccess', sql: `select jsonb_build_object('phoneNumber', phone_number, 'createdAt', created_at, 'updatedAt', updated_at) from ussd_pins where user_id = ?`, params: 1 },
  { name: 'merchants', sql: `select to_jsonb(m) - 'owner_id' from merchants m where owner_id = ? order by created_at`, params: 1 },
  { name: 'workingCapital', sql: `select to_jsonb(w) - 'owner_id' from working_capital_loans w where owner_id = ? order by created_at`, params: 1 },
  { name: 'agent', sql: `select to_jsonb(a) - 'user_id' from agents a where user_id = ?`, params: 1 },
  { name: 'notifications', sql: `select to_jsonb(n) - 'user_id' from notifications n where user_id = ? order by created_at`, params: 1 },
  { name: 'groupChatMessages', sql: `select to_jsonb(c) - 'user_id' from chat_messages c where user_id = ? order by created_at`, params: 1 },
  { name: 'assistantMessages', sql: `select to_jsonb(a) - 'user_id' from assistant_messages a where user_id = ? order by created_at`, params: 1 },
  { name: 'lessonProgress', sql: `select to_jsonb(l) - 'user_id' from lesson_progress l where user_id = ? order by finished_at`, params: 1 },
  { name: 'dataExports', sql: `select to_jsonb(e) - 'member_id' from data_exports e where member_id = ? order by requested_at`, params: 1 },
  {
    // Every entry about the member or by them: their own actions, decisions on them, and each read of their data by an admin (member_data_read).
    name: 'auditEntries',
    sql: `select jsonb_build_object('at', occurred_at, 'action', action, 'actor', actor, 'subject', subject, 'details', details)
            from audit_log where subject in ('member:' || ?, 'user:' || ?) or actor = 'member:' || ? order by seq`,
    params: 3,
  },
];

export class PostgresMemberRecords implements MemberRecords {
  constructor(private readonly em: EntityManager) {}

  async gather(memberId: string): Promise<MemberData | undefined> {
    const [profile] = await this.em.execute<{ profile: Record<string, unknown>; language: Language }[]>(
      `select to_jsonb(u) - 'password_hash' - 'erased_at' as profile, u.language from users u where id = ? and erased_at is null`,
      [memberId],
    );
    if (!profile) return undefined;
    const sections: Record<string, unknown> = { profile: profile.profile };
    for (const section of SECTIONS) {
      const [row] = await this.em.execute<{ rows: unknown[] }[]>(
        `select coalesce(jsonb_agg(x.j), '[]'::jsonb) as rows from (${section.sql}) as x(j)`,
        Array.from({ length: section.params }, () => memberId),
      );
      sections[section.name] = row?.rows ?? [];
    }
    return { memberId, language: profile.language, sections };
  }

  async holdersOf(addresses: readonly string[]): Promise<string[]> {
    if (addresses.length === 0) return [];
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from users where erased_at is null and (email = any(?::text[]) or phone_number = any(?::text[]))`,
      [sqlArray(addresses.map((a) => a.toLowerCase())), sqlArray(addresses)],
    );
    return rows.map((r) => r.id);
  }
}

export class PostgresConsentLedger implements ConsentLedger {
  constructor(private readonly em: EntityManager) {}

  async recordsOf(memberId: string): Promise<ConsentRecord[]> {
    const rows = await this.em.execute<{ kind: ConsentRecord['kind']; text_version: string; given_at: Date; withdrawn_at: Date | null }[]>(
      `select 'credit_scoring' as kind, text_version, consented_at as given_at, withdrawn_at from credit_scoring_consents where member_id = ?
       union all
       (select 'biometrics', text_version, given_at, withdrawn_at from biometric_consents where user_id = ? order by given_at desc, id desc limit 1)`,
      [memberId, memberId],
    );
    return rows.map((r) => ({
      kind: r.kind,
      status: r.withdrawn_at ? 'withdrawn' : 'given',
      textVersion: r.text_version,
      givenAt: new Date(r.given_at),
      withdrawnAt: r.withdrawn_at && new Date(r.withdrawn_at),
    }));
  }
}

export class PostgresAccountErasure implements AccountErasure {
  constructor(private readonly em: EntityManager) {}

  async blockers(memberId: string): Promise<ErasureBlocker[]> {
    await this.em.execute(`select id from users where id = ? for update`, [memberId]);
    const [row] = await this.em.execute<Record<ErasureBlocker, boolean>[]>(
      `select
         exists (select 1 from loans where member_id = ? and status in ('approved', 'active', 'overdue')) as loan_outstanding,
         exists (select 1 from contributions c join tontines t on t.id = c.tontine_id where c.member_id = ? and c.status = 'pending' and t.status <> 'cancelled') as contribution_due,
         exists (
           select 1 from ledger_postings p
            where p.account_id in (
              select 'merchant_payable:' || m.id from merchants m where m.owner_id = ?
              union all select 'merchant_receivable:' || m.id from merchants m where m.owner_id = ?
              union all select 'working_capital:' || w.id from working_capital_loans w where w.owner_id = ?)
            group by p.account_id having sum(p.amount_centimes) <> 0) as merchant_balance,
         exists (select 1 from tontine_members m join tontines t on t.id = m.tontine_id where m.user_id = ? and t.status = 'active') as active_rotation`,
      Array.from({ length: 6 }, () => memberId),
    );
    return (['loan_outstanding', 'contribution_due', 'merchant_balance', 'active_rotation'] as const).filter((b) => row?.[b]);
  }

  async erase(memberId: string, at: Date): Promise<{ objectKeys: string[] }> {
    const em = this.em;
    const [user] = await em.execute<{ email: string | null; phone_number: string | null }[]>(`select email, phone_number from users where id = ? and erased_at is null for update`, [memberId]);
    if (!user) return { objectKeys: [] };
    // Every phone number the member was known by: the account's, the USSD key's, the national ID's.
    const phoneRows = await em.execute<{ phone: string }[]>(
      `select phone_number as phone from users where id = ? and phone_number is not null
       union select phone_number from ussd_pins where user_id = ?
       union select phone_number from ussd_access_codes where user_id = ?
       union select phone_number from national_ids where user_id = ? and phone_number is not null`,
      [memberId, memberId, memberId, memberId],
    );
    // Each number also as the digits some keys and providers write it with (no leading +).
    const phones = phoneRows.flatMap((r) => [r.phone, r.phone.replace(/^\+/, '')]);
    const identifiers = [...new Set([...phones, ...(user.email ? [user.email] : [])])];
    const run = (sql: string, params: unknown[]) => em.execute(sql, params, 'run');

    for (const table of ['sessions', 'sign_in_links', 'user_identities', 'ussd_pins', 'ussd_access_codes', 'national_ids', 'kyc_records', 'notifications', 'assistant_messages', 'lesson_progress', 'chat_messages']) {
      await run(`delete from ${table} where user_id = ?`, [memberId]);
    }
    const exports = await em.execute<{ id: string }[]>(`delete from data_exports where member_id = ? returning id`, [memberId]);
    const objects = await em.execute<{ id: string; visibility: ObjectVisibility }[]>(`delete from stored_objects where owner_id = ? returning id, visibility`, [memberId]);
    // A group not started yet goes on without them; a finished one keeps its record.
    await run(`delete from tontine_members m using tontines t where t.id = m.tontine_id and t.status = 'forming' and m.user_id = ?`, [memberId]);
    if (identifiers.length > 0) {
      const list = sqlArray(identifiers);
      await run(`delete from ussd_session where phone = any(?::text[])`, [list]);
      await run(`delete from ussd_access where phone = any(?::text[])`, [list]);
      await run(`delete from phone_number_conflicts where phone_number = any(?::text[])`, [list]);
      await run(`delete from sms_deliveries where outbox_message_id in (select id from outbox_messages where recipient = any(?::text[]))`, [list]);
      await run(`delete from outbox_messages where recipient = any(?::text[])`, [list]);
      // Attempt counters keyed by the e-mail address or phone number (sign-in throttle, rate limits).
      await run(`delete from sign_in_failures where exists (select 1 from unnest(?::text[]) as i where strpos(key, i) > 0)`, [list]);
      await run(`delete from rate_limit_windows where exists (select 1 from unnest(?::text[]) as i where strpos(key, i) > 0)`, [list]);
      await run(`update merchant_transactions set customer_phone_number = ?, customer_name = null where customer_phone_number = any(?::text[])`, [ERASED_PHONE, list]);
    }
    // Financial records kept 7 years under the member's id, without the phone number.
    await run(`update payments set phone_number = ? where member_id = ?`, [ERASED_PHONE, memberId]);
    await run(`update outgoing_transfers set msisdn = ? where member_id = ?`, [ERASED_PHONE, memberId]);
    await run(`update loan_collections set msisdn = ? where member_id = ?`, [ERASED_PHONE, memberId]);
    await run(`update working_capital_collections set msisdn = ? where loan_id in (select id from working_capital_loans where owner_id = ?)`, [ERASED_PHONE, memberId]);
    await run(
      `update merchants set phone_number = ?, email = 'erased-' || id || '@erased.invalid', business_address = '', tin = null, trade_license_number = null, rdb_registration_number = null,
              merchant_status = case when merchant_status = 'rejected' then merchant_status else 'suspended' end, updated_at = ?
        where owner_id = ?`,
      [ERASED_PHONE, at, memberId],
    );
    await run(
      `update agents set phone_number = ?, email = 'erased-' || id || '@erased.invalid', physical_address = '', business_registration_number = null, accreditation_status = 'revoked', updated_at = ? where user_id = ?`,
      [ERASED_PHONE, at, memberId],
    );
    await run(
      `update users set email = null, password_hash = null, first_name = 'Deleted', last_name = 'member', phone_number = null, address = null, date_of_birth = null,
              profession = null, profile_photo_url = null, email_verified = false, erased_at = ?, updated_at = ? where id = ?`,
      [at, at, memberId],
    );
    return {
      objectKeys: [
        ...objects.flatMap((o) => [objectKeyOf(o.visibility, o.id), incomingKeyOf(o.id)]),
        ...exports.flatMap((e) => EXPORT_FORMATS.map((format) => exportKeyOf(e.id, format))),
      ],
    };
  }
}
