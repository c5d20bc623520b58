import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import type { MobileMoneyStatusReport } from '../payments/ports.ts';
import { weekOfPayments } from '../settlements/settlement-flow.fixtures.ts';
import { RequestMerchantPayment } from './request-merchant-payment.ts';
import { SettleMerchantPaymentReport } from './settle-merchant-payment-report.ts';

describe('a provider report of a merchant payment', () => {
  const report = (reference: string, status: MobileMoneyStatusReport['status'], francs = 10_000): MobileMoneyStatusReport => ({
    reference,
    status,
    amount: Money.ofFrancs(francs),
    currency: 'RWF',
    providerTransactionId: 'MTN-1',
    reason: undefined,
  });

  it('books a success once, refuses another amount, reads a repeat as exists and a contradiction as disputed', async () => {
    const w = await weekOfPayments([]);
    const requested = await new RequestMerchantPayment(w).execute({ merchantId: 'm1', amount: Money.ofFrancs(10_000), provider: 'mtn', customerPhoneNumber: '+250788111111' });
    const reference = requested.ok ? requested.value.transactionReference : '';
    const settle = new SettleMerchantPaymentReport(w);
    expect(await settle.execute(report(reference, 'pending'))).toEqual({ ok: true, value: { outcome: 'pending', paymentStatus: 'pending' } });
    expect(await settle.execute(report(reference, 'successful', 9_000))).toEqual({ ok: false, error: 'payment_amount_mismatch' });
    expect(await settle.execute(report(reference, 'successful'))).toEqual({ ok: true, value: { outcome: 'applied', paymentStatus: 'successful' } });
    expect(await settle.execute(report(reference, 'successful'))).toEqual({ ok: true, value: { outcome: 'exists', paymentStatus: 'successful' } });
    expect(await settle.execute(report(reference, 'failed'))).toEqual({ ok: true, value: { outcome: 'disputed', paymentStatus: 'successful' } });
    expect(await settle.execute(report('merchant-payment:nope', 'failed'))).toEqual({ ok: false, error: 'payment_not_found' });
    expect(w.ledger.entries()).toHaveLength(1);

    const other = await new RequestMerchantPayment(w).execute({ merchantId: 'm1', amount: Money.ofFrancs(10_000), provider: 'mtn', customerPhoneNumber: '+250788111111' });
    expect(await settle.execute(report(other.ok ? other.value.transactionReference : '', 'failed'))).toEqual({ ok: true, value: { outcome: 'failed', paymentStatus: 'failed' } });
  });
});
