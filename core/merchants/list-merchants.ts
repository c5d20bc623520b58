/**
 * Every merchant with its code, statuses, onboarding agent, the reason of a rejection or
 * suspension and its card refunds still open at the processor, oldest registration first: the
 * admin's `merchants list` (cli/business-command.ts; `--pending` is ListMerchantsAwaitingKyb).
 *
 * Guarantees
 * - Reads only; the list is the admin's (no channel a member reaches calls it).
 */
import type { MerchantListing, MerchantSummary } from './ports.ts';

export class ListMerchants {
  constructor(private readonly deps: { merchants: MerchantListing }) {}

  execute(): Promise<MerchantSummary[]> {
    return this.deps.merchants.listAll();
  }
}
