import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { aMerchant, merchantsWorld } from './merchants.fixtures.ts';
import { RequestMerchantPayment } from './request-merchant-payment.ts';

const input = { merchantId: 'm1', amount: Money.ofFrancs(10_000), provider: 'mtn' as const, customerPhoneNumber: '+250788111111', customerName: 'Aline' };

describe('request merchant payment', () => {
  it('saves a pending transaction and asks the provider to collect under its reference', async () => {
    const w = merchantsWorld();
    await w.merchants.save(aMerchant());
    const result = await new RequestMerchantPayment(w).execute(input);
    expect(result.ok && result.value).toMatchObject({ status: 'pending', transactionReference: 'merchant-payment:x-1', merchantFee: Money.ofFrancs(200), netAmount: Money.ofFrancs(9_800), customerName: 'Aline' });
    expect(w.mobileMoney.collections).toEqual([{ reference: 'merchant-payment:x-1', provider: 'mtn', msisdn: '+250788111111', amount: Money.ofFrancs(10_000), description: 'Ikimina: Kigali Corner Shop' }]);
  });

  it('refuses unknown and inactive merchants and amounts that are not whole francs ≥ 1', async () => {
    const w = merchantsWorld();
    expect(await new RequestMerchantPayment(w).execute(input)).toEqual({ ok: false, error: 'merchant_not_found' });
    await w.merchants.save(aMerchant({ merchantStatus: 'pending', kybStatus: 'pending' }));
    expect(await new RequestMerchantPayment(w).execute(input)).toEqual({ ok: false, error: 'merchant_not_active' });
    await w.merchants.save(aMerchant());
    expect(await new RequestMerchantPayment(w).execute({ ...input, amount: Money.ofCentimes(150) })).toEqual({ ok: false, error: 'payment_amount_invalid' });
    expect(await new RequestMerchantPayment(w).execute({ ...input, amount: Money.ZERO })).toEqual({ ok: false, error: 'payment_amount_invalid' });
  });

  it('marks the transaction failed when the provider refuses', async () => {
    const w = merchantsWorld();
    await w.merchants.save(aMerchant());
    w.mobileMoney.failWith = 'mobile_money_refused';
    const { customerName: _omitted, ...anonymous } = input;
    expect(await new RequestMerchantPayment(w).execute(anonymous)).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect(w.transactions.all().map((t) => [t.status, t.customerName])).toEqual([['failed', undefined]]);
  });

  describe('under an idempotency key', () => {
    const keyed = { ...input, idempotencyKey: 'pay:k-1' };

    it('answers a repeat with the same payment and asks the provider once', async () => {
      const w = merchantsWorld();
      await w.merchants.save(aMerchant());
      const first = await new RequestMerchantPayment(w).execute(keyed);
      const again = await new RequestMerchantPayment(w).execute(keyed);
      expect(first.ok && first.value.idempotencyKey).toBe('pay:k-1');
      expect(again).toEqual(first);
      expect(w.transactions.all()).toHaveLength(1);
      expect(w.mobileMoney.collections).toHaveLength(1);
    });

    it('refuses the key for another amount, number, name or merchant, and collects nothing more', async () => {
      const w = merchantsWorld();
      await w.merchants.save(aMerchant());
      await w.merchants.save(aMerchant({ id: 'm2' }));
      await new RequestMerchantPayment(w).execute(keyed);
      for (const other of [
        { ...keyed, amount: Money.ofFrancs(10_001) },
        { ...keyed, customerPhoneNumber: '+250788222222' },
        { ...keyed, customerName: 'Bosco' },
        { ...keyed, merchantId: 'm2' },
      ]) {
        expect(await new RequestMerchantPayment(w).execute(other)).toEqual({ ok: false, error: 'idempotency_key_reused' });
      }
      expect(w.transactions.all()).toHaveLength(1);
      expect(w.mobileMoney.collections).toHaveLength(1);
    });

    it('lets the store decide a race: the loser answers the winner’s payment without asking the provider', async () => {
      const w = merchantsWorld();
      await w.merchants.save(aMerchant());
      const [a, b] = await Promise.all([new RequestMerchantPayment(w).execute(keyed), new RequestMerchantPayment(w).execute(keyed)]);
      expect(a.ok && b.ok && a.value.id === b.value.id).toBe(true);
      expect(w.transactions.all()).toHaveLength(1);
      expect(w.mobileMoney.collections).toHaveLength(1);
    });

    it('answers a race lost to a different request as a reused key', async () => {
      const w = merchantsWorld();
      await w.merchants.save(aMerchant());
      const [a, b] = await Promise.all([new RequestMerchantPayment(w).execute(keyed), new RequestMerchantPayment(w).execute({ ...keyed, amount: Money.ofFrancs(500) })]);
      expect([a.ok, b.ok ? true : b.error]).toEqual([true, 'idempotency_key_reused']);
      expect(w.mobileMoney.collections).toHaveLength(1);
    });
  });
});
