import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { err, ok } from '../shared/result.ts';
import { attemptToPay, countByStatus, isPaidBy, PayoutTransferPolicy, transitionPayout, type PayoutStatus } from './payout-status.ts';

const STATUSES: PayoutStatus[] = ['processing', 'completed', 'failed'];
const status = fc.constantFrom(...STATUSES);

describe('payout status (settlement batches, commission payouts)', () => {
  it('property: only a processing payout moves, to completed or failed; a final one never changes', () => {
    fc.assert(
      fc.property(status, fc.constantFrom('complete' as const, 'fail' as const), (from, event) => {
        const moved = transitionPayout(from, event);
        return from === 'processing' ? moved.ok && moved.value === (event === 'complete' ? 'completed' : 'failed') : !moved.ok;
      }),
    );
  });

  it('pays a processing payout as its current attempt, a failed one only on retry as the next', () => {
    expect(attemptToPay({ status: 'processing', attempts: 0 }, false)).toEqual(ok(1));
    expect(attemptToPay({ status: 'processing', attempts: 2 }, false)).toEqual(ok(2));
    expect(attemptToPay({ status: 'failed', attempts: 2 }, true)).toEqual(ok(3));
    expect(attemptToPay({ status: 'failed', attempts: 2 }, false)).toEqual(err('payout_transition_not_allowed'));
    expect(attemptToPay({ status: 'processing', attempts: 1 }, true)).toEqual(err('payout_transition_not_allowed'));
    expect(attemptToPay({ status: 'completed', attempts: 1 }, false)).toEqual(err('payout_transition_not_allowed'));
    expect(isPaidBy({ status: 'processing', attempts: 2 }, { attempt: 2 } as OutgoingTransfer)).toBe(true);
    expect(isPaidBy({ status: 'processing', attempts: 2 }, { attempt: 1 } as OutgoingTransfer)).toBe(false);
  });

  it('property: the counts by status add up to the payouts, each in its own status', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 50 }), (statuses) => {
        const counts = countByStatus(statuses.map((s) => ({ status: s })));
        return STATUSES.every((s) => counts[s] === statuses.filter((x) => x === s).length);
      }),
    );
  });

  it('the transfers policy: a failure is booked back only when the payout was processing on it; never retried on schedule or rebooked', async () => {
    const told: string[] = [];
    let processing = true;
    const policy = new PayoutTransferPolicy({ settle: async (t, event) => (told.push(`${event} ${t.reference}`), processing) });
    const transfer = { reference: 'STL-K1-2026-W47' } as OutgoingTransfer;
    expect(await policy.failed(transfer)).toBe('booked_back');
    processing = false;
    expect(await policy.failed(transfer)).toBe('contradicts_books');
    await policy.completed(transfer);
    expect(told).toEqual(['fail STL-K1-2026-W47', 'fail STL-K1-2026-W47', 'complete STL-K1-2026-W47']);
    expect(policy.retriesOnSchedule).toBe(false);
    expect(await policy.rebook()).toEqual(err('not_owed'));
  });
});
