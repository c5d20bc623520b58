/** Ports of the merchants module (merchants, their payments, and the commissions those earn). */
import type { Agent } from '../agents/agent.ts';
import type { Merchant } from './merchant.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';

export interface MerchantRepository {
  findById(id: string): Promise<Merchant | undefined>;
  save(merchant: Merchant): Promise<void>;
}

export interface MerchantTransactionRepository {
  findByReference(transactionReference: string): Promise<MerchantTransaction | undefined>;
  /** Completed transactions not in any settlement batch, completed before `before`. */
  findUnsettled(before: Date): Promise<MerchantTransaction[]>;
  save(transaction: MerchantTransaction): Promise<void>;
}

export interface AgentLookup {
  findById(id: string): Promise<Agent | undefined>;
}
