/**
 * The public pay page's view of a business by its code (GET /api/pay/{merchantCode}, USSD "Pay a
 * merchant").
 *
 * Guarantees
 * - One reading of a code for the public (core/merchants/pay-page-view.ts): an unknown code or a
 *   rejected business answers `merchant_not_found`; a business awaiting KYB shows its code and
 *   standing only.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { byCode, payPageView, type PayPageMerchant } from './pay-page-view.ts';
import type { MerchantRegistry } from './ports.ts';

export class ShowPayPage {
  constructor(private readonly deps: { registry: Pick<MerchantRegistry, 'findByCode'> }) {}

  async execute(input: { merchantCode: string }): Promise<Result<PayPageMerchant, 'merchant_not_found'>> {
    const view = payPageView(await byCode(this.deps.registry, input.merchantCode));
    return view ? ok(view) : err('merchant_not_found');
  }
}
