import { describe, expect, it } from 'vitest';
import { Money } from '../../core/money/money.ts';
import { FakeMobileMoney } from '../../core/contributions/contributions.fixtures.ts';
import type { MobileMoneyRequest } from '../../core/payments/ports.ts';
import { RoutedMobileMoney } from './routed-mobile-money.ts';

const request = (provider: MobileMoneyRequest['provider'], reference: string): MobileMoneyRequest => ({
  reference,
  provider,
  msisdn: provider === 'airtel' ? '+250733000001' : '+250788000001',
  amount: Money.ofFrancs(1000),
  description: 'test',
});

describe('RoutedMobileMoney', () => {
  it('sends each request and status query to the adapter of the provider it names, and nothing to the other', async () => {
    const mtn = new FakeMobileMoney();
    const airtel = new FakeMobileMoney();
    const routed = new RoutedMobileMoney({ mtn, airtel });
    expect((await routed.requestToPay(request('airtel', 'a1'))).ok).toBe(true);
    expect((await routed.transfer(request('mtn', 'm1'))).ok).toBe(true);
    expect([[...airtel.collections.keys()], [...airtel.transfers.keys()], [...mtn.collections.keys()], [...mtn.transfers.keys()]]).toEqual([['a1'], [], [], ['m1']]);
    expect((await routed.collectionStatus('airtel', 'a1')).ok).toBe(true);
    expect(await routed.collectionStatus('mtn', 'a1')).toEqual({ ok: false, error: 'mobile_money_reference_unknown' });
    expect((await routed.transferStatus('mtn', 'm1')).ok).toBe(true);
    expect(await routed.transferStatus('airtel', 'm1')).toEqual({ ok: false, error: 'mobile_money_reference_unknown' });
  });

  it('answers unavailable about a provider not configured, and throws when asked to pay through one', async () => {
    const routed = new RoutedMobileMoney({ mtn: new FakeMobileMoney() });
    expect(await routed.collectionStatus('airtel', 'x')).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(await routed.transferStatus('sandbox', 'x')).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(() => routed.requestToPay(request('airtel', 'a2'))).toThrow('No mobile-money adapter is configured for airtel');
    expect(() => routed.transfer(request('airtel', 'a3'))).toThrow();
  });
});
