/**
 * The `monthly-statements` job against PostgreSQL, with an injected clock (issue 28): on the 1st
 * at 08:00 Kigali every member of an active group receives the group's month — in the app and by
 * SMS, in their language — once: re-runs, the catch-up schedule and replicas racing without the
 * lock send nothing more. Its figures are the ledger's, to the centime.
 */
import { RequestContext } from '@mikro-orm/core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../apps/notifications/catalogue.ts';
import { buildContainer } from '../../apps/container.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { accounts } from '../../core/ledger/accounts.ts';
import { normalBalance } from '../../core/ledger/journal-entry.ts';
import { Money } from '../../core/money/money.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { SendMonthlyStatements } from '../../core/tontines/send-monthly-statements.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { contributionsOf, registerMember, runningTontine, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
// Monday 1 June 2026, 06:00 in Kigali (UTC+2).
const clock = new FakeClock(new Date('2026-06-01T04:00:00Z'));
let keza: TestMember;
let jean: TestMember;
let tontineId: string;

const setClock = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
const runJob = (name: string) => t.container.get(JobRunner).runOnce(name);
const sql = <T>(text: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(text, params);

const statementsOf = (userId: string) => sql<{ title: string; message: string; params: Record<string, string> }>(`select title, message, params from notifications where user_id = ? and template = 'tontine_monthly_statement' order by created_at`, [userId]);
const smsTo = (phone: string) => sql<{ body: string }>(`select body from outbox_messages where recipient = ? and channel = 'sms' order by created_at`, [phone]);

/** The member pays the contribution through the sandbox, confirmed by the provider's report. */
async function pay(member: TestMember, cycle: number, key: string) {
  const contribution = (await contributionsOf(db, tontineId)).find((c) => c.member_id === member.id && c.cycle === cycle)!;
  await RequestContext.create(db.orm.em, async () => {
    const paid = await t.container.get(PayContribution).execute({ contributionId: contribution.id, userId: member.id, idempotencyKey: key, provider: 'sandbox', msisdn: member.phone });
    if (!paid.ok) throw new Error(paid.error);
    const settled = await t.container.get(SettlePaymentReport).execute({ reference: paid.value.attempt.providerReference, status: 'successful', amount: Money.ofFrancs(5_000), currency: 'RWF', providerTransactionId: `tx-${key}`, reason: undefined });
    expect(settled).toMatchObject({ ok: true });
  });
}

/** The pool's postings as the ledger holds them, between two instants, on the pool's normal side. */
async function ledgerFigures(from: string, to: string) {
  const pool = accounts.pool(tontineId);
  const rows = await sql<{ amount: string; at: Date }>(
    `select p.amount_centimes::text as amount, e.occurred_at as at from ledger_postings p join journal_entries e on e.id = p.entry_id where p.account_id = ? and e.occurred_at < ?`,
    [pool, to],
  );
  const amounts = (inMonth: boolean) => rows.filter((r) => (new Date(r.at) >= new Date(from)) === inMonth).map((r) => normalBalance(pool, Money.ofCentimes(Number(r.amount))));
  const month = amounts(true);
  return {
    balance: Money.sum([...amounts(false), ...month]),
    moneyIn: Money.sum(month.filter((m) => m.isPositive())),
    moneyOut: Money.sum(month.filter((m) => m.isNegative()).map((m) => m.negate())),
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { clock, env: { SANDBOX_SETTLE_MS: '600000' } });
  keza = await registerMember(db, t, { email: 'keza.month@example.rw', firstName: 'Keza', language: 'rw', phone: '+250788310001' });
  jean = await registerMember(db, t, { email: 'jean.month@example.rw', firstName: 'Jean', language: 'fr', phone: '+250788310002' });
  tontineId = await runningTontine(db, t, [keza, jean], { name: 'Abunzi', amount: '5000', frequency: 'weekly' });
  // June: both pay cycle 1 (Keza is paid out 10,000), Keza pays cycle 2 early.
  setClock('2026-06-01T08:00:00Z');
  await pay(keza, 1, 'month-k1');
  await pay(jean, 1, 'month-j1');
  setClock('2026-06-03T08:00:00Z');
  await pay(keza, 2, 'month-k2');
});
afterAll(async () => {
  await db?.drop();
});

describe('the monthly statement', () => {
  it('is sent on the 1st (08:00 Kigali) to every member, in their language, with the ledger’s figures', async () => {
    setClock('2026-07-01T06:00:00Z');
    expect(await runJob('monthly-statements')).toMatchObject({ outcome: 'ran', report: { sent: 1, members: 2, failed: 0 } });

    // June in Kigali: [31 May 22:00 UTC, 30 June 22:00 UTC).
    const ledger = await ledgerFigures('2026-05-31T22:00:00Z', '2026-06-30T22:00:00Z');
    expect([ledger.moneyIn, ledger.moneyOut, ledger.balance]).toEqual([Money.ofFrancs(15_000), Money.ofFrancs(10_000), Money.ofFrancs(5_000)]);
    const params = {
      tontineName: 'Abunzi',
      month: '2026-06',
      moneyIn: ledger.moneyIn.format(),
      moneyOut: ledger.moneyOut.format(),
      paidTo: 'Keza U.',
      balance: ledger.balance.format(),
      nextRecipient: 'Jean U.',
      nextDate: '2026-06-08',
    };
    for (const member of [keza, jean]) {
      const expected = render(member.language, 'tontine_monthly_statement', params);
      expect(await statementsOf(member.id)).toEqual([{ title: expected.title, message: expected.message, params }]);
      expect((await smsTo(member.phone)).filter((m) => m.body === expected.message)).toHaveLength(1);
      expect(expected.message.length).toBeLessThanOrEqual(160);
      // Names, never a phone number.
      expect(expected.message).not.toMatch(/\+250|0788/);
    }
    expect((await statementsOf(keza.id))[0]!.message).toContain('15.000 RWF');
    expect(await sql(`select tontine_id::text, month from tontine_monthly_statements`)).toEqual([{ tontine_id: tontineId, month: '2026-06' }]);
  });

  it('is sent once: a re-run, the catch-up runs and replicas racing without the lock send nothing more', async () => {
    expect(await runJob('monthly-statements')).toMatchObject({ outcome: 'ran', report: { sent: 0 } });
    setClock('2026-07-02T10:30:00Z');
    expect(await runJob('monthly-statements')).toMatchObject({ outcome: 'ran', report: { sent: 0 } });
    const other = buildContainer({ config: t.config, orm: db.orm, logger: pino({ level: 'silent' }), clock, singleSignOn: null, mailTransport: null });
    const runs = await Promise.all([t.container, other, t.container, other].map((c) => RequestContext.create(db.orm.em, () => c.get(SendMonthlyStatements).execute())));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(0);
    expect(await statementsOf(keza.id)).toHaveLength(1);
    expect(await statementsOf(jean.id)).toHaveLength(1);
  });

  it('replicas racing on a month not sent yet send it once: a quiet July, the balance carried', async () => {
    setClock('2026-08-01T06:00:00Z');
    const other = buildContainer({ config: t.config, orm: db.orm, logger: pino({ level: 'silent' }), clock, singleSignOn: null, mailTransport: null });
    const runs = await Promise.all([t.container, other, t.container, other].map((c) => RequestContext.create(db.orm.em, () => c.get(SendMonthlyStatements).execute())));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const july = (await statementsOf(jean.id)).map((s) => s.params);
    expect(july).toHaveLength(2);
    const ledger = await ledgerFigures('2026-06-30T22:00:00Z', '2026-07-31T22:00:00Z');
    expect(july[1]).toMatchObject({ month: '2026-07', moneyIn: ledger.moneyIn.format(), moneyOut: ledger.moneyOut.format(), paidTo: '', balance: ledger.balance.format() });
    expect(july[1]).toMatchObject({ moneyIn: '0 RWF', balance: '5,000 RWF' });
  });
});
