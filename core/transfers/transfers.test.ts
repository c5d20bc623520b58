/**
 * The transfers module's use cases over a purpose policy that records what it is told; the
 * purposes' own rules are tested with them (core/tontines/savings-transfers.test.ts,
 * core/loans/disburse-loan.test.ts, core/settlements, core/agents).
 */
import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { accounts } from '../ledger/accounts.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Journal } from '../ledger/journal.ts';
import { FakeMobileMoney } from '../loans/loans.fixtures.ts';
import { Money } from '../money/money.ts';
import { err, type Result } from '../shared/result.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import type { TransferPolicy } from './ports.ts';
import type { RequestTransfer } from './request-transfer.ts';
import type { OutgoingTransfer } from './transfer.ts';
import { InMemoryOutgoingTransfers, transferUseCases } from './transfers.fixtures.ts';

const subject = accounts.loan('l1');

class RecordingPolicy implements TransferPolicy {
  readonly retriesOnSchedule = true;
  readonly told: string[] = [];
  refuseFailure = false;
  cannotPay = false;
  constructor(private readonly request: RequestTransfer) {}
  async failed(t: OutgoingTransfer) {
    this.told.push(`failed ${t.reference}`);
    return this.refuseFailure ? ('contradicts_books' as const) : ('booked_back' as const);
  }
  async rebook(failed: OutgoingTransfer, attempt: number): Promise<Result<OutgoingTransfer, 'not_owed' | 'cannot_pay'>> {
    if (this.cannotPay) return err('cannot_pay');
    const booked = await this.request.execute({ ...failed, wallet: { provider: failed.provider, msisdn: failed.msisdn }, attempt });
    return booked.ok ? booked : err('cannot_pay');
  }
  async givenUp(t: OutgoingTransfer) {
    this.told.push(`given up ${t.transferReference}`);
  }
}

function world() {
  const ledger = new InMemoryLedger();
  const deps = {
    transfers: new InMemoryOutgoingTransfers(),
    journal: new Journal(ledger),
    uow: new DirectUnitOfWork(),
    mobileMoney: new FakeMobileMoney(),
    clock: new FixedClock(new Date('2026-11-23T10:00:00Z')),
    ids: new SequentialIds('t'),
    audit: new RecordingAuditTrail(),
  };
  let policy!: RecordingPolicy;
  const cases = transferUseCases(deps, (request) => {
    policy = new RecordingPolicy(request);
    return { loan_disbursement: policy };
  });
  const request = () =>
    deps.uow.run(() =>
      cases.requestTransfer.execute({
        purpose: 'loan_disbursement',
        subjectId: 'l1',
        debitedAccount: subject,
        transferReference: 'loan-disbursement:l1',
        memberId: 'm1',
        wallet: { provider: 'mtn', msisdn: '+250788123456' },
        amount: Money.ofFrancs(5000),
        description: 'Ikimina: loan disbursement',
      }),
    );
  return { ...deps, ...cases, ledger, policy: () => policy, request };
}

describe('outgoing transfers', () => {
  it('books and stores the attempt requested; sent once the provider accepts; completed on its word, once', async () => {
    const w = world();
    const booked = await w.request();
    expect(booked.ok && booked.value).toMatchObject({ reference: 'loan-disbursement:l1', attempt: 1, status: 'requested' });
    expect(w.ledger.balance(subject)).toEqual(Money.ofFrancs(5000));
    expect(await w.request()).toEqual(booked);
    expect(w.ledger.entries()).toHaveLength(1);
    expect(await w.sendTransfer.execute({ reference: 'loan-disbursement:l1' })).toEqual({ ok: true, value: 'sent' });
    expect((await w.transfers.findByReference('loan-disbursement:l1'))?.status).toBe('sent');
    expect(await w.settleTransfer.execute({ reference: 'loan-disbursement:l1', status: 'successful', providerTransactionId: '42' })).toEqual({ ok: true, value: 'applied' });
    expect(await w.settleTransfer.execute({ reference: 'loan-disbursement:l1', status: 'failed' })).toEqual({ ok: true, value: 'exists' });
    expect(await w.transfers.findByReference('loan-disbursement:l1')).toMatchObject({ status: 'completed', providerTransactionId: '42' });
    expect(await w.sendTransfer.execute({ reference: 'loan-disbursement:l1' })).toEqual({ ok: true, value: 'not_pending' });
    expect(await w.settleTransfer.execute({ reference: 'nope', status: 'failed' })).toEqual({ ok: false, error: 'payment_not_found' });
    expect(await w.settleTransfer.execute({ reference: 'loan-disbursement:l1', status: 'successful', amount: Money.ofFrancs(1) })).toEqual({ ok: false, error: 'amount_mismatch' });
  });

  it('a failure is reversed under reversal:<reference>, retried on the schedule, and given up after the last attempt', async () => {
    const w = world();
    await w.request();
    w.mobileMoney.failWith = 'mobile_money_refused';
    expect(await w.sendTransfer.execute({ reference: 'loan-disbursement:l1' })).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect(w.ledger.balance(subject)).toEqual(Money.ZERO);
    expect(w.ledger.entries().map((e) => e.key)).toEqual(['loan-disbursement:l1', 'reversal:loan-disbursement:l1']);
    for (let n = 2; n <= 4; n++) {
      const due = (await w.transfers.listRetriesDue(new Date('2100-01-01'), 10))[0]!;
      expect((await w.retryTransfer.execute({ reference: due.reference })).outcome).toBe('not_due');
      w.clock.set(due.retryAt!);
      expect(await w.retryTransfer.execute({ reference: due.reference })).toMatchObject({ outcome: 'retried', attempt: { reference: `loan-disbursement:l1-${n}`, attempt: n } });
    }
    expect(w.transfers.all().map((t) => t.status)).toEqual(['failed', 'failed', 'failed', 'given_up']);
    expect(w.policy().told.at(-1)).toBe('given up loan-disbursement:l1');
    expect(w.ledger.balance(subject)).toEqual(Money.ZERO);
  });

  it('a failure the purpose cannot take is disputed: nothing is reversed, and it is no longer polled', async () => {
    const w = world();
    await w.request();
    w.policy().refuseFailure = true;
    expect(await w.settleTransfer.execute({ reference: 'loan-disbursement:l1', status: 'failed' })).toEqual({ ok: true, value: 'contradicts_books' });
    expect((await w.transfers.findByReference('loan-disbursement:l1'))?.status).toBe('disputed');
    expect(w.ledger.entries()).toHaveLength(1);
    expect(await w.transfers.listPendingOlderThan(new Date('2100-01-01'), 10)).toEqual([]);
    expect(await w.settleTransfer.execute({ reference: 'loan-disbursement:l1', status: 'successful' })).toEqual({ ok: true, value: 'contradicts_books' });
  });

  it('an admin retries a given-up transfer now, audited; only its latest attempt, once', async () => {
    const w = world();
    await w.request();
    w.policy().cannotPay = true;
    w.mobileMoney.failWith = 'mobile_money_refused';
    await w.sendTransfer.execute({ reference: 'loan-disbursement:l1' });
    w.clock.set('2026-11-23T10:05:00Z');
    expect(await w.retryTransfer.execute({ reference: 'loan-disbursement:l1' })).toEqual({ outcome: 'given_up' });
    const givenUp = (await w.transfers.findByReference('loan-disbursement:l1'))!;
    expect(givenUp.status).toBe('given_up');

    expect(await w.retryGivenUpTransfer.execute({ transferId: givenUp.id, retriedBy: 'admin:ops' })).toEqual({ ok: false, error: 'transfer_cannot_be_paid' });
    w.policy().cannotPay = false;
    w.mobileMoney.failWith = undefined;
    const retried = await w.retryGivenUpTransfer.execute({ transferId: givenUp.id, retriedBy: 'admin:ops' });
    expect(retried.ok && retried.value).toMatchObject({ reference: 'loan-disbursement:l1-2', attempt: 2, status: 'sent' });
    expect(w.audit.entries.map((e) => [e.action, e.actor, e.subject])).toEqual([['transfer_retried', 'admin:ops', `transfer:${givenUp.id}`]]);
    expect(await w.retryGivenUpTransfer.execute({ transferId: givenUp.id, retriedBy: 'admin:ops' })).toEqual({ ok: false, error: 'transfer_not_retryable' });
    expect(await w.retryGivenUpTransfer.execute({ transferId: 'nope', retriedBy: 'admin:ops' })).toEqual({ ok: false, error: 'transfer_not_found' });
    expect((await w.listTransfers.execute({ status: 'pending', limit: 10 })).transfers.map((t) => t.reference)).toEqual(['loan-disbursement:l1-2']);
  });
});
