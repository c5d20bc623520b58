import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { FakeMobileMoney } from '../loans/loans.fixtures.ts';
import { CountingKycLimiter } from '../kyc/kyc.fixtures.ts';
import { aRegisteredMerchant, InMemoryMerchantRegistry, InMemoryMerchantTransactions } from './merchants.fixtures.ts';
import { DEFAULT_PAY_REQUEST_LIMITS, PayMerchant } from './pay-merchant.ts';
import { maskPhone } from './pay-page-view.ts';
import { ShowMerchantReceipt } from './show-merchant-receipt.ts';
import { ShowPayPage } from './show-pay-page.ts';

const clock = new FixedClock(new Date('2026-11-20T10:00:00Z'));

describe('paying a merchant by code', () => {
  async function payWorld(status: 'active' | 'pending' | 'suspended' | 'rejected' = 'active') {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant({ merchantStatus: status }));
    const transactions = new InMemoryMerchantTransactions();
    const mobileMoney = new FakeMobileMoney();
    const pay = new PayMerchant({
      registry,
      transactions,
      mobileMoney,
      clock,
      ids: new SequentialIds('t'),
      providerFor: (n) => (n.startsWith('+25078') ? 'mtn' : undefined),
      limiter: new CountingKycLimiter(),
      payRequestLimits: DEFAULT_PAY_REQUEST_LIMITS,
    });
    return { registry, transactions, mobileMoney, pay };
  }

  it('collects from an active merchant’s customer; the receipt masks the number', async () => {
    const { registry, transactions, mobileMoney, pay } = await payWorld();
    const paid = await pay.execute({ merchantCode: 'shop-1', francs: 2_500, customerPhoneNumber: '+250788123456', customerName: 'Aline' });
    expect(paid.ok && paid.value.transaction).toMatchObject({ status: 'pending', amount: Money.ofFrancs(2_500), customerName: 'Aline', provider: 'mtn' });
    expect(mobileMoney.collections).toHaveLength(1);
    const receipt = await new ShowMerchantReceipt({ registry, payments: transactions }).execute({ transactionId: paid.ok ? paid.value.transaction.id : '' });
    expect(receipt.ok && receipt.value.maskedPhoneNumber).toBe('+25078****456');
    expect(await new ShowMerchantReceipt({ registry, payments: transactions }).execute({ transactionId: 'nope' })).toEqual({ ok: false, error: 'payment_not_found' });
    expect(maskPhone('123')).toBe('***');
  });

  it('refuses an unknown or rejected merchant, one awaiting verification, a suspended one, a bad amount or number', async () => {
    expect(await (await payWorld('pending')).pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_verified' });
    expect(await (await payWorld('rejected')).pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_found' });
    const { pay, registry } = await payWorld('suspended');
    expect(await pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_active' });
    expect((await new ShowPayPage({ registry }).execute({ merchantCode: 'SHOP-1' })).ok && (await new ShowPayPage({ registry }).execute({ merchantCode: 'SHOP-1' }))).toMatchObject({
      value: { acceptingPayments: false },
    });
    const active = await payWorld();
    expect(await active.pay.execute({ merchantCode: 'NOPE', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await active.pay.execute({ merchantCode: 'SHOP-1', francs: 0.5, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'payment_amount_invalid' });
    expect(await active.pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+15551234567' })).toEqual({ ok: false, error: 'phone_number_invalid' });
    active.mobileMoney.failWith = 'mobile_money_refused';
    expect(await active.pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'mobile_money_refused' });
  });

  it('shows a business awaiting verification by its code and nothing else; a rejected one as an unknown code', async () => {
    const show = async (status: 'active' | 'pending' | 'suspended' | 'rejected', code = 'shop-1') => new ShowPayPage({ registry: (await payWorld(status)).registry }).execute({ merchantCode: code });
    expect(await show('pending')).toEqual({ ok: true, value: { merchantCode: 'SHOP-1', standing: 'awaiting_verification', acceptingPayments: false } });
    expect(await show('rejected')).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await show('active', 'NOPE')).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await show('suspended')).toEqual({ ok: true, value: { merchantCode: 'SHOP-1', businessName: 'Kigali Corner Shop', district: 'Gasabo', standing: 'suspended', acceptingPayments: false } });
    expect(await show('active')).toEqual({ ok: true, value: { merchantCode: 'SHOP-1', businessName: 'Kigali Corner Shop', district: 'Gasabo', standing: 'accepting', acceptingPayments: true } });
  });
  it('limits public requests per payer number and per client, before the provider is asked; a repeat under a key and USSD are not counted', async () => {
    const { pay, mobileMoney } = await payWorld();
    const publicPay = (msisdn: string, client: string, idempotencyKey?: string) =>
      pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: msisdn, publicClient: client, ...(idempotencyKey ? { idempotencyKey } : {}) });
    for (let i = 0; i < DEFAULT_PAY_REQUEST_LIMITS.perNumber; i++) expect((await publicPay('+250788123456', `10.0.0.${i}`, i === 0 ? 'k1' : undefined)).ok).toBe(true);
    expect((await publicPay('+250788123456', '10.0.1.1', 'k1')).ok).toBe(true);
    const asked = mobileMoney.collections.length;
    expect(await publicPay('+250788123456', '10.0.1.2')).toMatchObject({ ok: false, error: 'rate_limited', retryAfterSeconds: 3600 });
    expect(mobileMoney.collections).toHaveLength(asked);
    expect((await pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).ok).toBe(true);

    for (let i = 1; i < DEFAULT_PAY_REQUEST_LIMITS.perClient; i++) expect((await publicPay(`+25078800${String(i).padStart(4, '0')}`, '10.9.9.9')).ok).toBe(true);
    expect((await publicPay('+250788000000', '10.9.9.9')).ok).toBe(true);
    expect(await publicPay('+250788999999', '10.9.9.9')).toMatchObject({ ok: false, error: 'rate_limited' });
  });
});
