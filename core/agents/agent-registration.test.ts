import { describe, expect, it } from 'vitest';
import { aRegisteredAgent, aRegisteredMerchant, InMemoryAgentRegistry, InMemoryCommissions, InMemoryMerchantRegistry } from '../merchants/merchants.fixtures.ts';
import { Money } from '../money/money.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { publicAgent } from './agent-profile.ts';
import { FindAgentByCode } from './find-agent-by-code.ts';
import { RegisterAgent, ShowOwnAgent } from './register-agent.ts';
import { ShowAgentDashboard } from './show-agent-dashboard.ts';

const form = {
  userId: 'u9',
  agentCode: 'AG-9',
  agentType: 'individual' as const,
  businessName: null,
  businessRegistrationNumber: null,
  physicalAddress: 'KG 11 Ave',
  district: 'Gasabo',
  sector: null,
  phoneNumber: '+250788000009',
  email: 'a@example.rw',
  serviceTerritories: ['Remera'],
};

function world() {
  const agents = new InMemoryAgentRegistry();
  return { agents, register: new RegisterAgent({ agents, payoutProvider: () => 'mtn', unitOfWork: new DirectUnitOfWork(), clock: new FixedClock(new Date('2026-11-20T10:00:00Z')), ids: new SequentialIds('ag') }) };
}

describe('agent registration', () => {
  it('registers a member as a pending agent paid at the number given', async () => {
    const { agents, register } = world();
    const registered = await register.execute(form);
    expect(registered.ok && registered.value).toMatchObject({ agentCode: 'AG-9', accreditationStatus: 'pending', payoutWallet: { provider: 'mtn', msisdn: '+250788000009' } });
    expect((await new ShowOwnAgent({ agents }).execute({ userId: 'u9' })).ok).toBe(true);
    expect(await new ShowOwnAgent({ agents }).execute({ userId: 'nobody' })).toEqual({ ok: false, error: 'agent_not_found' });
  });

  it('keeps one agent per member and one agent per code', async () => {
    const { register } = world();
    await register.execute(form);
    expect(await register.execute({ ...form, agentCode: 'AG-10' })).toEqual({ ok: false, error: 'already_an_agent' });
    expect(await register.execute({ ...form, userId: 'u10' })).toEqual({ ok: false, error: 'agent_code_taken' });
  });

  it('answers a lost race on a unique key as the key taken', async () => {
    const { agents, register } = world();
    agents.register = async () => 'agent_code_taken';
    expect(await register.execute(form)).toEqual({ ok: false, error: 'agent_code_taken' });
  });
});

describe('agent look-up by code', () => {
  it('finds only active agents, with nothing personal, whatever the case typed', async () => {
    const agents = new InMemoryAgentRegistry();
    await agents.register(aRegisteredAgent({ agentCode: 'AG-1' }));
    await agents.register(aRegisteredAgent({ id: 'a2', userId: 'u3', agentCode: 'AG-2', accreditationStatus: 'pending' }));
    const find = new FindAgentByCode({ agents });
    expect(await find.execute({ agentCode: ' ag-1 ' })).toEqual([{ id: 'a1', agentCode: 'AG-1', agentType: 'individual', businessName: null, district: 'Gasabo' }]);
    expect(await find.execute({ agentCode: 'AG-2' })).toEqual([]);
    expect(await find.execute({ agentCode: 'AG-3' })).toEqual([]);
    expect(publicAgent(aRegisteredAgent({ agentType: 'business', businessName: 'Kigali Agents Ltd' })).businessName).toBe('Kigali Agents Ltd');
  });
});

describe('agent dashboard', () => {
  it('counts merchants, earnings (pending and paid) and projects totalEarned × 1.3', async () => {
    const merchants = new InMemoryMerchantRegistry();
    const commissions = new InMemoryCommissions();
    const agents = new InMemoryAgentRegistry(merchants, commissions);
    await agents.register(aRegisteredAgent());
    await merchants.register(aRegisteredMerchant({ onboardedByAgentId: 'a1' }));
    await merchants.register(aRegisteredMerchant({ id: 'm2', merchantCode: 'SHOP-2', merchantStatus: 'pending', onboardedByAgentId: 'a1', createdAt: new Date('2026-11-05T00:00:00Z') }));
    const commission = (id: string, francs: number, status: 'pending' | 'paid' | 'reversed', day: number) =>
      commissions.save({ id, agentId: 'a1', merchantId: 'm1', transactionId: `t${id}`, commissionType: 'merchant_transaction', amount: Money.ofCentimes(francs), status, createdAt: new Date(Date.UTC(2026, 10, day)) });
    await commission('c1', 5_000, 'paid', 2);
    await commission('c2', 2_501, 'pending', 3);
    await commission('c3', 9_999, 'reversed', 4); // its payment was reversed: never earned
    const shown = await new ShowAgentDashboard({ agents, earnings: agents }).execute({ userId: 'u2' });
    expect(shown.ok).toBe(true);
    if (!shown.ok) return;
    expect(shown.value.stats).toEqual({
      totalMerchantsOnboarded: 2,
      activeMerchants: 1,
      totalEarned: Money.ofCentimes(7_501),
      pendingEarnings: Money.ofCentimes(2_501),
      projectedEarnings: Money.ofCentimes(9_751), // 97.513 → 97.51, half-even
    });
    expect(shown.value.recentMerchants.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(shown.value.pendingCommissions.map((c) => c.id)).toEqual(['c2']);
    expect(shown.value.recentCommissions.map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(await new ShowAgentDashboard({ agents, earnings: agents }).execute({ userId: 'u1' })).toEqual({ ok: false, error: 'agent_not_found' });
  });
});
