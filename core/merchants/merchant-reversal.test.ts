import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalEntry } from '../ledger/journal-entry.ts';
import { Money } from '../money/money.ts';
import { paymentPostings, splitPayment } from './merchant-fee.ts';
import { nettingPostings, reversalPostings, reversalRefusal, validReversalReason } from './merchant-reversal.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';

function completedPayment(grossCentimes: number, agentId?: string): MerchantTransaction {
  const split = splitPayment(Money.ofCentimes(grossCentimes), agentId !== undefined);
  return {
    id: 't1',
    transactionReference: 'merchant-payment:t1',
    merchantId: 'm1',
    provider: 'mtn',
    customerPhoneNumber: '+250788111111',
    amount: split.gross,
    merchantFee: split.fee,
    netAmount: split.net,
    commission: split.commission,
    ...(agentId ? { agentId } : {}),
    status: 'completed',
    createdAt: new Date('2026-11-18T10:00:00Z'),
    completedAt: new Date('2026-11-18T10:00:00Z'),
  };
}

const amounts = (postings: readonly { account: string; amount: Money }[]) => Object.fromEntries(postings.map((p) => [p.account, p.amount.toDecimal()]));

describe('reversing a merchant payment', () => {
  it('refuses an unknown, unfinished or already reversed payment', () => {
    expect(reversalRefusal(undefined, false)).toBe('transaction_not_found');
    expect(reversalRefusal({ ...completedPayment(1_000_000), status: 'pending' }, false)).toBe('transaction_not_completed');
    expect(reversalRefusal({ ...completedPayment(1_000_000), status: 'failed' }, false)).toBe('transaction_not_completed');
    expect(reversalRefusal(completedPayment(1_000_000), true)).toBe('already_reversed');
    expect(reversalRefusal({ ...completedPayment(1_000_000), provider: 'flutterwave' }, false)).toBeUndefined(); // refunded to the card (RefundCardPayment)
    expect(reversalRefusal(completedPayment(1_000_000), false)).toBeUndefined();
  });

  it('needs a reason of 5 to 500 characters, kept trimmed', () => {
    expect(validReversalReason('  customer charged twice ')).toEqual({ ok: true, value: 'customer charged twice' });
    expect(validReversalReason('oops').ok).toBe(false);
    expect(validReversalReason('x'.repeat(501)).ok).toBe(false);
  });

  it('golden 10,001 RWF with a pending commission: the payment’s credits undone, the gross owed to the payer', () => {
    const postings = reversalPostings(completedPayment(1_000_100, 'a1'), true);
    expect(amounts(postings)).toEqual({
      'merchant_receivable:m1': '9800.98',
      'merchant_refund:t1': '-10001.00',
      fee_income: '150.02',
      'agent_commission:a1': '50.00',
    });
  });

  it('a commission already paid out stays with the agent: fee income bears the whole fee', () => {
    expect(amounts(reversalPostings(completedPayment(1_000_100, 'a1'), false))).toEqual({ 'merchant_receivable:m1': '9800.98', 'merchant_refund:t1': '-10001.00', fee_income: '200.02' });
  });

  it('property: a reversal balances, and with the payment and its refund every account but the provider’s is back to zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.boolean(), fc.boolean(), (francs, withAgent, commissionOwed) => {
        const payment = completedPayment(francs * 100, withAgent ? 'a1' : undefined);
        const reversal = reversalPostings(payment, commissionOwed);
        expect(journalEntry({ id: 'e', key: 'k', kind: 'merchant_payment_reversed', occurredAt: new Date(), postings: reversal }).ok).toBe(true);
        const booked = [
          ...paymentPostings(splitPayment(payment.amount, withAgent), 'mtn', 'm1', payment.agentId),
          ...reversal,
          // the refund transfer: merchant_refund → provider clearing; the settlement nets the receivable against the payable
          { account: 'merchant_refund:t1', amount: payment.amount },
          { account: 'mobile_money:mtn', amount: payment.amount.negate() },
          ...nettingPostings('m1', payment.netAmount),
        ];
        const totals = new Map<string, number>();
        for (const p of booked) totals.set(p.account, (totals.get(p.account) ?? 0) + p.amount.centimes);
        const paidCommission = withAgent && !commissionOwed ? payment.commission.centimes : 0;
        // The agent keeps a commission paid out already (its payout debited it); fee income bore it.
        expect(Object.fromEntries([...totals].filter(([, v]) => v !== 0))).toEqual(
          paidCommission ? { 'agent_commission:a1': -paidCommission, fee_income: paidCommission } : {},
        );
      }),
    );
  });
});
