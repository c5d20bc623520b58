import { describe, expect, it } from 'vitest';
import { acceptsPayments, publicStanding, transitionMerchant, type MerchantEvent } from './merchant.ts';
import { aMerchant } from './merchants.fixtures.ts';

const registered = aMerchant({ merchantStatus: 'pending', kybStatus: 'pending' });

describe('merchant status', () => {
  it('verifying KYB makes a pending merchant active; rejecting makes it rejected', () => {
    expect(transitionMerchant(registered, 'verify_kyb')).toMatchObject({ ok: true, value: { merchantStatus: 'active', kybStatus: 'verified' } });
    expect(transitionMerchant(registered, 'reject_kyb')).toMatchObject({ ok: true, value: { merchantStatus: 'rejected', kybStatus: 'rejected' } });
  });

  it('an active merchant can be suspended and reinstated', () => {
    const suspended = transitionMerchant(aMerchant(), 'suspend');
    expect(suspended).toMatchObject({ ok: true, value: { merchantStatus: 'suspended' } });
    expect(suspended.ok && transitionMerchant(suspended.value, 'reinstate')).toMatchObject({ ok: true, value: { merchantStatus: 'active' } });
  });

  it.each<[string, MerchantEvent]>([
    ['active', 'verify_kyb'],
    ['active', 'reinstate'],
    ['pending', 'suspend'],
    ['rejected', 'verify_kyb'],
  ])('refuses %s → %s', (status, event) => {
    const merchant = status === 'pending' ? registered : aMerchant({ merchantStatus: status as 'active' | 'rejected', kybStatus: status === 'rejected' ? 'rejected' : 'verified' });
    expect(transitionMerchant(merchant, event)).toEqual({ ok: false, error: 'merchant_transition_not_allowed' });
  });

  it('only an active merchant accepts payments', () => {
    expect(acceptsPayments(aMerchant())).toBe(true);
    expect(acceptsPayments(registered)).toBe(false);
    expect(acceptsPayments(aMerchant({ merchantStatus: 'suspended' }))).toBe(false);
  });

  it('the public learns one standing by the code: accepting, suspended, awaiting verification; a rejected business is not shown', () => {
    expect(publicStanding(aMerchant())).toBe('accepting');
    expect(publicStanding(aMerchant({ merchantStatus: 'suspended' }))).toBe('suspended');
    expect(publicStanding(registered)).toBe('awaiting_verification');
    expect(publicStanding(aMerchant({ merchantStatus: 'rejected', kybStatus: 'rejected' }))).toBeUndefined();
  });
});
