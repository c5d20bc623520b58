/**
 * Data rights against PostgreSQL (issue 28, Law 058/2021; core/data-rights): the export of
 * everything held about a member (its content, its owner only, its 7 days), the deletion of an
 * account (refused while money is owed or a rotation runs; otherwise nothing of the person is left
 * in a pg_dump), the consents (a withdrawn scoring consent stops the next assessment), and the
 * audit of admin reads through the CLI, which the member finds in their export.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../apps/container.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { saveApprovedLoan } from '../support/approved-loan.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { aPng } from '../support/images.ts';
import { OWNER_NATIONAL_ID, signIn, signUp, uploadPhoto, type SignedUpMember } from '../support/openapi-cases.ts';
import { runningTontine } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { clock });
});
afterAll(async () => {
  await db?.drop();
});

const as = (token: string) => ({
  get: (path: string) => request(t.handler).get(path).set('Authorization', `Bearer ${token}`),
  post: (path: string, body: object = {}) => request(t.handler).post(path).set('Authorization', `Bearer ${token}`).send(body),
  patch: (path: string, body: object) => request(t.handler).patch(path).set('Authorization', `Bearer ${token}`).send(body),
  delete: (path: string, body?: object) => {
    const req = request(t.handler).delete(path).set('Authorization', `Bearer ${token}`);
    return body ? req.send(body) : req;
  },
});
const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
const runJob = () => RequestContext.create(db.orm.em, () => t.container.get(JobRunner).runOnce('data-exports'));

/** Letters only, unique: a name no other row of the database holds by chance. */
const uniqueWord = (prefix: string) => `${prefix}${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

describe('export of my data', () => {
  it('is prepared by the job as JSON and PDF, announced, holds the admin reads, and is read by its member only', async () => {
    const amina = await signUp(t, 'Amina');
    const mallory = await signUp(t, 'Mallory');
    // An admin lists the accounts: every member shown is told in their export.
    expect((await runAdmin(t.container, '--as', 'ops-jean', 'users', 'list')).code).toBe(0);

    const asked = await as(amina.token).post('/api/me/export');
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ id: expect.any(String) });
    const id = asked.body.id as string;
    expect((await as(amina.token).post('/api/me/export')).body.id).toBe(id);

    const pending = await as(amina.token).get(`/api/me/export/${id}`);
    expect([pending.status, pending.body.status, pending.body.files]).toEqual([200, 'pending', null]);
    expect((await as(amina.token).get(`/api/me/export/${id}/json`)).body.code).toBe('export_not_ready');
    expect((await as(mallory.token).get(`/api/me/export/${id}`)).status).toBe(404);

    expect(await runJob()).toMatchObject({ outcome: 'ran', report: { prepared: 1 } });
    const ready = await as(amina.token).get(`/api/me/export/${id}`);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', files: { json: `/api/me/export/${id}/json`, pdf: `/api/me/export/${id}/pdf` } });
    expect(new Date(ready.body.expiresAt).getTime() - new Date(ready.body.readyAt).getTime()).toBe(7 * 24 * 3600 * 1000);

    const json = await as(amina.token).get(ready.body.files.json).buffer(true);
    expect(json.status).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment;/);
    const data = JSON.parse(json.text) as Record<string, unknown> & { profile: Record<string, unknown>; auditEntries: Array<Record<string, unknown>>; sessions: Array<Record<string, unknown>> };
    expect(data.profile).toMatchObject({ id: amina.id, email: amina.email, first_name: 'Amina', phone_number: amina.phone });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).not.toHaveProperty('token_hash');
    expect(data.auditEntries).toContainEqual(expect.objectContaining({ action: 'member_data_read', actor: 'admin:ops-jean', subject: `member:${amina.id}`, details: { command: 'users list' } }));
    expect(data.auditEntries).toContainEqual(expect.objectContaining({ action: 'data_export_requested' }));
    expect(JSON.stringify(data)).not.toContain(mallory.email);
    for (const section of ['groups', 'contributions', 'payments', 'loans', 'kycRecord', 'biometricConsents', 'creditScoringConsent', 'notifications']) expect(data).toHaveProperty(section);

    const pdf = await as(amina.token).get(ready.body.files.pdf).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const notifications = await as(amina.token).get('/api/notifications');
    expect(JSON.stringify(notifications.body)).toMatch(/data export is ready/i);
    for (const path of [`/api/me/export/${id}`, `/api/me/export/${id}/json`, `/api/me/export/${id}/pdf`]) {
      const res = await as(mallory.token).get(path);
      expect([res.status, res.body.code]).toEqual([404, 'export_not_found']);
    }
    expect((await as(amina.token).get('/api/me/export/not-a-uuid')).status).toBe(404);
  });

  it('answers 410 once its 7 days are over; the job deletes its files', async () => {
    const grace = await signUp(t, 'Grace');
    const id = (await as(grace.token).post('/api/me/export')).body.id as string;
    await runJob();
    clock.advance(7 * 24 * 3600 * 1000);
    for (const path of [`/api/me/export/${id}`, `/api/me/export/${id}/pdf`]) {
      const res = await as(grace.token).get(path);
      expect([res.status, res.body.code]).toEqual([410, 'export_expired']);
    }
    // This one, and the first test's, whose 7 days are over too.
    expect(await runJob()).toMatchObject({ outcome: 'ran', report: { purged: 2 } });
    const [row] = await sql<{ status: string }>('select status from data_exports where id = ?', [id]);
    expect(row?.status).toBe('expired');
    expect(await t.container.get(TOKENS.FileStorage).get(`exports/json/${id}`)).toBeNull();
    expect(await t.container.get(TOKENS.FileStorage).get(`exports/pdf/${id}`)).toBeNull();
  });
});

describe('deleting my account', () => {
  it('needs the current password', async () => {
    const jean = await signUp(t, 'Jean');
    for (const body of [{ password: 'not my password' }, {}]) {
      const res = await as(jean.token).delete('/api/me', body);
      expect(res.status).toBe(400);
    }
    expect((await as(jean.token).delete('/api/me', { password: 'not my password' })).body.code).toBe('current_password_incorrect');
    expect((await as(jean.token).get('/api/profile')).status).toBe(200);
  });

  it('is refused with the reason while a loan is outstanding or a rotation is running, and changes nothing', async () => {
    const borrower = await signUp(t, 'Borrower');
    await RequestContext.create(db.orm.em, () => saveApprovedLoan(t.container.get(TOKENS.LoanRepository), borrower.id, clock.now()));
    const refused = await as(borrower.token).delete('/api/me', { password: borrower.password });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: expect.any(String), code: 'account_deletion_blocked', blockers: ['loan_outstanding'] });

    const a = await signUp(t, 'Rotating');
    const b = await signUp(t, 'Partner');
    await runningTontine(db, t, [{ ...a, language: 'en' }, { ...b, language: 'en' }], { name: uniqueWord('Group'), amount: '5000', frequency: 'weekly' });
    const inRotation = await as(a.token).delete('/api/me', { password: a.password });
    expect(inRotation.status).toBe(409);
    expect(inRotation.body.blockers).toContain('active_rotation');
    expect((await sql<{ email: string }>('select email from users where id = ?', [a.id]))[0]?.email).toBe(a.email);
    expect((await as(a.token).get('/api/profile')).status).toBe(200);
  });

  it.skipIf(!process.env.DATABASE_URL)('erases the person at once: sessions ended, and a pg_dump holds none of their personal data', async () => {
    const firstName = uniqueWord('Kaneza');
    const lastName = uniqueWord('Mutoni');
    const address = `${uniqueWord('Street')} Kimironko`;
    const member = await signUp(t, firstName);
    expect((await as(member.token).patch('/api/profile', { lastName, address, profession: 'Tailor' })).status).toBe(200);
    // What the person leaves behind: a second session, a national ID, photos, a forming group, a chat line, an assessment, an export.
    const second = await signIn(t, member);
    expect((await as(member.token).post('/api/nida/verify-nida', { ...OWNER_NATIONAL_ID, phoneNumber: member.phone })).status).toBe(200);
    await uploadPhoto(t, member, 'private', await aPng());
    const group = await as(member.token).post('/api/tontines', { name: uniqueWord('Savers'), description: 'Saving together', contributionAmount: 5000, frequency: 'weekly', maxMembers: 3 });
    expect(group.status).toBe(201);
    expect((await as(member.token).post(`/api/tontines/${group.body.id as string}/chat`, { message: `I am ${firstName}` })).status).toBe(201);
    expect((await as(member.token).post('/api/credit-score/assess', { consent: true })).status).toBe(201);
    await as(member.token).post('/api/me/export');
    await runJob();
    await runAdmin(t.container, 'users', 'list');

    const deleted = await as(member.token).delete('/api/me', { password: member.password });
    expect(deleted.status).toBe(204);
    expect(String(deleted.headers['set-cookie'])).toMatch(/ikimina_session=;/);
    for (const token of [member.token, second]) expect((await as(token).get('/api/profile')).status).toBe(401);

    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', '--no-owner', db.url], { maxBuffer: 256 * 1024 * 1024 });
    const personal = [firstName, lastName, address, member.email, member.phone, member.phone.slice(1), OWNER_NATIONAL_ID.idNumber, OWNER_NATIONAL_ID.lastName];
    const found = personal.flatMap((value) => stdout.split('\n').filter((line) => line.includes(value)));
    expect(found).toEqual([]);
    // (After the scan: a sign-in attempt counts under the address typed, as anyone's would, until the counters are pruned.)
    expect((await request(t.handler).post('/api/auth/login').send({ email: member.email, password: member.password })).status).toBe(401);
    // The account's id stays, as the pseudonym of its kept records.
    expect(stdout).toContain(member.id);
    const [row] = await sql<{ first_name: string; email: string | null; erased: boolean }>('select first_name, email, erased_at is not null as erased from users where id = ?', [member.id]);
    expect(row).toEqual({ first_name: 'Deleted', email: null, erased: true });
  });
});

describe('a statement link after the account is deleted', () => {
  it('opens while the member has an account and is 404 statement_link_invalid once they deleted it', async () => {
    const member = await signUp(t, 'Linked');
    const link = t.container.get(TOKENS.StatementLinks).linkFor({ kind: 'member', userId: member.id, from: '2026-10-01', to: '2026-10-31' }, new Date(clock.now().getTime() + 7 * 24 * 3600 * 1000));
    const path = new URL(link).pathname + new URL(link).search;
    const before = await request(t.handler).get(path);
    expect([before.status, before.headers['content-type']]).toEqual([200, 'application/pdf']);

    expect((await as(member.token).delete('/api/me', { password: member.password })).status).toBe(204);
    const after = await request(t.handler).get(path);
    expect([after.status, after.body.code]).toEqual([404, 'statement_link_invalid']);
  });
});

describe('consents', () => {
  it('lists each kind with its version and date; a withdrawn scoring consent stops the next assessment', async () => {
    const m: SignedUpMember = await signUp(t, 'Consenting');
    const before = await as(m.token).get('/api/me/consents');
    expect(before.body.consents.map((c: { kind: string; status: string }) => [c.kind, c.status])).toEqual([
      ['credit_scoring', 'not_given'],
      ['biometrics', 'not_given'],
      ['marketing', 'not_given'],
    ]);
    expect((await as(m.token).post('/api/credit-score/assess', { consent: true })).status).toBe(201);
    expect((await as(m.token).post('/api/kyc/consent', { version: '2026-11-23' })).status).toBe(200);
    const given = await as(m.token).get('/api/me/consents');
    expect(given.body.consents[0]).toMatchObject({ kind: 'credit_scoring', status: 'given', textVersion: '2026-11-22', givenAt: expect.any(String), withdrawnAt: null });
    expect(given.body.consents[1]).toMatchObject({ kind: 'biometrics', status: 'given', textVersion: '2026-11-23' });

    expect((await as(m.token).post('/api/credit-score/assess', {})).status).toBe(201);
    const withdrawn = await as(m.token).delete('/api/me/consents/credit_scoring');
    expect(withdrawn.body).toEqual({ kind: 'credit_scoring', withdrawn: true });
    const refused = await as(m.token).post('/api/credit-score/assess', {});
    expect([refused.status, refused.body.code]).toEqual([403, 'scoring_consent_required']);
    expect((await as(m.token).get('/api/me/consents')).body.consents[0]).toMatchObject({ status: 'withdrawn', withdrawnAt: expect.any(String) });

    // Given again where the product asks for it, it is a new consent.
    expect((await as(m.token).post('/api/credit-score/assess', { consent: true })).status).toBe(201);
    expect((await as(m.token).get('/api/me/consents')).body.consents[0]).toMatchObject({ status: 'given', withdrawnAt: null });

    expect((await as(m.token).delete('/api/me/consents/biometrics')).body).toEqual({ kind: 'biometrics', withdrawn: true });
    expect((await as(m.token).delete('/api/me/consents/marketing')).body).toEqual({ kind: 'marketing', withdrawn: false });
    expect((await as(m.token).delete('/api/me/consents/everything')).status).toBe(404);
  });
});

describe('admin reads through the CLI', () => {
  it('records one member_data_read per member shown by `users list` and `loans review`', async () => {
    const m = await signUp(t, 'Audited');
    const count = async () => Number((await sql<{ n: string }>(`select count(*) as n from audit_log where action = 'member_data_read' and subject = ?`, [`member:${m.id}`]))[0]?.n);
    const start = await count();
    expect((await runAdmin(t.container, 'users', 'list')).code).toBe(0);
    expect(await count()).toBe(start + 1);
    const [row] = await sql<{ actor: string; details: Record<string, unknown> }>(`select actor, details from audit_log where action = 'member_data_read' and subject = ? order by seq desc limit 1`, [`member:${m.id}`]);
    expect(row).toEqual({ actor: 'admin:test-operator', details: { command: 'users list' } });

    // A loan waiting for review: the officer's list shows the application.
    await RequestContext.create(db.orm.em, async () => {
      const loans = t.container.get(TOKENS.LoanRepository);
      const id = await saveApprovedLoan(loans, m.id, clock.now());
      const loan = await loans.findById(id);
      await loans.save({ ...loan!, status: 'pending' });
    });
    const review = await runAdmin(t.container, '--as', 'officer-ann', 'loans', 'review');
    expect(review.output).toContain('waiting for review');
    const [reviewed] = await sql<{ actor: string; details: Record<string, unknown> }>(`select actor, details from audit_log where action = 'member_data_read' and subject = ? order by seq desc limit 1`, [`member:${m.id}`]);
    expect(reviewed).toEqual({ actor: 'admin:officer-ann', details: { command: 'loans review' } });
  });

  it('records a read of each member an outbox message (or `statements send`) shows, by e-mail or phone, each time; an address nobody holds records nothing', async () => {
    const m = await signUp(t, 'Outboxed');
    const enqueue = (channel: 'email' | 'sms', recipient: string, body: string) =>
      RequestContext.create(db.orm.em, () => t.container.get(TOKENS.Outbox).enqueue({ channel, recipient, subject: channel === 'email' ? 'Hello' : null, body }));
    await enqueue('sms', m.phone, `Your code ${uniqueWord('sms')}`);
    const strangerBody = uniqueWord('stranger');
    await enqueue('sms', '+250788999991', strangerBody);
    const reads = async (command: string) =>
      Number((await sql<{ n: string }>(`select count(*) as n from audit_log where action = 'member_data_read' and subject = ? and details->>'command' = ?`, [`member:${m.id}`, command]))[0]?.n);
    const allReads = async () => Number((await sql<{ n: string }>(`select count(*) as n from audit_log where action = 'member_data_read'`))[0]?.n);

    // `outbox list` shows the SMS to the member's phone and the e-mail to their address: one read of the member per run.
    const listed = await runAdmin(t.container, '--as', 'ops-outbox', 'outbox', 'list', '--limit', '1000');
    expect(listed.code).toBe(0);
    expect(listed.output).toContain(m.phone);
    expect(await reads('outbox list')).toBe(1);
    expect((await runAdmin(t.container, '--as', 'ops-outbox', 'outbox', 'list', '--limit', '1000', '--channel', 'sms')).code).toBe(0);
    expect(await reads('outbox list')).toBe(2);

    // `outbox show` of the member's message: a read each time; of the stranger's: none.
    const [mine] = await sql<{ id: string }>(`select id from outbox_messages where recipient = ? and channel = 'sms'`, [m.phone]);
    expect((await runAdmin(t.container, '--as', 'ops-outbox', 'outbox', 'show', mine!.id)).code).toBe(0);
    expect((await runAdmin(t.container, '--as', 'ops-outbox', 'outbox', 'show', mine!.id)).code).toBe(0);
    expect(await reads('outbox show')).toBe(2);
    const [theirs] = await sql<{ id: string }>(`select id from outbox_messages where body = ?`, [strangerBody]);
    const before = await allReads();
    const shown = await runAdmin(t.container, '--as', 'ops-outbox', 'outbox', 'show', theirs!.id);
    expect(shown.output).toContain(strangerBody);
    expect(await allReads()).toBe(before);

    // `statements send` answers with the member's e-mail address: a read too.
    const sent = await runAdmin(t.container, '--as', 'ops-outbox', 'statements', 'send', '--member', m.id, '--period', clock.now().toISOString().slice(0, 7));
    expect([sent.code, sent.output]).toEqual([0, expect.stringContaining(m.email)]);
    expect(await reads('statements send')).toBe(1);

    // The member finds the reads in their export.
    const asked = await as(m.token).post('/api/me/export');
    expect(asked.status).toBe(202);
    await runJob();
    const json = await as(m.token).get(`/api/me/export/${asked.body.id as string}/json`).buffer(true);
    expect(json.status).toBe(200);
    const entries = (JSON.parse(json.text) as { auditEntries: { action: string; actor: string; details: { command?: string } }[] }).auditEntries.filter((e) => e.action === 'member_data_read');
    expect(entries.filter((e) => e.details.command === 'outbox list')).toHaveLength(2);
    expect(entries.filter((e) => e.details.command === 'statements send')).toHaveLength(1);
    expect(entries.filter((e) => e.details.command === 'outbox show')).toEqual([
      expect.objectContaining({ actor: 'admin:ops-outbox' }),
      expect.objectContaining({ actor: 'admin:ops-outbox' }),
    ]);
  });
});
