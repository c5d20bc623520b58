/**
 * The `payout-due` job, against PostgreSQL through the real app: a cycle whose last contribution
 * was confirmed without the payout that normally follows (the process stopped between the
 * confirmation's commit and the payout, or the check after the commit failed) is paid out by the
 * job, once; a cycle still waiting for a contribution is left alone.
 */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmContributionPayment } from '../../core/contributions/confirm-contribution-payment.ts';
import { Money } from '../../core/money/money.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { FastCallbackMobileMoney } from '../support/fast-callback-mobile-money.ts';
import { contributionsOf, registerMember, runningTontine, startContributionPayment, successfulReport, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';
import { TOKENS } from '../../apps/tokens.ts';

let db: TestDatabase;
let t: TestApp;
const clock = new FakeClock(new Date('2026-06-01T08:00:00Z'));
const mobileMoney = new FastCallbackMobileMoney();
let members: TestMember[];
let tontineId: string;

const inContext = <T>(work: () => Promise<T>) => RequestContext.create(db.orm.em, work);
const runJob = (name: string) => t.container.get(JobRunner).runOnce(name);
const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
const payouts = () => sql<{ reference: string; status: string; member_id: string }>(`select reference, status, member_id from ${SAVINGS_PAYMENTS} where kind = 'payout' and tontine_id = ?`, [tontineId]);

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { clock, mobileMoney });
  mobileMoney.attach(t);
  members = [
    await registerMember(db, t, { email: 'ada@example.rw', firstName: 'Ada', language: 'en', phone: '+250788600001' }),
    await registerMember(db, t, { email: 'ben@example.rw', firstName: 'Ben', language: 'en', phone: '+250788600002' }),
  ];
  tontineId = await runningTontine(db, t, members, { name: 'Abakire', amount: '3000', frequency: 'weekly' });
});
afterAll(async () => {
  mobileMoney.inner.close();
  await db?.drop();
});

describe('the payout-due job', () => {
  it('leaves a cycle that still waits for a contribution', async () => {
    expect(await runJob('payout-due')).toMatchObject({ outcome: 'ran', report: { paidOut: 0, postponed: 0, errors: 0 } });
    expect(await payouts()).toEqual([]);
  });

  it('pays out a complete cycle whose payout did not follow its last confirmation, once', async () => {
    // Each contribution of cycle 1 confirmed by the use case alone: the money is booked, but the
    // payout check that SettlePaymentReport runs after the commit never ran.
    for (const c of (await contributionsOf(db, tontineId)).filter((row) => row.cycle === 1)) {
      const providerReference = await startContributionPayment(db, t, members, c);
      const confirmed = await inContext(() => t.container.get(ConfirmContributionPayment).execute({ providerReference, outcome: 'successful', amount: Money.ofFrancs(3000) }));
      expect(confirmed).toMatchObject({ ok: true, value: { outcome: 'applied' } });
    }
    expect(await payouts()).toEqual([]);

    expect(await runJob('payout-due')).toMatchObject({ outcome: 'ran', report: { paidOut: 1, postponed: 0, errors: 0 } });
    const [payout] = await payouts();
    expect(payout).toMatchObject({ reference: `payout:${tontineId}:1` });
    expect((await sql<{ current_cycle: number }>('select current_cycle from tontines where id = ?', [tontineId]))[0]?.current_cycle).toBe(2);

    // Cycle 2 waits for its contributions: nothing more is due.
    expect(await runJob('payout-due')).toMatchObject({ outcome: 'ran', report: { paidOut: 0 } });
    expect(await payouts()).toHaveLength(1);
  });

  it('pays out a cycle whose payout check failed after its last confirmation: the confirmations still answer applied', async () => {
    const counted = vi.spyOn(t.container.get(TOKENS.ContributionRepository), 'countPendingInCycles').mockRejectedValue(new Error('connection lost'));
    try {
      for (const c of (await contributionsOf(db, tontineId)).filter((row) => row.cycle === 2)) {
        const reference = await startContributionPayment(db, t, members, c);
        const settled = await inContext(() => t.container.get(SettlePaymentReport).execute(successfulReport(reference, 3000)));
        expect(settled).toMatchObject({ ok: true, value: { outcome: 'applied', paymentStatus: 'successful' } });
      }
      expect(counted).toHaveBeenCalled();
    } finally {
      counted.mockRestore();
    }
    expect(await payouts()).toHaveLength(1);

    expect(await runJob('payout-due')).toMatchObject({ outcome: 'ran', report: { paidOut: 1, errors: 0 } });
    expect((await payouts()).map((p) => p.reference).sort()).toEqual([`payout:${tontineId}:1`, `payout:${tontineId}:2`]);
  });
});
