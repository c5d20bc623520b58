/**
 * A merchant's KYB rejection and suspension reasons through the admin CLI and the API (issue 31):
 * the admin gives a code (the CLI lists them) and a note; the owner, whose account is in
 * Kinyarwanda, reads the reason in Kinyarwanda on the API (`statusReason`), in-app and by SMS,
 * never the admin's note, which the audit log keeps.
 */
import type { Container } from 'inversify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
let container: Container;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
  container = t.container;
});
afterAll(async () => {
  await db?.drop();
});

const admin = (...argv: string[]) => runAdmin(container, ...argv);
const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

let seq = 0;
async function ownerOf(merchantCode: string, language: 'en' | 'rw') {
  seq += 1;
  const phone = `+25078${String(4_100_000 + seq).slice(-7)}`;
  const registered = await request(t.handler)
    .post('/api/auth/register')
    .send({ email: `owner${seq}@example.rw`, password: 'correct horse', firstName: 'Owner', lastName: 'Test', phone, language });
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const as = (method: 'get' | 'post' | 'put', path: string) => request(t.handler)[method](path).set('Authorization', `Bearer ${token}`);
  const merchant = await as('post', '/api/merchants/register').send({
    merchantCode,
    businessName: `Iduka ${merchantCode}`,
    merchantCategory: 'grocery',
    tin: '100234567',
    tradeLicenseNumber: 'TL-2026-0042',
    rdbRegistrationNumber: '',
    businessAddress: 'Kimironko market, stall 12',
    district: 'Gasabo',
    phoneNumber: phone,
    email: `shop${seq}@example.rw`,
    onboardedByAgentId: null,
  });
  expect(merchant.status).toBe(201);
  return { as, phone, merchantId: merchant.body.id as string };
}

const RW_TIN = "TIN watanze ntihura n'iy'ubucuruzi yanditse muri RDB: tanga TIN iri ku cyemezo cyawe cya RDB.";
const RW_FRAUD = "Hari ubwishyu budasanzwe burimo kugenzurwa kubera gukeka uburiganya; itsinda ryacu rizakuvugisha.";
const NOTE = 'TIN 100234567 belongs to Nyabugogo Hardware Ltd';

describe('merchant decision reasons', () => {
  it('the CLI lists the reason codes in --help and refuses a missing or unknown one, naming the valid ones', async () => {
    const { merchantId } = await ownerOf('RSN-HELP', 'en');
    const help = await admin('merchants', 'reject', '--help');
    expect(help.output).toContain('--reason <code>');
    expect(help.output).toContain('--note <text>');
    expect(help.output).toMatch(/tin_mismatch\s+The TIN you gave does not match the business's record at RDB/);
    expect(help.output).not.toContain('suspected_fraud');
    expect((await admin('merchants', 'suspend', '--help')).output).toMatch(/suspected_fraud\s+Unusual payments are being checked for fraud/);

    const missing = await admin('merchants', 'reject', merchantId);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('a rejection needs --reason <code>, one of:');
    expect(missing.output).toContain('documents_unreadable');
    const unknown = await admin('merchants', 'reject', merchantId, '--reason', 'TIN does not exist');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('unknown reason "TIN does not exist"; the reason must be one of:');
    expect(unknown.output).toContain('prohibited_activity');
    // A suspension's code does not reject; verifying takes no reason.
    expect((await admin('merchants', 'reject', merchantId, '--reason', 'suspected_fraud')).code).toBe(2);
    expect((await admin('merchants', 'verify', merchantId, '--reason', 'tin_mismatch')).code).not.toBe(0);
    expect((await sql<{ kyb_status: string }>('select kyb_status from merchants where id = ?', [merchantId]))[0]?.kyb_status).toBe('pending');
  });

  it('a rejected merchant reads the reason in Kinyarwanda on the API, in-app and by SMS; the note stays in the audit log', async () => {
    const { as, phone, merchantId } = await ownerOf('RSN-RW', 'rw');
    const rejected = await admin('merchants', 'reject', merchantId, '--reason', 'tin_mismatch', '--note', NOTE);
    expect(rejected.output).toContain('RSN-RW is now rejected (KYB rejected)');

    const me = (await as('get', '/api/merchants/me')).body;
    expect(me).toMatchObject({ kybStatus: 'rejected', statusReasonCode: 'tin_mismatch', statusReason: RW_TIN });
    expect(me).not.toHaveProperty('kybReason');

    const [notice] = (await as('get', '/api/notifications')).body as { title: string; message: string }[];
    expect(notice).toEqual(expect.objectContaining({ title: 'Ubucuruzi ntibwemejwe', message: `Ikimina: Iduka RSN-RW ntibwemejwe kandi ntibushobora kwakira ubwishyu. Impamvu: ${RW_TIN}` }));
    const sms = await sql<{ body: string }>(`select body from outbox_messages where channel = 'sms' and recipient = ?`, [phone]);
    expect(sms.map((m) => m.body)).toEqual([expect.stringContaining(RW_TIN)]);
    expect(JSON.stringify({ me, notice, sms })).not.toContain('Nyabugogo');

    const [audited] = await sql<{ details: Record<string, unknown> }>(`select details from audit_log where action = 'merchant_reject_kyb' and subject = ?`, [`merchant:${merchantId}`]);
    expect(audited?.details).toMatchObject({ reason: 'tin_mismatch', note: NOTE });
    expect((await admin('merchants', 'list')).output).toMatch(/RSN-RW.*rejected.*tin_mismatch/);
  });

  it('a suspension says why until the business is reinstated', async () => {
    const { as, merchantId } = await ownerOf('RSN-SUS', 'rw');
    expect((await admin('merchants', 'verify', merchantId, '--note', 'RDB record checked')).code).toBe(0);
    const missing = await admin('merchants', 'suspend', merchantId);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('a suspension needs --reason <code>, one of:');
    expect((await admin('merchants', 'suspend', merchantId, '--reason', 'suspected_fraud')).code).toBe(0);
    expect((await as('get', '/api/merchants/me')).body).toMatchObject({ merchantStatus: 'suspended', statusReasonCode: 'suspected_fraud', statusReason: RW_FRAUD });
    expect(((await as('get', '/api/notifications')).body as { message: string }[])[0]?.message).toContain(`Impamvu: ${RW_FRAUD}`);

    expect((await admin('merchants', 'reinstate', merchantId)).code).toBe(0);
    expect((await as('get', '/api/merchants/me')).body).toMatchObject({ merchantStatus: 'active', statusReasonCode: null, statusReason: null });
  });
});
