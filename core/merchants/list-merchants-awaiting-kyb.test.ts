import { describe, expect, it } from 'vitest';
import { FixedClock } from '../shared/shared.fixtures.ts';
import { ListMerchantsAwaitingKyb, waitingTime } from './list-merchants-awaiting-kyb.ts';
import { aRegisteredMerchant, InMemoryMerchantRegistry } from './merchants.fixtures.ts';

describe('the KYB queue', () => {
  it('lists the businesses awaiting KYB only, oldest first, each with how long it has waited', async () => {
    const registry = new InMemoryMerchantRegistry();
    const pending = { merchantStatus: 'pending', kybStatus: 'pending' } as const;
    await registry.register(aRegisteredMerchant({ id: 'recent', merchantCode: 'R-1', ...pending, createdAt: new Date('2026-11-20T09:30:00Z') }));
    await registry.register(aRegisteredMerchant({ id: 'verified', merchantCode: 'V-1', createdAt: new Date('2026-11-01T08:00:00Z') }));
    await registry.register(aRegisteredMerchant({ id: 'oldest', merchantCode: 'O-1', ...pending, createdAt: new Date('2026-11-18T05:59:00Z') }));
    await registry.register(aRegisteredMerchant({ id: 'rejected', merchantCode: 'X-1', merchantStatus: 'rejected', kybStatus: 'rejected', createdAt: new Date('2026-11-02T08:00:00Z') }));
    const queue = await new ListMerchantsAwaitingKyb({ registry, clock: new FixedClock(new Date('2026-11-20T10:00:00Z')) }).execute();
    expect(queue.map((q) => [q.merchant.id, q.waiting])).toEqual([
      ['oldest', { days: 2, hours: 4 }],
      ['recent', { days: 0, hours: 0 }],
    ]);
  });

  it('counts whole hours, never negative', () => {
    expect(waitingTime(new Date('2026-11-20T10:00:00Z'), new Date('2026-11-20T09:00:00Z'))).toEqual({ days: 0, hours: 0 });
    expect(waitingTime(new Date('2026-11-18T10:00:00Z'), new Date('2026-11-20T09:59:59Z'))).toEqual({ days: 1, hours: 23 });
  });
});
