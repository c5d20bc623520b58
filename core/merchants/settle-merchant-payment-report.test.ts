import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import type { MobileMoneyStatusReport } from '../payments/ports.ts';
import { weekOfPayments } from '../settlements/settlement-flow.fixtures.ts';
import { aMerchant, anAgent, merchantsWorld } from './merchants.fixtures.ts';
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

  async function pendingPayment(agentStatus?: 'active' | 'suspended') {
    const w = merchantsWorld();
    await w.merchants.save(aMerchant(agentStatus ? { onboardedByAgentId: 'a1' } : {}));
    if (agentStatus) await w.agents.save(anAgent({ accreditationStatus: agentStatus }));
    const requested = await new RequestMerchantPayment(w).execute({ merchantId: 'm1', amount: Money.ofFrancs(10_000), provider: 'mtn', customerPhoneNumber: '+250788111111' });
    if (!requested.ok) throw new Error(requested.error);
    return { w, reference: requested.value.transactionReference };
  }

  it("completes with fee, net and the active agent's commission, posts the ledger and accrues the commission", async () => {
    const { w, reference } = await pendingPayment('active');
    await new SettleMerchantPaymentReport(w).execute({ ...report(reference, 'successful'), providerTransactionId: 'MTN-9' });
    expect(await w.transactions.findByReference(reference)).toMatchObject({ status: 'completed', agentId: 'a1', providerReference: 'MTN-9', commission: Money.ofFrancs(50), netAmount: Money.ofFrancs(9_800) });
    expect([w.ledger.balance('merchant_payable:m1'), w.ledger.balance('agent_commission:a1'), w.ledger.balance('fee_income')]).toEqual([
      Money.ofFrancs(9_800), Money.ofFrancs(50), Money.ofFrancs(150),
    ]);
    expect(w.commissions.all()).toMatchObject([{ agentId: 'a1', amount: Money.ofFrancs(50), status: 'pending', commissionType: 'merchant_transaction' }]);
  });

  it('pays no commission when the onboarding agent is not active', async () => {
    const { w, reference } = await pendingPayment('suspended');
    await new SettleMerchantPaymentReport(w).execute(report(reference, 'successful'));
    expect(w.ledger.balance('fee_income')).toEqual(Money.ofFrancs(200));
    expect(w.commissions.all()).toEqual([]);
  });

  it('records a failure with the provider reference, without moving money', async () => {
    const { w, reference } = await pendingPayment();
    await new SettleMerchantPaymentReport(w).execute({ ...report(reference, 'failed'), providerTransactionId: 'MTN-X' });
    expect(await w.transactions.findByReference(reference)).toMatchObject({ status: 'failed', providerReference: 'MTN-X' });
    expect(w.ledger.entries()).toEqual([]);
  });
});
