import { describe, expect, it } from 'vitest';
import { aRegisteredAgent, aRegisteredMerchant, InMemoryAgentRegistry, InMemoryCommissions, InMemoryMerchantRegistry, InMemoryMerchantTransactions } from '../merchants/merchants.fixtures.ts';
import { Money } from '../money/money.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { publicAgent } from './agent-profile.ts';
import { FindAgentByCode } from './find-agent-by-code.ts';
import { RegisterAgent } from './register-agent.ts';
import { ShowOwnAgent } from './show-own-agent.ts';
import { RECENT_ITEMS, ShowAgentDashboard } from './show-agent-dashboard.ts';

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
  return { agents, register: new RegisterAgent({ agents, payoutProvider: () => 'mtn', uow: new DirectUnitOfWork(), clock: new FixedClock(new Date('2026-11-20T10:00:00Z')), ids: new SequentialIds('ag') }) };
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
  async function dashboardWorld() {
    const merchants = new InMemoryMerchantRegistry();
    const commissions = new InMemoryCommissions();
    const sales = new InMemoryMerchantTransactions();
    const agents = new InMemoryAgentRegistry(merchants, commissions, sales);
    await agents.register(aRegisteredAgent());
    await merchants.register(aRegisteredMerchant({ onboardedByAgentId: 'a1' }));
    await merchants.register(aRegisteredMerchant({ id: 'm2', merchantCode: 'SHOP-2', businessName: 'Nyamirambo Tailors', merchantStatus: 'pending', onboardedByAgentId: 'a1', createdAt: new Date('2026-11-05T00:00:00Z') }));
    /** A commission of `centimes` on a sale of 200 × that, completed on November `day`. */
    const commission = async (id: string, centimes: number, status: 'pending' | 'paid' | 'reversed', day: number, merchantId = 'm1') => {
      const at = new Date(Date.UTC(2026, 10, day, 12));
      await sales.save({ id: `t${id}`, transactionReference: `merchant-payment:t${id}`, merchantId, provider: 'mtn', customerPhoneNumber: '+250788111111', amount: Money.ofCentimes(centimes * 200), merchantFee: Money.ofCentimes(centimes * 4), netAmount: Money.ofCentimes(centimes * 196), commission: Money.ofCentimes(centimes), status: 'completed', createdAt: at, completedAt: at });
      await commissions.save({ id, agentId: 'a1', merchantId, transactionId: `t${id}`, commissionType: 'merchant_transaction', amount: Money.ofCentimes(centimes), status, createdAt: at });
    };
    const show = async () => {
      const shown = await new ShowAgentDashboard({ agents, earnings: agents }).execute({ userId: 'u2' });
      if (!shown.ok) throw new Error(shown.error);
      return shown.value;
    };
    return { commission, show, agents };
  }

  it('earned means paid: totalEarned sums paid commissions only, pendingEarnings the pending ones; projected is totalEarned × 1.3', async () => {
    const { commission, show } = await dashboardWorld();
    await commission('c1', 5_000, 'paid', 2);
    await commission('c2', 2_501, 'pending', 3, 'm2');
    await commission('c3', 9_999, 'reversed', 4); // its payment was reversed while pending: never earned
    await commission('c4', 2_502, 'paid', 5);
    expect((await show()).stats).toEqual({
      totalMerchantsOnboarded: 2,
      activeMerchants: 1,
      totalEarned: Money.ofCentimes(7_502),
      pendingEarnings: Money.ofCentimes(2_501),
      projectedEarnings: Money.ofCentimes(9_753), // 97.526 → 97.53, half-even
      paidCommissions: 2,
      pendingCommissions: 1,
    });
  });

  it('a new agent with only pending commissions has earned nothing yet', async () => {
    const { commission, show } = await dashboardWorld();
    await commission('c1', 5_000, 'pending', 2);
    const { stats, recentCommissions, pendingCommissions } = await show();
    expect([stats.totalEarned, stats.projectedEarnings, stats.pendingEarnings]).toEqual([Money.ZERO, Money.ZERO, Money.ofCentimes(5_000)]);
    expect(recentCommissions).toEqual([]);
    expect(pendingCommissions.map((c) => c.commission.id)).toEqual(['c1']);
  });

  it('lists paid and pending apart, newest sale first, each naming its merchant and sale', async () => {
    const { commission, show } = await dashboardWorld();
    await commission('c1', 5_000, 'paid', 2);
    await commission('c2', 2_501, 'pending', 3, 'm2');
    await commission('c3', 9_999, 'reversed', 4);
    await commission('c4', 2_502, 'paid', 5);
    await commission('c5', 100, 'pending', 6);
    const shown = await show();
    expect(shown.recentMerchants.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(shown.recentCommissions.map((c) => c.commission.id)).toEqual(['c4', 'c1']);
    expect(shown.pendingCommissions.map((c) => c.commission.id)).toEqual(['c5', 'c2']);
    expect(shown.pendingCommissions[1]).toEqual({
      commission: expect.objectContaining({ id: 'c2', status: 'pending' }),
      merchant: { businessName: 'Nyamirambo Tailors', merchantCode: 'SHOP-2' },
      sale: { amount: Money.ofCentimes(500_200), at: new Date('2026-11-03T12:00:00Z') },
    });
  });

  it(`shows the newest ${RECENT_ITEMS} of each list and counts them all`, async () => {
    const { commission, show } = await dashboardWorld();
    for (let day = 1; day <= 12; day++) await commission(`p${day}`, 100, 'pending', day);
    const shown = await show();
    expect(shown.pendingCommissions.map((c) => c.commission.id)).toEqual(Array.from({ length: RECENT_ITEMS }, (_, i) => `p${12 - i}`));
    expect(shown.stats.pendingCommissions).toBe(12);
    expect(shown.stats.pendingEarnings).toEqual(Money.ofCentimes(1_200));
  });

  it('answers a member who is not an agent with agent_not_found', async () => {
    const { agents } = await dashboardWorld();
    expect(await new ShowAgentDashboard({ agents, earnings: agents }).execute({ userId: 'u1' })).toEqual({ ok: false, error: 'agent_not_found' });
  });
});
