import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { aContribution } from './contributions.fixtures.ts';
import { PAYMENT_ATTEMPT_TIMEOUT_MS } from './contribution.ts';

// Due 2026-03-31 in Kigali; Kigali is UTC+2.
const onDueDateLate = new Date('2026-03-31T21:59:00Z'); // 23:59 Kigali on the due date
const dayAfter = new Date('2026-03-31T22:00:00Z'); // 00:00 Kigali the next day

const attempt = (key: string, at: Date) => ({ idempotencyKey: key, providerReference: `ref-${key}`, provider: 'mtn' as const, msisdn: '+250788123456', requestedAt: at });

describe('contribution status', () => {
  it('is pending, then overdue once its due date is over in Kigali (derived, not stored)', () => {
    const c = aContribution();
    expect(c.viewAt(onDueDateLate)).toBe('pending');
    expect(c.viewAt(dayAfter)).toBe('overdue');
    expect(c.status).toBe('pending');
  });

  it('becomes completed on a confirmed payment, paid on time up to the last minute of the due date', () => {
    const c = aContribution();
    c.recordAttempt(attempt('k1', onDueDateLate));
    expect(c.settleAttempt('ref-k1', 'successful', Money.ofFrancs(5000), onDueDateLate)).toEqual({ ok: true, value: 'applied' });
    expect(c.viewAt(dayAfter)).toBe('completed');
    expect([c.paidOnTime, c.paymentMethod, c.paymentReference]).toEqual([true, 'mobile_money', 'ref-k1']);
    const late = aContribution();
    late.recordAttempt(attempt('k2', dayAfter));
    late.settleAttempt('ref-k2', 'successful', Money.ofFrancs(5000), dayAfter);
    expect(late.paidOnTime).toBe(false);
  });

  it('a failed payment leaves it pending and lets the member pay again', () => {
    const c = aContribution();
    c.recordAttempt(attempt('k1', dayAfter));
    expect(c.canStartPayment(dayAfter)).toEqual({ ok: false, error: 'payment_in_progress' });
    expect(c.settleAttempt('ref-k1', 'failed', Money.ofFrancs(5000), dayAfter)).toEqual({ ok: true, value: 'failed' });
    expect(c.status).toBe('pending');
    expect(c.canStartPayment(dayAfter)).toEqual({ ok: true, value: undefined });
  });

  it('an attempt with no answer is given up after the timeout', () => {
    const c = aContribution();
    c.recordAttempt(attempt('k1', dayAfter));
    expect(c.canStartPayment(new Date(dayAfter.getTime() + PAYMENT_ATTEMPT_TIMEOUT_MS)).ok).toBe(true);
  });

  it('confirms once: a repeat answers exists, another amount is refused, a late failure of a success is refused', () => {
    const c = aContribution();
    c.recordAttempt(attempt('k1', dayAfter));
    expect(c.settleAttempt('ref-k1', 'successful', Money.ofFrancs(4000), dayAfter)).toEqual({ ok: false, error: 'amount_mismatch' });
    c.settleAttempt('ref-k1', 'successful', Money.ofFrancs(5000), dayAfter);
    expect(c.settleAttempt('ref-k1', 'successful', Money.ofFrancs(5000), dayAfter)).toEqual({ ok: true, value: 'exists' });
    expect(c.settleAttempt('ref-k1', 'successful', Money.ofFrancs(5001), dayAfter)).toEqual({ ok: false, error: 'amount_mismatch' });
    expect(c.settleAttempt('ref-k1', 'failed', Money.ofFrancs(5000), dayAfter)).toEqual({ ok: false, error: 'payment_already_confirmed' });
    expect(c.settleAttempt('ref-other', 'successful', Money.ofFrancs(5000), dayAfter)).toEqual({ ok: false, error: 'payment_not_found' });
    expect(c.canStartPayment(dayAfter)).toEqual({ ok: false, error: 'contribution_already_paid' });
  });

  it('a second successful attempt on a paid contribution is refused, not booked twice', () => {
    const c = aContribution();
    c.recordAttempt(attempt('k1', dayAfter));
    const later = new Date(dayAfter.getTime() + PAYMENT_ATTEMPT_TIMEOUT_MS);
    c.recordAttempt(attempt('k2', later));
    c.settleAttempt('ref-k2', 'successful', Money.ofFrancs(5000), later);
    expect(c.settleAttempt('ref-k1', 'successful', Money.ofFrancs(5000), later)).toEqual({ ok: false, error: 'contribution_already_paid' });
  });

  it('arrears are settled from the pot once, keeping the payout reference', () => {
    const c = aContribution();
    c.settleFromPot('payout:t-1:1', dayAfter);
    expect([c.status, c.paymentMethod, c.paymentReference]).toEqual(['completed', 'pot_deduction', 'payout:t-1:1']);
    expect(() => c.settleFromPot('payout:t-1:2', dayAfter)).toThrow();
  });

  it('a contribution is a positive amount; an idempotency key is used once', () => {
    expect(() => aContribution({ amount: Money.ZERO })).toThrow();
    const c = aContribution();
    c.recordAttempt(attempt('k1', dayAfter));
    c.settleAttempt('ref-k1', 'failed', Money.ofFrancs(5000), dayAfter);
    expect(() => c.recordAttempt(attempt('k1', dayAfter))).toThrow();
  });
});
