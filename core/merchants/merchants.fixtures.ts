/** In-memory repositories and builders for merchants, agents and settlements tests. */
import { PAYOUT_TRANSFER_POLICY } from '../settlements/payout-status.ts';
import { InMemoryOutgoingTransfers, transferUseCases } from '../transfers/transfers.fixtures.ts';
import type { Agent } from '../agents/agent.ts';
import type { Commission, CommissionPayout } from '../agents/commission.ts';
import type { AgentRepository, CommissionPayoutRepository, CommissionRepository } from '../agents/ports.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Journal } from '../ledger/journal.ts';
import { FakeMobileMoney } from '../loans/loans.fixtures.ts';
import type { SettlementBatchRepository } from '../settlements/ports.ts';
import type { SettlementBatch } from '../settlements/settlement-batch.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import type { Merchant } from './merchant.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantRepository, MerchantTransactionRepository } from './ports.ts';

class MapStore<T extends { id: string }> {
  readonly items = new Map<string, T>();
  async findById(id: string) {
    return this.items.get(id);
  }
  async save(item: T) {
    this.items.set(item.id, item);
  }
  all() {
    return [...this.items.values()];
  }
}

export class InMemoryMerchants extends MapStore<Merchant> implements MerchantRepository {}
export class InMemoryAgents extends MapStore<Agent> implements AgentRepository {}

export class InMemoryMerchantTransactions extends MapStore<MerchantTransaction> implements MerchantTransactionRepository {
  async findByReference(reference: string) {
    return this.all().find((t) => t.transactionReference === reference);
  }
  async markSettled(batchId: string, transactionIds: readonly string[]) {
    for (const id of transactionIds) this.items.set(id, { ...this.items.get(id)!, settlementBatchId: batchId });
  }
  async findUnsettled(before: Date) {
    return this.all().filter((t) => t.status === 'completed' && !t.settlementBatchId && t.completedAt!.getTime() < before.getTime());
  }
}

export class InMemoryCommissions extends MapStore<Commission> implements CommissionRepository {
  async findPendingBefore(before: Date) {
    return this.all().filter((c) => c.status === 'pending' && c.createdAt.getTime() < before.getTime());
  }
  async findByIds(ids: readonly string[]) {
    return this.all().filter((c) => ids.includes(c.id));
  }
}

export class InMemoryCommissionPayouts extends MapStore<CommissionPayout> implements CommissionPayoutRepository {
  async findByPeriod(periodStart: Date) {
    return this.all().filter((p) => p.periodStart.getTime() === periodStart.getTime());
  }
  async latestFor(agentId: string) {
    return this.all().filter((p) => p.agentId === agentId).at(-1);
  }
}

export class InMemorySettlementBatches extends MapStore<SettlementBatch> implements SettlementBatchRepository {
  async findByPeriod(periodStart: Date) {
    return this.all().filter((b) => b.settlementPeriodStart.getTime() === periodStart.getTime());
  }
  async latestFor(merchantId: string) {
    return this.all().filter((b) => b.merchantId === merchantId).at(-1);
  }
}

export const aMerchant = (overrides: Partial<Merchant> = {}): Merchant => ({
  id: 'm1',
  ownerId: 'u1',
  merchantCode: 'SHOP-1',
  businessName: 'Kigali Corner Shop',
  merchantStatus: 'active',
  kybStatus: 'verified',
  payoutWallet: { provider: 'mtn', msisdn: '+250788000001' },
  ...overrides,
});

export const anAgent = (overrides: Partial<Agent> = {}): Agent => ({
  id: 'a1',
  userId: 'u2',
  agentCode: 'AG-1',
  accreditationStatus: 'active',
  payoutWallet: { provider: 'airtel', msisdn: '+250730000002' },
  ...overrides,
});

export function merchantsWorld(now = '2026-11-18T10:00:00Z') {
  const ledger = new InMemoryLedger();
  const world = {
    ledger,
    journal: new Journal(ledger),
    merchants: new InMemoryMerchants(),
    agents: new InMemoryAgents(),
    transactions: new InMemoryMerchantTransactions(),
    commissions: new InMemoryCommissions(),
    payouts: new InMemoryCommissionPayouts(),
    batches: new InMemorySettlementBatches(),
    transfers: new InMemoryOutgoingTransfers(),
    mobileMoney: new FakeMobileMoney(),
    unitOfWork: new DirectUnitOfWork(),
    clock: new FixedClock(new Date(now)),
    ids: new SequentialIds('x'),
  };
  const transferCases = transferUseCases({ ...world, uow: world.unitOfWork }, () => ({
    merchant_settlement: PAYOUT_TRANSFER_POLICY,
    agent_commission: PAYOUT_TRANSFER_POLICY,
  }));
  return { ...world, ...transferCases };
}
