import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import type { PaymentRecord } from '../payments/ports.ts';
import { localDate } from '../shared/calendar.ts';
import { Contribution } from './contribution.ts';
import { ShowContributionPayment } from './show-contribution-payment.ts';

const T0 = new Date('2026-11-20T08:00:00Z');

function contribution(attempts: { reference: string; at: Date }[]): Contribution {
  const c = Contribution.schedule({ id: 'c1', tontineId: 't1', memberId: 'alice', cycle: 1, amount: Money.ofFrancs(5000), dueDate: localDate(2026, 11, 30) });
  for (const a of attempts) {
    c.recordAttempt({ idempotencyKey: `key-${a.reference}`, providerReference: a.reference, provider: 'mtn', msisdn: '250788000001', requestedAt: a.at });
    c.settleAttempt(a.reference, 'failed', Money.ofFrancs(5000), a.at);
  }
  return c;
}

function payment(reference: string, memberId = 'alice'): PaymentRecord {
  return { id: `p-${reference}`, reference, memberId, status: 'failed', reason: 'Insufficient funds' } as PaymentRecord;
}

function showWith(found: Contribution | undefined, payments: PaymentRecord[]) {
  return new ShowContributionPayment({
    contributions: { findById: async (id) => (found?.id === id ? found : undefined) },
    payments: { findByReference: async (reference) => payments.find((p) => p.reference === reference) },
  });
}

describe('ShowContributionPayment', () => {
  it('answers the payment of the latest attempt, to the member who owes the contribution', async () => {
    const c = contribution([
      { reference: 'r1', at: T0 },
      { reference: 'r2', at: new Date(T0.getTime() + 60_000) },
    ]);
    const shown = await showWith(c, [payment('r1'), payment('r2')]).execute({ userId: 'alice', contributionId: 'c1' });
    expect(shown.ok && shown.value.id).toBe('p-r2');
  });

  it("refuses another member's contribution and an unknown one alike", async () => {
    const c = contribution([{ reference: 'r1', at: T0 }]);
    const show = showWith(c, [payment('r1')]);
    expect(await show.execute({ userId: 'bob', contributionId: 'c1' })).toEqual({ ok: false, error: 'contribution_not_found' });
    expect(await show.execute({ userId: 'alice', contributionId: 'nope' })).toEqual({ ok: false, error: 'contribution_not_found' });
  });

  it('is payment_not_found without an attempt, without its record, or with a record of someone else', async () => {
    expect(await showWith(contribution([]), []).execute({ userId: 'alice', contributionId: 'c1' })).toEqual({ ok: false, error: 'payment_not_found' });
    const c = contribution([{ reference: 'r1', at: T0 }]);
    expect(await showWith(c, []).execute({ userId: 'alice', contributionId: 'c1' })).toEqual({ ok: false, error: 'payment_not_found' });
    expect(await showWith(c, [payment('r1', 'bob')]).execute({ userId: 'alice', contributionId: 'c1' })).toEqual({ ok: false, error: 'payment_not_found' });
  });
});
