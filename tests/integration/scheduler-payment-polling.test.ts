/**
 * The `payment-polling` job against the fake MTN MoMo server with every callback lost: the job
 * asks MTN about what stays pending and settles it through the callback's own path.
 */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { Money } from '../../core/money/money.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { fakeMtnMomoEnv, startFakeMtnMomo, type FakeMtnMomo } from '../fakes/mtn-momo-server.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { contributionsOf, registerMember, runningTontine, type ContributionRow, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';

let db: TestDatabase;
let mtn: FakeMtnMomo;
let t: TestApp;
const clock = new FakeClock(new Date('2026-06-01T08:00:00Z'));
let members: TestMember[];
let contributions: ContributionRow[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const poll = () => t.container.get(JobRunner).runOnce('payment-polling');

async function payment(reference: string) {
  const rows = await db.orm.em.fork().execute<{ status: string; reason: string | null }[]>(`select status, reason from ${SAVINGS_PAYMENTS} where reference = ?`, [reference]);
  return rows[0];
}
async function contributionStatus(id: string) {
  return (await db.orm.em.fork().execute<{ status: string }[]>('select status from contributions where id = ?', [id]))[0]?.status;
}
async function ledgerEntries() {
  return Number((await db.orm.em.fork().execute<{ n: string }[]>("select count(*) as n from journal_entries where kind = 'contribution_received'"))[0]?.n);
}

async function pay(member: TestMember, cycle: number, msisdn: string) {
  const contribution = contributions.find((c) => c.member_id === member.id && c.cycle === cycle)!;
  const paid = await RequestContext.create(db.orm.em, () =>
    t.container.get(PayContribution).execute({ contributionId: contribution.id, userId: member.id, idempotencyKey: `${member.id}:${cycle}`, provider: 'mtn', msisdn }),
  );
  return { contribution, paid };
}

beforeAll(async () => {
  db = await createTestDatabase();
  mtn = await startFakeMtnMomo({ currency: 'RWF', settleMs: 20 });
  // MTN never retries a callback: here every one is lost.
  mtn.dropCallbacks(true);
  t = createTestApp(db, {
    clock,
    env: {
      ...fakeMtnMomoEnv(mtn),
      MOBILE_MONEY_CALLBACK_URL: 'http://127.0.0.1:9/api/payments/callbacks/mtn',
      MOBILE_MONEY_CALLBACK_SECRET: 'scheduler-test-secret-of-at-least-32-chars',
      PAYMENT_POLL_AFTER_SECONDS: '120',
    },
  });
  members = [
    await registerMember(db, t, { email: 'ok@example.rw', firstName: 'Ok', language: 'en', phone: '+250788400001' }),
    await registerMember(db, t, { email: 'fails@example.rw', firstName: 'Fails', language: 'fr', phone: '+250788400002' }),
    await registerMember(db, t, { email: 'waits@example.rw', firstName: 'Waits', language: 'rw', phone: '+250788400003' }),
  ];
  contributions = await contributionsOf(db, await runningTontine(db, t, members, { name: 'Polling', amount: '3000', frequency: 'monthly' }));
});
afterAll(async () => {
  await mtn?.stop();
  await db?.drop();
});

describe('payment polling', () => {
  it('confirms a successful payment whose callback never came, fails a failed one, leaves a pending one', async () => {
    const [ok, fails, waits] = members as [TestMember, TestMember, TestMember];
    const success = await pay(ok, 1, '+250788400001');
    const failure = await pay(fails, 1, '+46733123450');
    const pending = await pay(waits, 1, '+46733123454');
    for (const p of [success, failure, pending]) expect(p.paid.ok).toBe(true);
    await sleep(100); // MTN settles; its callbacks are lost.
    expect(mtn.callbacks.filter((c) => c.answeredStatus !== undefined)).toEqual([]);

    // Not yet: a callback may still come within PAYMENT_POLL_AFTER_SECONDS.
    expect(await poll()).toMatchObject({ outcome: 'ran', report: { asked: 0 } });

    clock.advance(121_000);
    expect(await poll()).toMatchObject({ outcome: 'ran', report: { asked: 3, settled: 1, failed: 1, stillPending: 1 } });
    const reference = (p: typeof success) => (p.paid.ok ? p.paid.value.attempt.providerReference : '');
    expect(await payment(reference(success))).toMatchObject({ status: 'successful' });
    expect(await contributionStatus(success.contribution.id)).toBe('completed');
    expect(await payment(reference(failure))).toMatchObject({ status: 'failed' });
    expect(await contributionStatus(failure.contribution.id)).toBe('pending');
    expect(await payment(reference(pending))).toMatchObject({ status: 'pending' });
    expect(await ledgerEntries()).toBe(1);

    // The member is told, in the outbox, once.
    const sms = await db.orm.em.fork().execute<{ body: string }[]>('select body from outbox_messages where recipient = ?', [ok.phone]);
    expect(sms).toHaveLength(1);

    // Asked again a minute later: only the one MTN still holds pending; nothing is booked twice.
    clock.advance(60_000);
    expect(await poll()).toMatchObject({ report: { asked: 1, stillPending: 1 } });
    expect(await ledgerEntries()).toBe(1);

    // A late callback for the confirmed payment changes nothing.
    const late = await RequestContext.create(db.orm.em, () =>
      t.container.get(SettlePaymentReport).execute({
        reference: reference(success),
        status: 'successful',
        amount: Money.ofCentimes(300_000),
        currency: 'RWF',
        providerTransactionId: undefined,
        reason: undefined,
      }),
    );
    expect(late).toMatchObject({ ok: true, value: { outcome: 'exists' } });
    expect(await ledgerEntries()).toBe(1);
  });

  it('gives up as failed a payment MTN never heard of (the request was lost), so the member can pay again', async () => {
    const member = members[2]!;
    mtn.failNext(500, { code: 'INTERNAL_PROCESSING_ERROR', message: 'lost' });
    const lost = await pay(member, 2, '+250788400003');
    expect(lost.paid).toMatchObject({ ok: false, error: 'mobile_money_unavailable' });
    const stored = await db.orm.em.fork().execute<{ reference: string; status: string }[]>(
      'select reference, status from payments where contribution_id = ?',
      [lost.contribution.id],
    );
    expect(stored).toEqual([{ reference: expect.any(String), status: 'pending' }]);
    clock.advance(121_000);
    const run = await poll();
    expect(run).toMatchObject({ outcome: 'ran', report: { failed: 1 } });
    expect(await payment(stored[0]!.reference)).toMatchObject({ status: 'failed' });
    expect(await contributionStatus(lost.contribution.id)).toBe('pending');
  });
});
