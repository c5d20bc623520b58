import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { err, ok } from '../shared/result.ts';
import { DirectUnitOfWork } from '../shared/shared.fixtures.ts';
import { RetrySettlementBatch } from './retry-settlement-batch.ts';
import type { SettlementBatch } from './settlement-batch.ts';

const paidAgain = { id: 'b-1', batchReference: 'STL-1', status: 'processing', attempts: 2 } as SettlementBatch;

describe('RetrySettlementBatch', () => {
  it('records the retry by the admin, with the status and attempt after the sending, in a unit of work', async () => {
    const audit = new RecordingAuditTrail();
    const uow = new DirectUnitOfWork();
    const retry = new RetrySettlementBatch({ settleMerchants: { retry: async () => ok(paidAgain) }, audit, uow: uow });
    expect(await retry.execute({ batchId: 'b-1', actor: 'admin:ops' })).toEqual(ok(paidAgain));
    expect(audit.entries).toEqual([{ action: 'settlement_retried', actor: 'admin:ops', subject: 'settlement:b-1', details: { status: 'processing', attempt: 2 } }]);
    expect(uow.runs).toBe(1);
  });

  it('records nothing for a refused retry', async () => {
    const audit = new RecordingAuditTrail();
    const retry = new RetrySettlementBatch({ settleMerchants: { retry: async () => err('payout_transition_not_allowed' as const) }, audit, uow: new DirectUnitOfWork() });
    expect(await retry.execute({ batchId: 'b-1', actor: 'admin:ops' })).toEqual(err('payout_transition_not_allowed'));
    expect(audit.entries).toEqual([]);
  });
});
