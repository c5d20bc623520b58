import { describe, expect, it } from 'vitest';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Journal } from '../ledger/journal.ts';
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import type { CardTransaction, CardVerifyError } from '../payments/card-checkout.ts';
import { ConfirmCardPayment } from './confirm-card-payment.ts';
import type { MobileMoneyStatusReport, Settled } from '../payments/ports.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
const charge = (over: Partial<CardTransaction> = {}): CardTransaction => ({
  id: '3500588',
  reference: 'ref-1',
  status: 'successful',
  amount: Money.ofFrancs(5000),
  currency: 'RWF',
  fee: Money.ofFrancs(70),
  reason: undefined,
  ...over,
});

function setup(answer: Result<CardTransaction, CardVerifyError>, settled: Settled = { outcome: 'applied', paymentStatus: 'successful' }) {
  const asked: { reference: string; transactionId?: string }[] = [];
  const reports: MobileMoneyStatusReport[] = [];
  const expired: string[] = [];
  const warnings: string[] = [];
  const ledger = new InMemoryLedger();
  const clock = new FixedClock(NOW);
  const confirm = new ConfirmCardPayment({
    checkout: { provider: 'flutterwave', verify: async (query) => (asked.push(query), answer) },
    reconcile: { settleReport: async (_provider, _direction, report) => (reports.push(report), ok(settled)) },
    settle: { expire: async (reference) => (expired.push(reference), ok({ outcome: 'failed', paymentStatus: 'failed' })) },
    journal: new Journal(ledger),
    uow: new DirectUnitOfWork(),
    clock,
    ids: new SequentialIds(),
    log: { warn: (_fields, message) => warnings.push(message), error: (_fields, message) => warnings.push(message) },
  });
  return { confirm, asked, reports, expired, warnings, ledger, clock };
}

describe('ConfirmCardPayment', () => {
  it("books the processor's verify answer, never the hint, and posts its fee once to card_fees", async () => {
    const t = setup(ok(charge()));
    expect(await t.confirm.execute({ reference: 'ref-1', transactionId: '3500588' })).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(t.asked).toEqual([{ reference: 'ref-1', transactionId: '3500588' }]);
    expect(t.reports).toEqual([{ reference: 'ref-1', status: 'successful', amount: Money.ofFrancs(5000), currency: 'RWF', providerTransactionId: '3500588', reason: undefined }]);
    await t.confirm.execute({ reference: 'ref-1' });
    expect(t.ledger.balance('card_fees:flutterwave')).toEqual(Money.ofFrancs(70));
    expect(t.ledger.balance('card_clearing:flutterwave')).toEqual(Money.ofFrancs(-70));
  });

  it('posts no fee for a failed or disputed answer, nor when none is reported', async () => {
    for (const [answer, settled] of [
      [charge({ status: 'failed', reason: 'Declined', fee: undefined }), { outcome: 'failed', paymentStatus: 'failed' }],
      [charge(), { outcome: 'disputed', paymentStatus: 'pending' }],
      [charge({ fee: undefined }), { outcome: 'applied', paymentStatus: 'successful' }],
    ] as const) {
      const t = setup(ok(answer), settled);
      await t.confirm.execute({ reference: 'ref-1' });
      expect(t.ledger.balance('card_fees:flutterwave')).toEqual(Money.ZERO);
    }
  });

  it("books nothing for another reference's transaction, and says so", async () => {
    const t = setup(err('card_reference_mismatch'));
    expect(await t.confirm.execute({ reference: 'ref-1', transactionId: '999' })).toEqual(err('card_reference_mismatch'));
    expect([t.reports, t.expired]).toEqual([[], []]);
    expect(t.warnings).toHaveLength(1);
  });

  it('gives up a payment the processor never saw only once its checkout can no longer be open', async () => {
    const startedAt = new Date(NOW.getTime() - 10 * 60_000);
    const t = setup(err('card_transaction_unknown'));
    expect(await t.confirm.execute({ reference: 'ref-1', stored: { amount: Money.ofFrancs(5000), startedAt } })).toEqual(err('card_transaction_unknown'));
    expect(await t.confirm.execute({ reference: 'ref-1' })).toEqual(err('card_transaction_unknown'));
    expect(t.expired).toEqual([]);
    t.clock.set(new Date(NOW.getTime() + 6 * 60_000));
    expect((await t.confirm.execute({ reference: 'ref-1', stored: { amount: Money.ofFrancs(5000), startedAt } })).ok).toBe(true);
    expect(t.expired).toEqual(['ref-1']);
  });

  it('leaves everything as it is when the processor cannot answer', async () => {
    const t = setup(err('card_checkout_unavailable'));
    expect(await t.confirm.execute({ reference: 'ref-1', stored: { amount: Money.ofFrancs(5000), startedAt: new Date(0) } })).toEqual(err('card_checkout_unavailable'));
    expect([t.reports, t.expired]).toEqual([[], []]);
  });
});
