import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { ConfirmMerchantPayment } from './confirm-merchant-payment.ts';
import { aMerchant, anAgent, merchantsWorld } from './merchants.fixtures.ts';
import { RequestMerchantPayment } from './request-merchant-payment.ts';

async function pendingPayment(agentStatus?: 'active' | 'suspended') {
  const w = merchantsWorld();
  await w.merchants.save(aMerchant(agentStatus ? { onboardedByAgentId: 'a1' } : {}));
  if (agentStatus) await w.agents.save(anAgent({ accreditationStatus: agentStatus }));
  const requested = await new RequestMerchantPayment(w).execute({ merchantId: 'm1', amount: Money.ofFrancs(10_000), provider: 'mtn', customerPhoneNumber: '+250788111111' });
  if (!requested.ok) throw new Error(requested.error);
  return { w, reference: requested.value.transactionReference };
}

describe('confirm merchant payment', () => {
  it('completes with fee, net and the active agent\'s commission, posts the ledger and accrues the commission', async () => {
    const { w, reference } = await pendingPayment('active');
    const result = await new ConfirmMerchantPayment(w).execute({ transactionReference: reference, outcome: 'completed', providerReference: 'MTN-9' });
    expect(result.ok && result.value).toMatchObject({ status: 'completed', agentId: 'a1', providerReference: 'MTN-9', commission: Money.ofFrancs(50), netAmount: Money.ofFrancs(9_800) });
    expect([w.ledger.balance('merchant_payable:m1'), w.ledger.balance('agent_commission:a1'), w.ledger.balance('fee_income')]).toEqual([
      Money.ofFrancs(9_800), Money.ofFrancs(50), Money.ofFrancs(150),
    ]);
    expect(w.commissions.all()).toMatchObject([{ agentId: 'a1', amount: Money.ofFrancs(50), status: 'pending', commissionType: 'merchant_transaction' }]);
  });

  it('pays no commission when the onboarding agent is not active', async () => {
    const { w, reference } = await pendingPayment('suspended');
    await new ConfirmMerchantPayment(w).execute({ transactionReference: reference, outcome: 'completed' });
    expect(w.ledger.balance('fee_income')).toEqual(Money.ofFrancs(200));
    expect(w.commissions.all()).toEqual([]);
  });

  it('answers exists for a repeated confirmation, and records a failure without moving money', async () => {
    const { w, reference } = await pendingPayment();
    await new ConfirmMerchantPayment(w).execute({ transactionReference: reference, outcome: 'completed' });
    expect(await new ConfirmMerchantPayment(w).execute({ transactionReference: reference, outcome: 'completed' })).toEqual({ ok: false, error: 'exists' });
    expect(w.ledger.entries()).toHaveLength(1);

    const other = await pendingPayment();
    const failed = await new ConfirmMerchantPayment(other.w).execute({ transactionReference: other.reference, outcome: 'failed', providerReference: 'MTN-X' });
    expect(failed.ok && failed.value.status).toBe('failed');
    expect(other.w.ledger.entries()).toEqual([]);
    expect(await new ConfirmMerchantPayment(other.w).execute({ transactionReference: 'nope', outcome: 'failed' })).toEqual({ ok: false, error: 'transaction_not_found' });
  });
});
