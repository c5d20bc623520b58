/**
 * ShowWorkingCapital: what the merchant dashboard shows (GET /api/merchants/{id}/working-capital):
 * whether the business is offered working capital, why not, the limit and the figures behind it,
 * and its working capital as it stands.
 *
 * Guarantees
 * - Only the merchant's owner: another member's merchant is `merchant_not_found`, like an unknown id.
 * - The offer is computed now from the merchant's standing sales (completed, not reversed) of
 *   the last 90 days, its KYB, and its open working capital (working-capital.ts).
 * - `current`: its open working capital if any, else the latest one (repaid or rejected), with
 *   the repayments made.
 */
import { ownedMerchant } from '../merchants/merchant-access.ts';
import type { MerchantRegistry } from '../merchants/ports.ts';
import type { Clock } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { MerchantSalesHistory, WorkingCapitalLoans, WorkingCapitalRepayment, WorkingCapitalRepayments } from './ports.ts';
import { DAY_MS, HISTORY_DAYS, OPEN_STATUSES, workingCapitalOffer, type WorkingCapitalLoan, type WorkingCapitalOffer } from './working-capital.ts';
import type { RegisteredMerchant } from '../merchants/merchant-profile.ts';

export interface ShowWorkingCapitalDeps {
  registry: Pick<MerchantRegistry, 'findRegistered'>;
  loans: Pick<WorkingCapitalLoans, 'listByMerchant'>;
  repayments: Pick<WorkingCapitalRepayments, 'listByLoan'>;
  sales: MerchantSalesHistory;
  clock: Clock;
}

export interface WorkingCapitalView {
  merchant: RegisteredMerchant;
  offer: WorkingCapitalOffer;
  current?: { loan: WorkingCapitalLoan; repayments: WorkingCapitalRepayment[] };
}

export const isVerified = (m: Pick<RegisteredMerchant, 'kybStatus' | 'merchantStatus'>) => m.kybStatus === 'verified' && m.merchantStatus === 'active';

/** The offer for a merchant, with its working capital as stored. */
export async function offerFor(deps: Omit<ShowWorkingCapitalDeps, 'repayments' | 'registry'>, merchant: RegisteredMerchant): Promise<{ offer: WorkingCapitalOffer; loans: WorkingCapitalLoan[] }> {
  const now = deps.clock.now();
  const loans = await deps.loans.listByMerchant(merchant.id);
  const history = await deps.sales.salesOf(merchant.id, new Date(now.getTime() - HISTORY_DAYS * DAY_MS));
  const offer = workingCapitalOffer({ verified: isVerified(merchant), hasOpen: loans.some((l) => OPEN_STATUSES.includes(l.status)), sales: history.sales, firstSaleAt: history.firstSaleAt, now });
  return { offer, loans };
}

export class ShowWorkingCapital {
  constructor(private readonly deps: ShowWorkingCapitalDeps) {}

  async execute(input: { merchantId: string; userId: string }): Promise<Result<WorkingCapitalView, 'merchant_not_found'>> {
    const merchant = await ownedMerchant(this.deps.registry, input);
    if (!merchant.ok) return merchant;
    const { offer, loans } = await offerFor(this.deps, merchant.value);
    const loan = loans.find((l) => OPEN_STATUSES.includes(l.status)) ?? loans[0];
    const current = loan ? { loan, repayments: await this.deps.repayments.listByLoan(loan.id) } : undefined;
    return ok({ merchant: merchant.value, offer, ...(current ? { current } : {}) });
  }
}
