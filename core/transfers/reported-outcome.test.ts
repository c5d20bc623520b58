import { describe, expect, it } from 'vitest';
import { reportedOutcome, type TransferSettlement } from './settle-transfer.ts';

describe('reportedOutcome: a transfer settlement as a payment report reads it', () => {
  it('keeps the final and pending words, fails a given-up transfer and disputes one that contradicts the books', () => {
    const all: TransferSettlement[] = ['applied', 'exists', 'pending', 'failed', 'given_up', 'contradicts_books'];
    expect(all.map(reportedOutcome)).toEqual(['applied', 'exists', 'pending', 'failed', 'failed', 'disputed']);
  });
});
