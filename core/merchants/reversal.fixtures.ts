/** In-memory fakes of the reversal ports of merchant payments, for core tests (the rules of the Postgres adapters, on lists). */
import type { Commission } from '../agents/commission.ts';
import type { MerchantCardRefund } from './merchant-card-refund.ts';
import type { MerchantPaymentReversal } from './merchant-reversal.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { CommissionOfTransaction, MerchantCardRefunds, MerchantPaymentReads, MerchantReversals } from './ports.ts';

export class InMemoryMerchantReversals implements MerchantReversals {
  readonly items: MerchantPaymentReversal[] = [];
  async findByTransaction(transactionId: string) {
    return this.items.find((r) => r.transactionId === transactionId);
  }
  /** One per payment, as the store's unique key decides. */
  async add(reversal: MerchantPaymentReversal) {
    if (this.items.some((r) => r.transactionId === reversal.transactionId)) return 'already_reversed' as const;
    this.items.push(reversal);
    return 'added' as const;
  }
  async listInRange(merchantId: string, from: Date, until: Date) {
    return this.listForMerchant(merchantId).then((all) => all.filter((r) => r.reversedAt >= from && r.reversedAt < until));
  }
  /** Without batches in this fake: every reversal of the merchant. */
  async listAwaitingSettlement(merchantId: string) {
    return this.listForMerchant(merchantId);
  }
  async listForMerchant(merchantId: string) {
    return this.items.filter((r) => r.merchantId === merchantId).sort((a, b) => a.reversedAt.getTime() - b.reversedAt.getTime());
  }
}

export class InMemoryMerchantCardRefunds implements MerchantCardRefunds {
  readonly items = new Map<string, MerchantCardRefund>();
  async findByTransaction(transactionId: string) {
    return this.items.get(transactionId);
  }
  async add(refund: MerchantCardRefund) {
    if (this.items.has(refund.transactionId)) return 'exists' as const;
    this.items.set(refund.transactionId, refund);
    return 'added' as const;
  }
  async save(refund: MerchantCardRefund) {
    this.items.set(refund.transactionId, refund);
  }
  async listOpenOlderThan(instant: Date) {
    return [...this.items.values()].filter((r) => (r.status === 'requested' || r.status === 'pending') && !r.dispute && r.requestedAt < instant);
  }
  async listForAdmin(filter: { disputed: boolean }, limit: number) {
    const open = [...this.items.values()].filter((r) => (r.status === 'requested' || r.status === 'pending') && (!filter.disputed || r.dispute));
    return open.sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime()).slice(0, limit);
  }
  async listForMerchant(merchantId: string) {
    return [...this.items.values()].filter((r) => r.merchantId === merchantId);
  }
}

/** The payments and commissions of a merchants world, read as the reversal reads them. */
export function reversalReads(world: { transactions: { all(): MerchantTransaction[] }; commissions: { all(): Commission[] } }): { payments: MerchantPaymentReads; commissionOf: CommissionOfTransaction } {
  return {
    payments: {
      async listForMerchant(merchantId, range) {
        return world.transactions
          .all()
          .filter((t) => t.merchantId === merchantId && (!range.from || t.createdAt >= range.from) && (!range.to || t.createdAt < range.to))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      },
      async findById(id) {
        return world.transactions.all().find((t) => t.id === id);
      },
    },
    commissionOf: {
      async findByTransaction(transactionId) {
        return world.commissions.all().find((c) => c.transactionId === transactionId);
      },
    },
  };
}
