import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { aMerchant, merchantsWorld } from './merchants.fixtures.ts';
import { requestMerchantPayment } from './request-merchant-payment.ts';

const input = { merchantId: 'm1', amount: Money.ofFrancs(10_000), provider: 'mtn' as const, customerPhoneNumber: '+250788111111', customerName: 'Aline' };

describe('request merchant payment', () => {
  it('saves a pending transaction and asks the provider to collect under its reference', async () => {
    const w = merchantsWorld();
    await w.merchants.save(aMerchant());
    const result = await requestMerchantPayment(w, input);
    expect(result.ok && result.value).toMatchObject({ status: 'pending', transactionReference: 'merchant-payment:x-1', merchantFee: Money.ofFrancs(200), netAmount: Money.ofFrancs(9_800), customerName: 'Aline' });
    expect(w.mobileMoney.collections).toEqual([{ reference: 'merchant-payment:x-1', provider: 'mtn', msisdn: '+250788111111', amount: Money.ofFrancs(10_000), description: 'Ikimina: Kigali Corner Shop' }]);
  });

  it('refuses unknown and inactive merchants and amounts that are not whole francs ≥ 1', async () => {
    const w = merchantsWorld();
    expect(await requestMerchantPayment(w, input)).toEqual({ ok: false, error: 'merchant_not_found' });
    await w.merchants.save(aMerchant({ merchantStatus: 'pending', kybStatus: 'pending' }));
    expect(await requestMerchantPayment(w, input)).toEqual({ ok: false, error: 'merchant_not_active' });
    await w.merchants.save(aMerchant());
    expect(await requestMerchantPayment(w, { ...input, amount: Money.ofCentimes(150) })).toEqual({ ok: false, error: 'payment_amount_invalid' });
    expect(await requestMerchantPayment(w, { ...input, amount: Money.ZERO })).toEqual({ ok: false, error: 'payment_amount_invalid' });
  });

  it('marks the transaction failed when the provider refuses', async () => {
    const w = merchantsWorld();
    await w.merchants.save(aMerchant());
    w.mobileMoney.failWith = 'mobile_money_refused';
    const { customerName: _omitted, ...anonymous } = input;
    expect(await requestMerchantPayment(w, anonymous)).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect(w.transactions.all().map((t) => [t.status, t.customerName])).toEqual([['failed', undefined]]);
  });
});
