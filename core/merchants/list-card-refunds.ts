/**
 * ListCardRefunds: what an admin sees of merchants' card refunds not finished (`npm run admin --
 * merchants refunds`): the open ones (requested or pending at the processor), or with `disputed`
 * only those the processor answered in a way no machine settles (merchant-card-refund.ts
 * `CardRefundDispute`), which wait for an admin and are never asked about again.
 *
 * Guarantees
 * - A read without locks, oldest request first, at most `limit` (default 200, at most 1,000).
 */
import type { MerchantCardRefund } from './merchant-card-refund.ts';
import type { MerchantCardRefunds } from './ports.ts';

const LIMIT = { default: 200, max: 1_000 } as const;

export class ListCardRefunds {
  constructor(private readonly deps: { cardRefunds: Pick<MerchantCardRefunds, 'listForAdmin'> }) {}

  execute(input: { disputed: boolean; limit?: number }): Promise<MerchantCardRefund[]> {
    const limit = Math.min(Math.max(1, input.limit ?? LIMIT.default), LIMIT.max);
    return this.deps.cardRefunds.listForAdmin({ disputed: input.disputed }, limit);
  }
}
