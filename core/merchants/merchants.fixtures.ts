/** In-memory repositories and builders for merchants, agents and settlements tests. */
import type { Money } from '../money/money.ts';
import { CommissionPayoutTransfers } from '../agents/pay-commission-payout.ts';
import { SettlementBatchTransfers } from '../settlements/pay-settlement-batch.ts';
import { PayoutTransferPolicy } from '../settlements/payout-status.ts';
import { InMemoryOutgoingTransfers, transferUseCases } from '../transfers/transfers.fixtures.ts';
import type { Agent } from '../agents/agent.ts';
import type { Commission, CommissionPayout } from '../agents/commission.ts';
import type { AgentRepository, CommissionOnSale, CommissionPayoutRepository, CommissionRepository } from '../agents/ports.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Journal } from '../ledger/journal.ts';
import { FakeMobileMoney } from '../loans/loans.fixtures.ts';
import type { BulkSettlementInput, SettlementBatchRepository } from '../settlements/ports.ts';
import { buildSettlementBatches, coveringBatch, type SettlementBatch } from '../settlements/settlement-batch.ts';
import type { IdGenerator } from '../shared/clock.ts';
import { invariant } from '../shared/result.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import type { RegisteredAgent } from '../agents/agent-profile.ts';
import type { Merchant } from './merchant.ts';
import type { ComplianceDetails, RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantReasonCode } from './merchant-reason.ts';
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
  async findByIdempotencyKey(key: string) {
    return this.all().find((t) => t.idempotencyKey === key);
  }
  /** Nothing to wait for (the in-memory world runs one use case at a time) and one clock: no closed range lies ahead of it. */
  async holdSettlementOf(): Promise<Date | undefined> {
    return undefined;
  }
  async start(transaction: MerchantTransaction & { idempotencyKey: string }) {
    // Checked and stored without yielding, as a unique key would.
    if (this.all().some((t) => t.idempotencyKey === transaction.idempotencyKey)) return 'idempotency_key_taken' as const;
    this.items.set(transaction.id, transaction);
    return 'started' as const;
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
  constructor(
    private readonly transactions: InMemoryMerchantTransactions,
    private readonly merchants: InMemoryMerchants,
    private readonly ids: IdGenerator,
  ) {
    super();
  }
  /** The same rules as the Postgres adapter's set-based statement, from core's `buildSettlementBatches`. */
  async settlePeriodInBulk(input: BulkSettlementInput) {
    const codes = new Map(this.merchants.all().map((m) => [m.id, m.merchantCode]));
    const latest = new Map(this.merchants.all().map((m) => [m.id, this.latestOf(m.id)]));
    const batches = buildSettlementBatches({
      period: input.period,
      transactions: this.transactions.all(),
      previousBatch: (id) => latest.get(id),
      merchantCode: (id) => codes.get(id)!,
      now: input.now,
      newId: () => this.ids.newId(),
    });
    for (const batch of batches) {
      invariant(batch.batchReference.startsWith(input.referencePrefix), 'the reference prefix is the period\'s');
      await this.save(batch);
    }
    return batches;
  }
  private latestOf(merchantId: string) {
    return this.all()
      .filter((b) => b.merchantId === merchantId)
      .sort((a, b) => a.settlementPeriodStart.getTime() - b.settlementPeriodStart.getTime())
      .at(-1);
  }
  /** The batch that covers the transaction (by its range), as the Postgres reads derive it. */
  coveringOf(transaction: MerchantTransaction) {
    return coveringBatch(this.all(), transaction);
  }
  async findByPeriod(periodStart: Date) {
    return this.all().filter((b) => b.settlementPeriodStart.getTime() === periodStart.getTime());
  }
  async latestFor(merchantId: string) {
    return this.latestOf(merchantId);
  }
  async recordWithholding(batchId: string, withheld: Money) {
    const batch = await this.findById(batchId);
    invariant(batch, `no batch ${batchId}`);
    await this.save({ ...batch, withheldAmount: withheld, payoutAmount: batch.payoutAmount.minus(withheld) });
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
  const merchants = new InMemoryMerchants();
  const transactions = new InMemoryMerchantTransactions();
  const ids = new SequentialIds('x');
  const world = {
    ledger,
    journal: new Journal(ledger),
    merchants,
    agents: new InMemoryAgents(),
    transactions,
    commissions: new InMemoryCommissions(),
    payouts: new InMemoryCommissionPayouts(),
    batches: new InMemorySettlementBatches(transactions, merchants, ids),
    transfers: new InMemoryOutgoingTransfers(),
    mobileMoney: new FakeMobileMoney(),
    uow: new DirectUnitOfWork(),
    clock: new FixedClock(new Date(now)),
    ids,
  };
  const transferCases = transferUseCases(world, () => ({
    merchant_settlement: new PayoutTransferPolicy(new SettlementBatchTransfers(world.batches)),
    agent_commission: new PayoutTransferPolicy(new CommissionPayoutTransfers(world)),
  }));
  return { ...world, ...transferCases };
}

/** Registered merchants and agents (profiles), for the registration, screens and pay use cases. */
export class InMemoryMerchantRegistry extends MapStore<RegisteredMerchant> {
  async findRegistered(id: string) {
    return this.items.get(id);
  }
  async findByCode(code: string) {
    return this.all().find((m) => m.merchantCode === code);
  }
  async listByOwner(ownerId: string) {
    return this.all().filter((m) => m.ownerId === ownerId);
  }
  async listAwaitingKyb() {
    return this.all()
      .filter((m) => m.kybStatus === 'pending')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
  async register(merchant: RegisteredMerchant) {
    if (await this.findByCode(merchant.merchantCode)) return 'merchant_code_taken' as const;
    this.items.set(merchant.id, merchant);
    return 'registered' as const;
  }
  override async save(merchant: Merchant) {
    const known = this.items.get(merchant.id)!;
    this.items.set(merchant.id, { ...known, merchantStatus: merchant.merchantStatus, kybStatus: merchant.kybStatus });
  }
  async markQrGenerated(id: string, at: Date) {
    this.items.set(id, { ...this.items.get(id)!, qrGeneratedAt: at });
  }
  async saveStatusReason(id: string, code: MerchantReasonCode | null) {
    this.items.set(id, { ...this.items.get(id)!, statusReasonCode: code, statusReasonNote: null });
  }
  async saveComplianceWhileKybPending(id: string, details: ComplianceDetails) {
    const known = this.items.get(id);
    if (known?.kybStatus !== 'pending') return false;
    this.items.set(id, { ...known, ...details });
    return true;
  }
}

export class InMemoryAgentRegistry extends MapStore<RegisteredAgent> {
  constructor(
    private readonly merchants: InMemoryMerchantRegistry = new InMemoryMerchantRegistry(),
    private readonly commissions: InMemoryCommissions = new InMemoryCommissions(),
    private readonly sales: InMemoryMerchantTransactions = new InMemoryMerchantTransactions(),
  ) {
    super();
  }
  async findRegistered(id: string) {
    return this.items.get(id);
  }
  async findByUser(userId: string) {
    return this.all().find((a) => a.userId === userId);
  }
  async findByCode(code: string) {
    return this.all().find((a) => a.agentCode === code);
  }
  async register(agent: RegisteredAgent) {
    if (await this.findByUser(agent.userId)) return 'already_an_agent' as const;
    if (await this.findByCode(agent.agentCode)) return 'agent_code_taken' as const;
    this.items.set(agent.id, agent);
    return 'registered' as const;
  }
  override async save(agent: Agent) {
    this.items.set(agent.id, { ...this.items.get(agent.id)!, accreditationStatus: agent.accreditationStatus });
  }
  async merchantsOnboardedBy(agentId: string) {
    return this.merchants.all().filter((m) => m.onboardedByAgentId === agentId);
  }
  /** Each with its merchant and sale, which must be stored (as the database's foreign keys demand). */
  async commissionsOf(agentId: string): Promise<CommissionOnSale[]> {
    return this.commissions
      .all()
      .filter((c) => c.agentId === agentId)
      .map((commission) => {
        const merchant = this.merchants.items.get(commission.merchantId);
        const sale = this.sales.items.get(commission.transactionId);
        invariant(merchant && sale, `commission ${commission.id} has no stored merchant or sale`);
        return { commission, merchant: { businessName: merchant.businessName, merchantCode: merchant.merchantCode }, sale: { amount: sale.amount, at: sale.completedAt ?? sale.createdAt } };
      });
  }
}

export const aRegisteredMerchant = (overrides: Partial<RegisteredMerchant> = {}): RegisteredMerchant => ({
  ...aMerchant(),
  merchantCategory: 'grocery',
  tin: null,
  tradeLicenseNumber: null,
  rdbRegistrationNumber: null,
  businessAddress: 'KG 11 Ave, Kimironko',
  district: 'Gasabo',
  phoneNumber: '+250788000001',
  email: 'shop@example.rw',
  createdAt: new Date('2026-11-01T08:00:00Z'),
  qrGeneratedAt: null,
  statusReasonCode: null,
  statusReasonNote: null,
  ...overrides,
});

export const aRegisteredAgent = (overrides: Partial<RegisteredAgent> = {}): RegisteredAgent => ({
  ...anAgent(),
  agentType: 'individual',
  businessName: null,
  businessRegistrationNumber: null,
  physicalAddress: 'KG 11 Ave, Kimironko',
  district: 'Gasabo',
  sector: null,
  phoneNumber: '+250730000002',
  email: 'agent@example.rw',
  serviceTerritories: ['Kimironko'],
  createdAt: new Date('2026-10-01T08:00:00Z'),
  ...overrides,
});
