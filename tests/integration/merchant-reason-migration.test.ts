/**
 * Migration20261128440000 over rows written before it (issue 31): a rejected or suspended
 * business's free words become a code when they are a code's name or label, else `other` with the
 * words kept for admins; a suspension takes its reason from the audit log; the notices already
 * written with a template are worded from the code when read; down and up again round-trip.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Migration20261128440000 } from '../../adapters/postgres/migrations/Migration20261128440000.ts';
import { PostgresAuditTrail } from '../../adapters/postgres/postgres-audit-trail.ts';
import { PostgresNotificationStore } from '../../adapters/postgres/postgres-community.ts';
import { PostgresMerchants } from '../../adapters/postgres/postgres-merchants.ts';
import { renderNotification } from '../../apps/notifications/catalogue.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

let seq = 0;
async function merchantWith(ownerId: string, status: 'pending' | 'active' | 'suspended' | 'rejected', kybReason: string | null): Promise<string> {
  seq += 1;
  const id = randomUUID();
  const kyb = status === 'rejected' ? 'rejected' : status === 'pending' ? 'pending' : 'verified';
  await sql(
    `insert into merchants (id, owner_id, merchant_code, business_name, merchant_category, business_address, district, phone_number, email, merchant_status, kyb_status, kyb_reason, payout_provider, created_at, updated_at)
     values (?, ?, ?, 'Iduka', 'grocery', 'Kimironko market', 'Gasabo', '+250788000001', 'shop@example.rw', ?, ?, ?, 'mtn', now(), now())`,
    [id, ownerId, `OLD-${seq}`, status, kyb, kybReason],
  );
  return id;
}

it('turns the words it recognises into codes, keeps the others as `other` for admins, and words old notices from the code', async () => {
  const migration = new Migration20261128440000(db.orm.em.getDriver(), db.orm.config);
  await migration.down();

  const owner = randomUUID();
  await sql(`insert into users (id, email, first_name, last_name, language, created_at, updated_at) values (?, 'old@example.rw', 'Old', 'Rows', 'rw', now(), now())`, [owner]);
  const byLabel = await merchantWith(owner, 'rejected', '  TIN does not match the RDB record. ');
  const byCode = await merchantWith(owner, 'rejected', 'Trade_License_Expired');
  const ownWords = await merchantWith(owner, 'rejected', 'TIN does not exist');
  const suspendedByCode = await merchantWith(owner, 'suspended', null);
  const suspendedOwnWords = await merchantWith(owner, 'suspended', null);
  // Its KYB was verified with a note, kept in kyb_reason then: not a suspension's reason.
  const suspendedSilently = await merchantWith(owner, 'suspended', 'Documents fine');
  const verified = await merchantWith(owner, 'active', 'All documents checked');
  const audit = new PostgresAuditTrail(db.orm.em.fork(), { now: () => new Date() });
  await audit.record({ action: 'merchant_suspend', actor: 'admin:old', subject: `merchant:${suspendedByCode}`, details: { reason: 'complaints' } });
  await audit.record({ action: 'merchant_suspend', actor: 'admin:old', subject: `merchant:${suspendedByCode}`, details: { reason: 'Suspected fraud!' } });
  await audit.record({ action: 'merchant_suspend', actor: 'admin:old', subject: `merchant:${suspendedOwnWords}`, details: { reason: 'Too many refunds this week' } });
  await audit.record({ action: 'merchant_suspend', actor: 'admin:old', subject: `merchant:${suspendedSilently}`, details: { reason: null } });

  const notices = [
    { template: 'merchant_rejected', params: { businessName: 'Iduka', merchantCode: 'OLD-1', reason: 'documents unreadable' } },
    { template: 'merchant_rejected', params: { businessName: 'Iduka', merchantCode: 'OLD-3', reason: 'TIN does not exist' } },
    { template: 'merchant_suspended', params: { businessName: 'Iduka', merchantCode: 'OLD-4', reason: '' } },
  ];
  const noticeIds: string[] = [];
  for (const notice of notices) {
    const id = randomUUID();
    noticeIds.push(id);
    await sql(`insert into notifications (id, user_id, type, title, message, is_read, created_at, template, params) values (?, ?, 'other', 'Business not verified', 'Ikimina: … Reason: …', false, now(), ?, ?)`, [
      id,
      owner,
      notice.template,
      JSON.stringify(notice.params),
    ]);
  }

  await migration.up();

  const merchants = new PostgresMerchants(db.orm.em.fork());
  const reasonOf = async (id: string) => {
    const m = await merchants.findRegistered(id);
    return { code: m?.statusReasonCode, note: m?.statusReasonNote };
  };
  expect(await reasonOf(byLabel)).toEqual({ code: 'tin_mismatch', note: null });
  expect(await reasonOf(byCode)).toEqual({ code: 'trade_licence_expired', note: null });
  expect(await reasonOf(ownWords)).toEqual({ code: 'other', note: 'TIN does not exist' });
  expect(await reasonOf(suspendedByCode)).toEqual({ code: 'suspected_fraud', note: null });
  expect(await reasonOf(suspendedOwnWords)).toEqual({ code: 'other', note: 'Too many refunds this week' });
  expect(await reasonOf(suspendedSilently)).toEqual({ code: null, note: null });
  expect(await reasonOf(verified)).toEqual({ code: null, note: null });

  const read = new Map((await new PostgresNotificationStore(db.orm.em.fork()).listForUser(owner, 10)).map((n) => [n.id, n]));
  expect(read.get(noticeIds[0]!)?.template?.params).toEqual({ businessName: 'Iduka', merchantCode: 'OLD-1', reasonCode: 'documents_unreadable' });
  expect(renderNotification('rw', read.get(noticeIds[0]!)!).message).toContain('Impamvu: Inyandiko wohereje ntizisomeka');
  expect(read.get(noticeIds[1]!)?.template?.params).toEqual({ businessName: 'Iduka', merchantCode: 'OLD-3', reasonCode: 'other' });
  expect(renderNotification('rw', read.get(noticeIds[1]!)!).message).not.toContain('TIN does not exist');
  expect(read.get(noticeIds[2]!)?.template?.params).toEqual({ businessName: 'Iduka', merchantCode: 'OLD-4' });

  // Down and up again: a code goes back to its English label, `other` to the words it kept.
  await migration.down();
  const back = await sql<{ id: string; kyb_reason: string | null }>('select id, kyb_reason from merchants where id in (?, ?)', [byLabel, ownWords]);
  expect(Object.fromEntries(back.map((r) => [r.id, r.kyb_reason]))).toEqual({ [byLabel]: 'TIN does not match the RDB record', [ownWords]: 'TIN does not exist' });
  await migration.up();
  expect(await reasonOf(byLabel)).toEqual({ code: 'tin_mismatch', note: null });
  expect(await reasonOf(ownWords)).toEqual({ code: 'other', note: 'TIN does not exist' });
});
