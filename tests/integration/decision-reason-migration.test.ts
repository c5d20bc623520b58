/**
 * Migration20261128431000 over rows written before it (issue 31): the English decision reasons it
 * knows become codes with their figures and read back as such; an officer's own words stay and
 * show as written; notifications written before keep their text and have no template.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MikroOrmLoanRepository } from '../../adapters/postgres/mikro-orm-loan-repository.ts';
import { Migration20261128431000 } from '../../adapters/postgres/migrations/Migration20261128431000.ts';
import { PostgresNotificationStore } from '../../adapters/postgres/postgres-community.ts';
import { Money } from '../../core/money/money.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

async function loanWith(memberId: string, reason: string | null): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into loans (id, member_id, amount_centimes, term_months, purpose, annual_rate_bps, credit_score, status, applied_at, schedule, total_paid_centimes, decision_reason)
     values (?, ?, 2000000, 6, 'Stock for my shop', 1200, 640, 'pending', now(), '[]', 0, ?)`,
    [id, memberId, reason],
  );
  return id;
}

it('turns the English reasons it knows into codes, keeps an officer\'s words, and leaves old notifications as written', async () => {
  const migration = new Migration20261128431000(db.orm.em.getDriver(), db.orm.config);
  await migration.down();

  const member = randomUUID();
  await sql(`insert into users (id, email, first_name, last_name, language, created_at, updated_at) values (?, 'old@example.rw', 'Old', 'Rows', 'rw', now(), now())`, [member]);
  const approved = await loanWith(member, 'Approved: 1,250,000.50 RWF is within your available limit of 2,000,000 RWF and your credit score 712 is at least 600.');
  const waiting = await loanWith(member, 'Waiting for review: your credit score 540 is below 600, so an officer decides.');
  const byOfficer = await loanWith(member, 'Approved after review by a loan officer.');
  const ownWords = await loanWith(member, 'Savings are too recent');
  const none = await loanWith(member, null);
  await sql(`insert into notifications (id, user_id, type, title, message, is_read, created_at) values (?, ?, 'other', 'Inguzanyo ntiyemejwe', 'Ikimina: … Impamvu: Savings are too recent', false, now())`, [randomUUID(), member]);

  await migration.up();

  const loans = new MikroOrmLoanRepository(db.orm.em.fork());
  expect((await loans.findById(approved))?.decisionReason).toEqual({ code: 'instant_approval', amount: Money.ofCentimes(125_000_050), available: Money.ofFrancs(2_000_000), score: 712, minimumScore: 600 });
  expect((await loans.findById(waiting))?.decisionReason).toEqual({ code: 'score_below_minimum', score: 540, minimumScore: 600 });
  expect((await loans.findById(byOfficer))?.decisionReason).toEqual({ code: 'officer_approved' });
  expect((await loans.findById(ownWords))?.decisionReason).toEqual({ code: 'written', text: 'Savings are too recent' });
  expect((await loans.findById(none))?.decisionReason).toBeUndefined();
  expect(await sql('select decision_reason from loans where decision_reason_code is not null and decision_reason is not null')).toEqual([]);

  const [notification] = await new PostgresNotificationStore(db.orm.em.fork()).listForUser(member, 5);
  expect(notification).toMatchObject({ title: 'Inguzanyo ntiyemejwe', message: 'Ikimina: … Impamvu: Savings are too recent' });
  expect(notification?.template).toBeUndefined();

  // Down and up again: the codes go back to their English sentences and return.
  await migration.down();
  expect((await sql<{ decision_reason: string }>('select decision_reason from loans where id = ?', [waiting]))[0]?.decision_reason).toBe('Waiting for review: your credit score 540 is below 600, so an officer decides.');
  await migration.up();
  expect((await new MikroOrmLoanRepository(db.orm.em.fork()).findById(waiting))?.decisionReason).toEqual({ code: 'score_below_minimum', score: 540, minimumScore: 600 });
});

it('stores each reason and reads it back equal', async () => {
  const member = randomUUID();
  await sql(`insert into users (id, email, first_name, last_name, language, created_at, updated_at) values (?, 'new@example.rw', 'New', 'Rows', 'en', now(), now())`, [member]);
  const loans = new MikroOrmLoanRepository(db.orm.em.fork());
  const base = { memberId: member, amount: Money.ofFrancs(20_000), termMonths: 6, purpose: 'Stock for my shop', annualRateBps: 1_200, creditScore: 640, status: 'pending' as const, appliedAt: new Date(), schedule: [], totalPaid: Money.ZERO };
  for (const decisionReason of [
    { code: 'instant_approval', amount: Money.ofFrancs(20_000), available: Money.ofCentimes(15_000_050), score: 640, minimumScore: 600 },
    { code: 'score_below_minimum', score: 540, minimumScore: 600 },
    { code: 'late_payments' },
    { code: 'written', text: 'Ancient words' },
  ] as const) {
    const id = randomUUID();
    await loans.save({ ...base, id, decisionReason });
    expect((await loans.findById(id))?.decisionReason).toEqual(decisionReason);
  }
});
