/**
 * SeedDemoBusiness's orchestration: which use cases it takes, in which order, with what, and what
 * a refusal does. The merchants', agents' and settlements' use cases are recorded at their seams
 * (their rules are tested in core/merchants, core/agents and core/settlements); the sandbox
 * approves what they asked of the provider, and each approval goes through the reconcile seam.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryAccounts, PlainHasher } from '../accounts/accounts.fixtures.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { DEMO_ACCOUNTS, SeedDemoAccounts } from '../accounts/seed-demo-accounts.ts';
import { FakeMobileMoney } from '../contributions/contributions.fixtures.ts';
import { Money } from '../money/money.ts';
import { err, ok } from '../shared/result.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { ApprovingSandbox } from './demo.fixtures.ts';
import { DEMO_AGENT, DEMO_AGENT_CODE, DEMO_MERCHANT, DEMO_MERCHANT_CODE, SeedDemoBusiness, type SeedDemoBusinessDeps } from './seed-demo-business.ts';
import { DEMO_OFFICER } from './seed-demo-world.ts';

const NOW = new Date('2026-11-25T09:00:00Z');

async function businessWorld(options: { accounts?: 'all' | 'merchant only' | 'none'; agentRegisteredBefore?: 'pending' | 'accredited'; refuse?: string; ownsBusiness?: boolean } = {}) {
  const clock = new FixedClock(NOW);
  const accounts = new InMemoryAccounts();
  const wanted = options.accounts ?? 'all';
  const seeded = wanted === 'none' ? [] : wanted === 'merchant only' ? [DEMO_MERCHANT] : DEMO_ACCOUNTS;
  await new SeedDemoAccounts({ accounts, passwords: new PlainHasher(), audit: new RecordingAuditTrail(), uow: new DirectUnitOfWork(), ids: new SequentialIds('user'), clock }).execute({ accounts: seeded });
  const provider = new FakeMobileMoney();
  const sandbox = new ApprovingSandbox(provider);
  const calls: string[] = [];
  const settled: string[] = [];
  let sale = 0;
  const agent = (status: 'pending' | 'accredited') => ({ id: 'agent-1', agentCode: DEMO_AGENT_CODE, accreditationStatus: status });
  const answer = <T>(name: string, value: T) => async (input: unknown): Promise<never> => {
    calls.push(`${name} ${JSON.stringify(input)}`);
    return (options.refuse === name ? err('refused_for_the_test') : value) as never;
  };
  const deps: SeedDemoBusinessDeps = {
    accounts,
    sandbox,
    reconcilePayment: { execute: async (p) => (settled.push(`${p.direction} ${p.reference}`), ok({ outcome: 'applied', paymentStatus: 'successful' })) },
    registerAgent: { execute: options.agentRegisteredBefore ? answer('registerAgent', err('agent_already_registered')) : answer('registerAgent', ok(agent('pending'))) },
    showOwnAgent: { execute: answer('showOwnAgent', ok(agent(options.agentRegisteredBefore ?? 'pending'))) },
    reviewAgent: { execute: answer('reviewAgent', ok({})) },
    listOwnMerchants: { execute: answer('listOwnMerchants', options.ownsBusiness ? [{ id: 'm-0' }] : []) },
    registerMerchant: { execute: answer('registerMerchant', ok({ id: 'merchant-1', merchantCode: DEMO_MERCHANT_CODE })) },
    reviewMerchant: { execute: answer('reviewMerchant', ok({})) },
    generateMerchantQr: { execute: answer('generateMerchantQr', ok({})) },
    payMerchant: {
      execute: async (input) => {
        calls.push(`payMerchant ${input.francs}`);
        if (options.refuse === 'payMerchant') return err('merchant_not_found') as never;
        sale += 1;
        await provider.requestToPay({ reference: `merchant-payment:${sale}`, provider: 'sandbox', msisdn: input.customerPhoneNumber, amount: Money.ofFrancs(input.francs), description: 'sale' });
        return ok({}) as never;
      },
    },
    settleMerchants: {
      execute: async (input) => {
        calls.push(`settleMerchants ${JSON.stringify(input)}`);
        await provider.transfer({ reference: 'STL-DEMO-SHOP', provider: 'sandbox', msisdn: DEMO_MERCHANT.phoneNumber, amount: Money.ofFrancs(39_000), description: 'settlement' });
        return { created: [{ id: 'batch-1' }], paid: [], notBegun: [] } as never;
      },
    },
    payCommissions: {
      execute: async (input) => {
        calls.push(`payCommissions ${JSON.stringify(input)}`);
        await provider.transfer({ reference: 'COM-DEMO-AGENT', provider: 'sandbox', msisdn: DEMO_AGENT.phoneNumber, amount: Money.ofFrancs(200), description: 'commission' });
        return { created: [{ id: 'payout-1' }], paid: [] } as never;
      },
    },
    clock,
  };
  return { seed: new SeedDemoBusiness(deps), calls, settled, accounts };
}

const names = (calls: readonly string[]) => calls.map((c) => c.split(' ')[0]);

describe('SeedDemoBusiness', () => {
  it('seeds nothing without the demo merchant account, and nothing again for a merchant who owns a business', async () => {
    const missing = await businessWorld({ accounts: 'none' });
    expect(await missing.seed.execute()).toEqual({ seeded: false, reason: 'demo_merchant_missing' });
    expect(missing.calls).toEqual([]);

    const again = await businessWorld({ ownsBusiness: true });
    expect(await again.seed.execute()).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(names(again.calls)).toEqual(['listOwnMerchants']);
  });

  it('onboards the business through the demo agent, sells, settles the week so far, pays the agent, then sells twice more', async () => {
    const { seed, calls, settled, accounts } = await businessWorld();
    expect(await seed.execute()).toEqual({ seeded: true, merchantCode: DEMO_MERCHANT_CODE, agentCode: DEMO_AGENT_CODE, sales: 5, settlements: 1, commissionPayouts: 1 });
    expect(names(calls)).toEqual([
      'listOwnMerchants', 'registerAgent', 'reviewAgent', 'registerMerchant', 'reviewMerchant', 'generateMerchantQr',
      'payMerchant', 'payMerchant', 'payMerchant', 'settleMerchants', 'payCommissions', 'payMerchant', 'payMerchant',
    ]);
    const owner = (await accounts.findByEmail(DEMO_MERCHANT.email))!;
    const register = JSON.parse(calls[3]!.slice('registerMerchant '.length));
    expect(register).toMatchObject({ ownerId: owner.id, merchantCode: DEMO_MERCHANT_CODE, onboardedByAgentId: 'agent-1' });
    expect(register.businessName).toMatch(/^Demo: /);
    expect(calls[2]).toContain(`"actor":"${DEMO_OFFICER}"`);
    expect(calls[10]).toContain('"agentId":"agent-1"');
    // Each sale, the settlement's and the commission's transfers are approved and settled once, in that order.
    expect(settled).toEqual([
      'collection merchant-payment:1', 'collection merchant-payment:2', 'collection merchant-payment:3',
      'transfer STL-DEMO-SHOP', 'transfer COM-DEMO-AGENT',
      'collection merchant-payment:4', 'collection merchant-payment:5',
    ]);
  });

  it('has no referrer and pays no commission without the demo agent account', async () => {
    const { seed, calls } = await businessWorld({ accounts: 'merchant only' });
    expect(await seed.execute()).toMatchObject({ seeded: true, agentCode: null, commissionPayouts: 0 });
    expect(names(calls)).not.toContain('registerAgent');
    expect(names(calls)).not.toContain('payCommissions');
    expect(JSON.parse(calls[1]!.slice('registerMerchant '.length)).onboardedByAgentId).toBeNull();
  });

  it('takes an agent registered before as it is, accrediting it only while it is pending', async () => {
    const accredited = await businessWorld({ agentRegisteredBefore: 'accredited' });
    await accredited.seed.execute();
    expect(names(accredited.calls).slice(0, 4)).toEqual(['listOwnMerchants', 'registerAgent', 'showOwnAgent', 'registerMerchant']);
    const pending = await businessWorld({ agentRegisteredBefore: 'pending' });
    await pending.seed.execute();
    expect(names(pending.calls).slice(0, 5)).toEqual(['listOwnMerchants', 'registerAgent', 'showOwnAgent', 'reviewAgent', 'registerMerchant']);
  });

  it('throws, naming the step, when a rule refuses it', async () => {
    await expect((await businessWorld({ refuse: 'reviewMerchant' })).seed.execute()).rejects.toThrow('demo business: verify the KYB was refused (refused_for_the_test)');
    await expect((await businessWorld({ refuse: 'payMerchant' })).seed.execute()).rejects.toThrow('demo business: sale 1 was refused (merchant_not_found)');
  });
});
