import { describe, expect, it } from 'vitest';
import { activeLoanWorld } from './loans.fixtures.ts';
import { SendInstalmentReminders } from './send-instalment-reminders.ts';

async function activeLoan() {
  const active = await activeLoanWorld();
  active.w.notifier.sent.length = 0;
  return active;
}

describe('send instalment reminders', () => {
  it('reminds 3 days before the due day at 09:00 Kigali, once, recorded with its notice', async () => {
    const { w, loan } = await activeLoan();
    const due = loan.schedule[0]!.dueDate;
    w.clock.set(new Date(new Date(`${due}T07:00:00Z`).getTime() - 3 * 86_400_000).toISOString());
    expect(await new SendInstalmentReminders(w).execute()).toEqual({ sent: 1, alreadySent: 0, failed: [] });
    expect(w.notifier.sent).toEqual([expect.objectContaining({ userId: 'm1', type: 'loan_payment', template: 'loan_payment_due', params: expect.objectContaining({ dueDate: due, daysBefore: '3' }) })]);
    expect([...w.reminders.sent.keys()]).toEqual([`${loan.id}:1:three_days_before`]);
    expect(await new SendInstalmentReminders(w).execute()).toEqual({ sent: 0, alreadySent: 0, failed: [] });
    expect(w.notifier.sent).toHaveLength(1);
  });

  it('answers a reminder that failed with its error, for the caller to log', async () => {
    const { w, loan } = await activeLoan();
    w.clock.set(`${loan.schedule[0]!.dueDate}T07:00:00Z`);
    w.notifier.notify = async () => {
      throw new Error('outbox down');
    };
    const report = await new SendInstalmentReminders(w).execute();
    expect([report.sent, report.failed.map((f) => [f.reminder.loan.id, (f.error as Error).message])]).toEqual([0, [[loan.id, 'outbox down']]]);
  });
});
