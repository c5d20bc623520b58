import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAwaitingProvider, MAX_TRANSFER_ATTEMPTS, retryAtAfterFailure, reversalKey, transferReference, transitionTransfer, TRANSFER_STATUSES, type TransferEvent, type TransferStatus } from './transfer.ts';

const EVENTS: TransferEvent[] = ['accept', 'complete', 'fail', 'dispute', 'give_up', 'retry'];
const at = new Date('2026-11-23T10:00:00Z');

describe('outgoing transfer state machine', () => {
  it('requested → sent → completed | failed; failed → given_up; failed or given_up → retried (failed); disputed is final', () => {
    expect(transitionTransfer('requested', 'accept')).toEqual({ ok: true, value: 'sent' });
    expect(transitionTransfer('sent', 'complete')).toEqual({ ok: true, value: 'completed' });
    expect(transitionTransfer('requested', 'complete')).toEqual({ ok: true, value: 'completed' });
    expect(transitionTransfer('sent', 'fail')).toEqual({ ok: true, value: 'failed' });
    expect(transitionTransfer('sent', 'dispute')).toEqual({ ok: true, value: 'disputed' });
    expect(transitionTransfer('failed', 'give_up')).toEqual({ ok: true, value: 'given_up' });
    expect(transitionTransfer('given_up', 'retry')).toEqual({ ok: true, value: 'failed' });
    expect(transitionTransfer('completed', 'fail')).toEqual({ ok: false, error: 'transfer_transition_not_allowed' });
    expect(transitionTransfer('sent', 'accept')).toEqual({ ok: false, error: 'transfer_transition_not_allowed' });
    for (const event of EVENTS) expect(transitionTransfer('disputed', event).ok).toBe(false);
    for (const event of EVENTS) expect(transitionTransfer('completed', event).ok).toBe(false);
  });

  it('only requested and sent await the provider (polled, sent again)', () => {
    expect(TRANSFER_STATUSES.filter(isAwaitingProvider)).toEqual(['requested', 'sent']);
  });

  it('attempt n ≥ 2 is sent under <reference>-<n>; a reversal is keyed reversal:<reference>', () => {
    expect([1, 2, 3].map((n) => transferReference('payout:t-1:1', n))).toEqual(['payout:t-1:1', 'payout:t-1:1-2', 'payout:t-1:1-3']);
    expect(reversalKey('payout:t-1:1-2')).toBe('reversal:payout:t-1:1-2');
  });

  it('retries after 5, 30 and 120 minutes, and no more after the last attempt', () => {
    const minutes = [1, 2, 3, 4].map((n) => retryAtAfterFailure(n, at)).map((d) => d && (d.getTime() - at.getTime()) / 60_000);
    expect(minutes).toEqual([5, 30, 120, undefined]);
  });
});

describe('outgoing transfer properties', () => {
  it('whatever events arrive, a final word is given once: completed and disputed never move, and money is booked back only from requested or sent', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENTS), { maxLength: 20 }), (events) => {
        let status: TransferStatus = 'requested';
        let finalWords = 0;
        for (const event of events) {
          const next = transitionTransfer(status, event);
          if (!next.ok) continue;
          if ((event === 'complete' || event === 'fail' || event === 'dispute') && !isAwaitingProvider(status)) return false;
          if (event === 'complete' || event === 'fail' || event === 'dispute') finalWords++;
          status = next.value;
        }
        // One attempt takes the provider's final word at most once.
        return finalWords <= 1 && TRANSFER_STATUSES.includes(status);
      }),
    );
  });

  it('the retry schedule is bounded: at most MAX_TRANSFER_ATTEMPTS attempts, each retry later than the failure', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), (attempt, failedAt) => {
        const next = retryAtAfterFailure(attempt, failedAt);
        return attempt >= MAX_TRANSFER_ATTEMPTS ? next === undefined : next !== undefined && next.getTime() > failedAt.getTime();
      }),
    );
  });
});
