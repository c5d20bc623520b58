/**
 * The audit log against PostgreSQL: loan decisions recorded with who made them (the scorecard at
 * application, an officer from the CLI), admin CLI actions, the chain verified by
 * `audit verify`, tampering found (edit, delete, reorder: made around the append-only trigger
 * with session_replication_role = replica, as only a superuser can), concurrent appends chained
 * in one line, a rolled-back decision leaving no row, and UPDATE / DELETE / TRUNCATE refused.
 */
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxMobileMoney } from '../../adapters/mobile-money/sandbox-mobile-money.ts';
import { canonicalAuditRow, type ChainedAuditRow } from '../../core/audit/audit-chain.ts';
import { sha256Hex } from '../../adapters/crypto/node-secret-tokens.ts';
import { MODEL_VERSION } from '../../core/credit/scorecard.ts';
import { DecideLoanApplication } from '../../core/loans/decide-loan-application.ts';
import { Money } from '../../core/money/money.ts';
import { TOKENS } from '../../apps/container.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
// Transfers are accepted and never called back: these tests look at decisions, not settlements.
const quiet = new SandboxMobileMoney({ settleMs: 30 });

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { mobileMoney: quiet });
});
afterAll(async () => {
  quiet.close();
  await db?.drop();
});

const admin = (...argv: string[]) => runAdmin(t.container, ...argv);
const inContext = <T>(work: () => Promise<T>) => RequestContext.create(db.orm.em, work);
const trail = () => t.container.get(TOKENS.AuditLog);

async function rows(): Promise<ChainedAuditRow[]> {
  return inContext(() => trail().rowsAfter(0, 10_000));
}

/** Runs SQL around the append-only trigger, as a superuser can (the way an attacker with the database would). */
async function tamper(...statements: [string, unknown[]?][]): Promise<void> {
  await db.orm.em.fork().transactional(async (em: EntityManager) => {
    await em.execute('set local session_replication_role = replica');
    for (const [sql, params] of statements) await em.execute(sql, params ?? []);
  });
}

let seq = 0;
async function member(): Promise<string> {
  seq += 1;
  const res = await request(t.handler)
    .post('/api/auth/register')
    .send({ email: `audit${seq}@example.rw`, password: 'correct horse', firstName: 'Audit', lastName: 'Member', phone: `+25078${String(3_000_000 + seq).slice(-7)}` });
  expect(res.status).toBe(201);
  return res.body.user.id as string;
}

/** Applies through the core use case on an assessment of this score: approved at ≥ 600, referred below. */
async function applyWithScore(memberId: string, creditScore: number) {
  const c = t.container;
  const borrowers = { profileOf: async () => ({ identityVerified: true, savingsBalance: Money.ofFrancs(400_000), creditScore, creditModelVersion: MODEL_VERSION }) };
  const decide = new DecideLoanApplication({ loans: c.get(TOKENS.LoanRepository), borrowers, audit: c.get(TOKENS.AuditTrail), uow: c.get(TOKENS.UnitOfWork), clock: c.get(TOKENS.Clock), ids: c.get(TOKENS.IdGenerator) });
  const applied = await inContext(() => decide.execute({ memberId, amount: Money.ofFrancs(50_000), termMonths: 6, purpose: 'Stock for my shop', assessment: { score: creditScore, modelVersion: MODEL_VERSION } }));
  if (!applied.ok) throw new Error(applied.error);
  return applied.value;
}

async function decidedBy(loanId: string): Promise<string | null> {
  const [row] = await db.orm.em.fork().execute<{ decided_by: string | null }[]>('select decided_by from loans where id = ?', [loanId]);
  return row!.decided_by;
}

describe('loan decisions in the audit log', () => {
  it('records an automatic approval by the system, with the score and the model version, and stores who decided on the loan', async () => {
    const loan = await applyWithScore(await member(), 720);
    expect(loan.status).toBe('approved');
    const [row] = await inContext(() => trail().list({ limit: 1, subject: `loan:${loan.id}` }));
    expect(row).toMatchObject({ action: 'loan_approved', actor: 'system', details: { creditScore: 720, modelVersion: MODEL_VERSION, amount: '50000.00', memberId: loan.memberId } });
    expect(await decidedBy(loan.id)).toBe('system');
  });

  it('records a referral by the system, then the officer who approved it from the CLI (--as)', async () => {
    const loan = await applyWithScore(await member(), 550);
    expect(loan.status).toBe('pending');
    expect(await decidedBy(loan.id)).toBeNull();
    const approved = await admin('--as', 'grace.officer', 'loans', 'review', '--approve', loan.id);
    expect(approved.code).toBe(0);
    const trailOfLoan = await inContext(() => trail().list({ limit: 10, subject: `loan:${loan.id}` }));
    expect(trailOfLoan.map((r) => [r.action, r.actor])).toEqual([
      ['loan_approved', 'admin:grace.officer'],
      ['loan_referred', 'system'],
    ]);
    expect(trailOfLoan[0]!.details).toMatchObject({ reason: 'officer_approved', creditScore: 550 });
    expect(await decidedBy(loan.id)).toBe('admin:grace.officer');
  });

  it('records a rejection under the OS user when no --as is given, with its reason code and the officer\'s note', async () => {
    const loan = await applyWithScore(await member(), 540);
    const rejected = await admin('loans', 'review', '--reject', loan.id, '--reason', 'savings_too_recent', '--note', 'Savings are too recent');
    expect(rejected.code).toBe(0);
    const [row] = await inContext(() => trail().list({ limit: 1, subject: `loan:${loan.id}` }));
    expect(row).toMatchObject({ action: 'loan_rejected', actor: 'admin:test-operator', details: { reason: 'savings_too_recent', note: 'Savings are too recent' } });
    expect(await decidedBy(loan.id)).toBe('admin:test-operator');
  });

  it('refuses a bad --as before deciding anything', async () => {
    const loan = await applyWithScore(await member(), 530);
    const before = (await rows()).length;
    const refused = await admin('--as', 'eve; drop table', 'loans', 'review', '--approve', loan.id);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('--as must be');
    expect((await rows()).length).toBe(before);
    expect(await decidedBy(loan.id)).toBeNull();
  });
});

describe('admin CLI actions in the audit log', () => {
  it('records demo seed once (a second seed changes nothing and records nothing) and a job run', async () => {
    expect((await admin('--as', 'ops', 'demo', 'seed')).code).toBe(0);
    expect((await admin('--as', 'ops', 'demo', 'seed')).code).toBe(0);
    const seeded = await inContext(() => trail().list({ limit: 10, action: 'demo_seeded' }));
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({ actor: 'admin:ops', subject: 'demo_accounts', details: { created: 'demo.member@ikimina.demo,demo.merchant@ikimina.demo,demo.agent@ikimina.demo' } });

    expect((await admin('jobs', 'run', 'rate-limit-prune')).code).toBe(0);
    const [job] = await inContext(() => trail().list({ limit: 1, action: 'job_run' }));
    expect(job).toMatchObject({ actor: 'admin:test-operator', subject: 'job:rate-limit-prune', details: { outcome: 'ran' } });
  });

  it('lists rows as a table, filtered by action or subject, and validates the filters', async () => {
    const listed = await admin('audit', 'list', '--action', 'loan_approved', '--limit', '5');
    expect(listed.code).toBe(0);
    expect(listed.output).toContain('admin:grace.officer');
    expect(listed.output).not.toContain('loan_referred');
    expect((await admin('audit', 'list', '--subject', 'loan:nothing-here')).output).toBe('No audit rows.\n');
    expect((await admin('audit', 'list', '--action', 'Loan Approved')).code).toBe(2);
    expect((await admin('audit', 'list', '--limit', '0')).code).toBe(2);
  });
});

describe('the chain', () => {
  it('verifies, and names the head', async () => {
    const all = await rows();
    expect(all.map((r) => r.seq)).toEqual(all.map((_, i) => i + 1));
    const verified = await admin('audit', 'verify');
    expect(verified).toEqual({ code: 0, output: `The audit log is intact: ${all.length} row(s), the last is row ${all.length} with hash ${all.at(-1)!.hash}.\n` });
  });

  it('stays one line under concurrent appends, and a rolled-back decision leaves neither a row nor a gap', async () => {
    const before = (await rows()).length;
    const uow = t.container.get(TOKENS.UnitOfWork);
    const audit = t.container.get(TOKENS.AuditTrail);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => inContext(() => uow.run(() => audit.record({ action: 'concurrency_check', actor: 'system', subject: `check:${i}`, details: { i } })))),
    );
    await expect(
      inContext(() =>
        uow.run(async () => {
          await audit.record({ action: 'concurrency_check', actor: 'system', subject: 'check:rolled-back' });
          throw new Error('the decision failed after its audit row');
        }),
      ),
    ).rejects.toThrow('the decision failed');
    const after = await rows();
    expect(after).toHaveLength(before + 40);
    expect(after.some((r) => r.subject === 'check:rolled-back')).toBe(false);
    expect(new Set(after.filter((r) => r.action === 'concurrency_check').map((r) => r.subject)).size).toBe(40);
    expect((await admin('audit', 'verify')).code).toBe(0);
  });

  it('refuses UPDATE, DELETE and TRUNCATE (append-only)', async () => {
    const em = db.orm.em.fork();
    await expect(em.execute(`update audit_log set actor = 'admin:mallory' where seq = 1`)).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(em.execute('delete from audit_log where seq = 1')).rejects.toThrow(/append-only: DELETE refused/);
    await expect(em.execute('truncate audit_log')).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect((await admin('audit', 'verify')).code).toBe(0);
  });

  it('finds an edited row, whether or not its hash was recomputed', async () => {
    const target = (await rows())[2]!;
    await tamper([`update audit_log set details = jsonb_set(details, '{creditScore}', '850') where seq = ?`, [target.seq]]);
    const edited = await admin('audit', 'verify');
    expect(edited.code).toBe(1);
    expect(edited.output).toContain(`broken at row ${target.seq}: its content does not match its hash (the row was edited)`);

    // The forger recomputes the edited row's hash: the next row no longer links to it.
    const forged = (await rows())[2]!;
    await tamper([`update audit_log set hash = ? where seq = ?`, [sha256Hex(canonicalAuditRow(forged)), forged.seq]]);
    const rehashed = await admin('audit', 'verify');
    expect(rehashed.code).toBe(1);
    expect(rehashed.output).toContain(`broken at row ${target.seq + 1}: it does not link to row ${target.seq}`);

    await tamper([`update audit_log set details = ?::jsonb, hash = ? where seq = ?`, [JSON.stringify(target.details), target.hash, target.seq]]);
    expect((await admin('audit', 'verify')).code).toBe(0);
  });

  it('finds a deleted row', async () => {
    const target = (await rows())[4]!;
    await tamper([`delete from audit_log where seq = ?`, [target.seq]]);
    const deleted = await admin('audit', 'verify');
    expect(deleted.code).toBe(1);
    expect(deleted.output).toContain(`broken at row ${target.seq + 1}: row ${target.seq} before it is missing (deleted)`);
    await restore(target);
    expect((await admin('audit', 'verify')).code).toBe(0);
  });

  it('finds reordered rows', async () => {
    const [, a, b] = await rows();
    await tamper(['update audit_log set seq = -1 where seq = ?', [a!.seq]], ['update audit_log set seq = ? where seq = ?', [a!.seq, b!.seq]], ['update audit_log set seq = ? where seq = -1', [b!.seq]]);
    const reordered = await admin('audit', 'verify');
    expect(reordered.code).toBe(1);
    expect(reordered.output).toContain(`broken at row ${a!.seq}: it does not link to row ${a!.seq - 1}`);
    await tamper(['update audit_log set seq = -1 where seq = ?', [a!.seq]], ['update audit_log set seq = ? where seq = ?', [a!.seq, b!.seq]], ['update audit_log set seq = ? where seq = -1', [b!.seq]]);
    expect((await admin('audit', 'verify')).code).toBe(0);
  });
});

async function restore(row: ChainedAuditRow): Promise<void> {
  await tamper([
    'insert into audit_log (seq, occurred_at, action, actor, subject, details, prev_hash, hash) values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)',
    [row.seq, row.occurredAt, row.action, row.actor, row.subject, JSON.stringify(row.details), row.prevHash, row.hash],
  ]);
}
