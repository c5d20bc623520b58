/**
 * ApplyForWorkingCapital (POST /api/merchants/{id}/working-capital {amount}): the key facts of
 * that amount, and the decision.
 *
 * Guarantees
 * - Only the merchant's owner (`merchant_not_found` otherwise); a business not verified is
 *   refused (`business_not_verified`), as is one with working capital open (`working_capital_open`,
 *   also for two requests racing: the store's unique key decides). The amount is 10,000–10,000,000
 *   RWF in whole francs.
 * - Instant decision inside the rules (eligible and amount ≤ limit): `approved`, awaiting the
 *   owner's acceptance of the key facts; otherwise `pending` for an admin (`npm run admin --
 *   loans review`). Nothing is disbursed before acceptance.
 * - The key facts (fee in RWF and APR, withholding share, minimum pace, term, no early repayment
 *   fee) and the fee model's version are recorded with the application, with the sales basis.
 */
import { ownedMerchant } from '../merchants/merchant-access.ts';
import type { MerchantRegistry } from '../merchants/ports.ts';
import { Money } from '../money/money.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import type { MerchantSalesHistory, WorkingCapitalLoans } from './ports.ts';
import { isVerified, offerFor } from './show-working-capital.ts';
import { instantDecision, keyFactsFor, validateAmount, type AmountError, type WorkingCapitalLoan } from './working-capital.ts';
import { decisionNotice } from './working-capital-notices.ts';

export interface ApplyForWorkingCapitalDeps {
  registry: Pick<MerchantRegistry, 'findRegistered'>;
  loans: Pick<WorkingCapitalLoans, 'listByMerchant' | 'add'>;
  sales: MerchantSalesHistory;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export type ApplyForWorkingCapitalError = 'merchant_not_found' | 'business_not_verified' | 'working_capital_open' | AmountError;

export class ApplyForWorkingCapital {
  constructor(private readonly deps: ApplyForWorkingCapitalDeps) {}

  async execute(input: { merchantId: string; userId: string; amount: Money }): Promise<Result<WorkingCapitalLoan, ApplyForWorkingCapitalError>> {
    const amount = validateAmount(input.amount);
    if (!amount.ok) return amount;
    const { deps } = this;
    return deps.uow.run(async () => {
      const merchant = await ownedMerchant(deps.registry, input);
      if (!merchant.ok) return merchant;
      if (!isVerified(merchant.value)) return err('business_not_verified');
      const { offer } = await offerFor(deps, merchant.value);
      if (offer.reasons.includes('working_capital_open')) return err('working_capital_open');
      const loan: WorkingCapitalLoan = {
        id: deps.ids.newId(),
        merchantId: merchant.value.id,
        ownerId: merchant.value.ownerId,
        status: instantDecision(offer, amount.value),
        keyFacts: keyFactsFor(amount.value, offer),
        basis: offer.basis,
        repaid: Money.ZERO,
        createdAt: deps.clock.now(),
        remindedWindow: 0,
      };
      if ((await deps.loans.add(loan)) === 'working_capital_open') return err('working_capital_open');
      await deps.notifier.notify(decisionNotice(loan));
      return ok(loan);
    });
  }
}
