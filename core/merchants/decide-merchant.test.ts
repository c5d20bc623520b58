import { describe, expect, it } from 'vitest';
import { decideMerchant } from './decide-merchant.ts';
import { aMerchant, merchantsWorld } from './merchants.fixtures.ts';

describe('decide merchant (admin)', () => {
  it('verifies KYB, then refuses to verify again; unknown merchants are not found', async () => {
    const w = merchantsWorld();
    await w.merchants.save(aMerchant({ merchantStatus: 'pending', kybStatus: 'pending' }));
    expect(await decideMerchant(w, { merchantId: 'm1', event: 'verify_kyb' })).toMatchObject({ ok: true, value: { merchantStatus: 'active' } });
    expect((await w.merchants.findById('m1'))?.kybStatus).toBe('verified');
    expect(await decideMerchant(w, { merchantId: 'm1', event: 'verify_kyb' })).toEqual({ ok: false, error: 'merchant_transition_not_allowed' });
    expect(await decideMerchant(w, { merchantId: 'nope', event: 'suspend' })).toEqual({ ok: false, error: 'merchant_not_found' });
  });
});
