import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { MobileMoneyStatusError, MobileMoneyStatusReport, PaymentDispute, Settled, SettleError } from '../payments/ports.ts';
import { ReconcilePayment } from './reconcile-payment.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

function report(overrides: Partial<MobileMoneyStatusReport> = {}): MobileMoneyStatusReport {
  return { reference: 'ref-1', status: 'successful', amount: Money.ofFrancs(5000), currency: 'RWF', providerTransactionId: '42', reason: undefined, ...overrides };
}

function reconcile(options: {
  answer: Result<MobileMoneyStatusReport, MobileMoneyStatusError>;
  settled?: Result<Settled, SettleError>;
}) {
  const asked: string[] = [];
  const settledReports: MobileMoneyStatusReport[] = [];
  const disputes: PaymentDispute[] = [];
  const audit = new RecordingAuditTrail();
  const useCase = new ReconcilePayment({
    mobileMoney: {
      collectionStatus: async (provider, reference) => (asked.push(`collection:${reference}${provider === 'mtn' ? '' : `@${provider}`}`), options.answer),
      transferStatus: async (provider, reference) => (asked.push(`transfer:${reference}${provider === 'mtn' ? '' : `@${provider}`}`), options.answer),
    },
    provider: 'mtn',
    currency: 'EUR',
    currencies: { mtn: 'RWF', airtel: 'RWF' },
    settle: async (r) => (settledReports.push(r), options.settled ?? ok({ outcome: 'applied', paymentStatus: 'successful' })),
    disputes: {
      raise: async (d) => {
        const again = disputes.some((x) => x.reference === d.reference && x.problem === d.problem && x.reportedStatus === d.reportedStatus);
        disputes.push(d);
        return again ? 'exists' : 'raised';
      },
    },
    audit,
    uow: { run: (work) => work() },
    clock: { now: () => NOW },
  });
  return { useCase, asked, settledReports, disputes, audit };
}

describe('ReconcilePayment: only the provider’s own answer is booked', () => {
  it('asks the status query of the payment’s direction and settles exactly what it answers', async () => {
    const answer = report();
    const { useCase, asked, settledReports } = reconcile({ answer: ok(answer) });
    expect(await useCase.execute({ direction: 'transfer', reference: 'ref-1' })).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(asked).toEqual(['transfer:ref-1']);
    expect(settledReports).toEqual([answer]);
  });

  it('books nothing when the provider cannot answer or never heard of the reference', async () => {
    for (const error of ['mobile_money_unavailable', 'mobile_money_reference_unknown'] as const) {
      const { useCase, asked, settledReports, disputes } = reconcile({ answer: err(error) });
      expect(await useCase.execute({ direction: 'collection', reference: 'ref-1' })).toEqual(err(error));
      expect([asked, settledReports, disputes]).toEqual([['collection:ref-1'], [], []]);
    }
  });

  it('passes a pending answer on, which books nothing', async () => {
    const { useCase, settledReports, disputes } = reconcile({ answer: ok(report({ status: 'pending', currency: 'EUR' })), settled: ok({ outcome: 'pending', paymentStatus: 'pending' }) });
    expect(await useCase.execute({ direction: 'collection', reference: 'ref-1' })).toEqual(ok({ outcome: 'pending', paymentStatus: 'pending' }));
    expect([settledReports.length, disputes]).toEqual([1, []]);
  });

  it('disputes an answer in another currency without settling it', async () => {
    const { useCase, settledReports, disputes } = reconcile({ answer: ok(report({ currency: 'EUR' })) });
    expect(await useCase.execute({ direction: 'collection', reference: 'ref-1' })).toEqual(ok({ outcome: 'disputed', paymentStatus: 'pending' }));
    expect(settledReports).toEqual([]);
    expect(disputes).toEqual([expect.objectContaining({ reference: 'ref-1', direction: 'collection', problem: 'currency_mismatch', reportedCurrency: 'EUR', raisedAt: NOW })]);
  });

  it('disputes another amount than was asked, and answers the mismatch', async () => {
    const { useCase, disputes } = reconcile({ answer: ok(report({ amount: Money.ofFrancs(50_000) })), settled: err('payment_amount_mismatch') });
    expect(await useCase.execute({ direction: 'transfer', reference: 'ref-1' })).toEqual(err('payment_amount_mismatch'));
    expect(disputes).toEqual([expect.objectContaining({ problem: 'amount_mismatch', reportedAmount: Money.ofFrancs(50_000), reportedStatus: 'successful' })]);
  });

  it('disputes an answer that contradicts the books (a success after a booked failure), audited once however often asked', async () => {
    const { useCase, disputes, audit } = reconcile({ answer: ok(report()), settled: ok({ outcome: 'disputed', paymentStatus: 'failed' }) });
    expect(await useCase.execute({ direction: 'transfer', reference: 'ref-1' })).toEqual(ok({ outcome: 'disputed', paymentStatus: 'failed' }));
    await useCase.execute({ direction: 'transfer', reference: 'ref-1' });
    expect(disputes[0]).toEqual(expect.objectContaining({ problem: 'contradicts_books', providerTransactionId: '42' }));
    expect(audit.entries).toEqual([
      {
        action: 'transfer_disputed',
        actor: 'provider:mtn',
        subject: 'payment:ref-1',
        details: { direction: 'transfer', problem: 'contradicts_books', reportedStatus: 'successful', reportedAmount: '5000.00', reportedCurrency: 'RWF' },
      },
    ]);
  });

  it('asks the provider the payment went to, in that provider\'s currency', async () => {
    const { useCase, asked, settledReports } = reconcile({ answer: ok(report()) });
    expect(await useCase.execute({ direction: 'collection', reference: 'ref-1', provider: 'airtel' })).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(asked).toEqual(['collection:ref-1@airtel']);
    expect(settledReports).toHaveLength(1);
    const sandbox = reconcile({ answer: ok(report({ currency: 'EUR' })) });
    expect(await sandbox.useCase.execute({ direction: 'transfer', reference: 'ref-1', provider: 'sandbox' })).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(sandbox.asked).toEqual(['transfer:ref-1@sandbox']);
  });

  it('disputes an answer stating no amount (Airtel) only when it contradicts the books, audited as "not stated"', async () => {
    const { useCase, disputes, audit } = reconcile({ answer: ok(report({ amount: undefined })), settled: ok({ outcome: 'disputed', paymentStatus: 'failed' }) });
    expect(await useCase.execute({ direction: 'collection', reference: 'ref-1', provider: 'airtel' })).toEqual(ok({ outcome: 'disputed', paymentStatus: 'failed' }));
    expect(disputes).toEqual([expect.objectContaining({ problem: 'contradicts_books', reportedAmount: undefined })]);
    expect(audit.entries).toEqual([expect.objectContaining({ actor: 'provider:airtel', details: expect.objectContaining({ reportedAmount: null }) })]);
  });

  it('raises no dispute for an unknown payment', async () => {
    const { useCase, disputes } = reconcile({ answer: ok(report()), settled: err('payment_not_found') });
    expect(await useCase.execute({ direction: 'collection', reference: 'ref-1' })).toEqual(err('payment_not_found'));
    expect(disputes).toEqual([]);
  });
});
