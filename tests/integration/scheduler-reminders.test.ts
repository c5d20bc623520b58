/**
 * The `reminders` and `overdue-notices` jobs against PostgreSQL, with an injected clock: 3 days
 * before, 1 day before and on the due date at 09:00 Kigali, once each, in the member's language,
 * nothing for paid contributions; one overdue notice per contribution.
 */
import { RequestContext } from '@mikro-orm/core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../core/money/money.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { render } from '../../apps/notifications/catalogue.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { buildContainer } from '../../apps/container.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { SendContributionReminders } from '../../core/contributions/send-contribution-reminders.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { contributionsOf, registerMember, runningTontine, type ContributionRow, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
// Monday 1 June 2026, 06:00 in Kigali (UTC+2).
const clock = new FakeClock(new Date('2026-06-01T04:00:00Z'));
let keza: TestMember;
let jean: TestMember;
let tontineId: string;
let contributions: ContributionRow[];

const setClock = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
const runJob = (name: string) => t.container.get(JobRunner).runOnce(name);

async function outbox(recipient: string) {
  return db.orm.em.fork().execute<{ channel: string; subject: string | null; body: string }[]>('select channel, subject, body from outbox_messages where recipient = ? order by created_at, body', [recipient]);
}
async function notifications(userId: string) {
  return db.orm.em.fork().execute<{ type: string; title: string; message: string }[]>('select type, title, message from notifications where user_id = ? order by created_at, message', [userId]);
}
function text(member: TestMember, template: 'contribution_due' | 'contribution_overdue', dueDate: string) {
  return render(member.language, template, { tontineName: 'Abunzi', amount: '5,000 RWF', dueDate, cycle: '' });
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { clock, env: { SANDBOX_SETTLE_MS: '600000' } });
  keza = await registerMember(db, t, { email: 'keza@example.rw', firstName: 'Keza', language: 'rw', phone: '+250788300001' });
  jean = await registerMember(db, t, { email: 'jean@example.rw', firstName: 'Jean', language: 'fr', phone: '+250788300002' });
  tontineId = await runningTontine(db, t, [keza, jean], { name: 'Abunzi', amount: '5000', frequency: 'weekly' });
  contributions = await contributionsOf(db, tontineId);
});
afterAll(async () => {
  await db?.drop();
});

describe('contribution reminders', () => {
  it('schedules cycle 1 on the start day and cycle 2 a week later', () => {
    expect(contributions.map((c) => [c.cycle, c.due_date])).toEqual([
      [1, '2026-06-01'],
      [1, '2026-06-01'],
      [2, '2026-06-08'],
      [2, '2026-06-08'],
    ]);
  });

  it('sends nothing before 09:00 Kigali', async () => {
    setClock('2026-06-01T06:59:00Z');
    expect(await runJob('reminders')).toMatchObject({ outcome: 'ran', report: { sent: 0 } });
    expect(await outbox(keza.phone)).toEqual([]);
  });

  it('at 09:00 Kigali on the due date: in-app, SMS and e-mail, each in the member\'s language', async () => {
    setClock('2026-06-01T07:00:00Z');
    expect(await runJob('reminders')).toMatchObject({ outcome: 'ran', report: { sent: 2, failed: 0 } });
    for (const member of [keza, jean]) {
      const expected = text(member, 'contribution_due', '2026-06-01');
      expect(await notifications(member.id)).toEqual([{ type: 'contribution_due', title: expected.title, message: expected.message }]);
      expect(await outbox(member.phone)).toEqual([{ channel: 'sms', subject: null, body: expected.message }]);
      const [mail] = await outbox(member.email);
      expect(mail).toMatchObject({ channel: 'email', subject: expected.title });
      expect(mail?.body).toContain(expected.message);
    }
    // Kinyarwanda and French texts differ: the language really is the member's.
    expect(text(keza, 'contribution_due', '2026-06-01').message).not.toBe(text(jean, 'contribution_due', '2026-06-01').message);
  });

  it('sends each reminder once: later runs the same day (the catch-up) send nothing more', async () => {
    setClock('2026-06-01T07:15:00Z');
    expect(await runJob('reminders')).toMatchObject({ report: { sent: 0 } });
    setClock('2026-06-01T21:45:00Z');
    expect(await runJob('reminders')).toMatchObject({ report: { sent: 0 } });
    expect(await notifications(keza.id)).toHaveLength(1);
    expect(await outbox(keza.phone)).toHaveLength(1);
  });

  it('tells each member once when a contribution turns overdue, the next morning', async () => {
    setClock('2026-06-01T21:59:00Z');
    expect(await runJob('overdue-notices')).toMatchObject({ report: { sent: 0 } });
    setClock('2026-06-02T07:00:00Z');
    expect(await runJob('overdue-notices')).toMatchObject({ outcome: 'ran', report: { sent: 2 } });
    expect(await runJob('overdue-notices')).toMatchObject({ report: { sent: 0 } });
    const expected = text(jean, 'contribution_overdue', '2026-06-01');
    expect((await notifications(jean.id)).at(-1)).toEqual({ type: 'contribution_due', title: expected.title, message: expected.message });
    expect((await outbox(jean.phone)).at(-1)?.body).toBe(expected.message);
  });

  it('sends nothing for a paid contribution: 3 days, 1 day and due day go to the one who has not paid', async () => {
    const kezaCycle2 = contributions.find((c) => c.member_id === keza.id && c.cycle === 2)!;
    await RequestContext.create(db.orm.em, async () => {
      const paid = await t.container.get(PayContribution).execute({ contributionId: kezaCycle2.id, userId: keza.id, idempotencyKey: 'keza-cycle-2', provider: 'sandbox', msisdn: keza.phone });
      if (!paid.ok) throw new Error(paid.error);
      const settled = await t.container.get(SettlePaymentReport).execute({
        reference: paid.value.attempt.providerReference,
        status: 'successful',
        amount: Money.ofCentimes(500_000),
        currency: 'RWF',
        providerTransactionId: 'tx-1',
        reason: undefined,
      });
      expect(settled).toMatchObject({ ok: true, value: { outcome: 'applied' } });
    });
    const before = { keza: (await outbox(keza.phone)).length, jean: (await outbox(jean.phone)).length };

    for (const [instant, dueDateText] of [
      ['2026-06-05T06:59:00Z', null],
      ['2026-06-05T07:00:00Z', '2026-06-08'],
      ['2026-06-06T07:00:00Z', null],
      ['2026-06-07T07:00:00Z', '2026-06-08'],
      ['2026-06-08T07:00:00Z', '2026-06-08'],
      ['2026-06-08T21:00:00Z', null],
    ] as const) {
      setClock(instant);
      const run = await runJob('reminders');
      expect(run, instant).toMatchObject({ outcome: 'ran', report: { sent: dueDateText ? 1 : 0 } });
    }
    const jeanSms = (await outbox(jean.phone)).slice(before.jean);
    expect(jeanSms.map((m) => m.body)).toEqual(Array(3).fill(text(jean, 'contribution_due', '2026-06-08').message));
    // Keza paid: only her "payment received" SMS, no reminder.
    const kezaSms = (await outbox(keza.phone)).slice(before.keza);
    expect(kezaSms.map((m) => m.body)).not.toContain(text(keza, 'contribution_due', '2026-06-08').message);
    const sent = await db.orm.em.fork().execute<{ contribution_id: string; kind: string }[]>('select contribution_id, kind from contribution_notices order by sent_at, kind');
    expect(sent.filter((n) => n.contribution_id === kezaCycle2.id)).toEqual([]);
  });

  it('sends a reminder once even when two replicas run the job at the same moment without the lock', async () => {
    // Beyond the lock: the UNIQUE (contribution, kind) row decides, inside the outbox transaction.
    const other = buildContainer({ config: t.config, orm: db.orm, logger: pino({ level: 'silent' }), clock, singleSignOn: null, mailTransport: null });
    const member = await registerMember(db, t, { email: 'aline@example.rw', firstName: 'Aline', language: 'sw', phone: '+250788300003' });
    const partner = await registerMember(db, t, { email: 'eric@example.rw', firstName: 'Eric', language: 'en', phone: '+250788300004' });
    setClock('2026-06-10T04:00:00Z');
    await runningTontine(db, t, [member, partner], { name: 'Twese', amount: '2000', frequency: 'weekly' });
    setClock('2026-06-10T07:05:00Z');
    const runs = await Promise.all(
      [t.container, other, t.container, other].map((c) => RequestContext.create(db.orm.em, () => c.get(SendContributionReminders).execute())),
    );
    expect(runs.reduce((n, r) => n + (r.sent ?? 0), 0)).toBe(2);
    expect(await outbox(member.phone)).toHaveLength(1);
    expect(await outbox(partner.phone)).toHaveLength(1);
  });
});
