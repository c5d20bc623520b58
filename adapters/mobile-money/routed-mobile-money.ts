/**
 * RoutedMobileMoney: one MobileMoney over several providers' adapters (MTN MoMo, Airtel Money),
 * each payment going to the adapter of the provider it names. The provider is chosen from the
 * payer's number when the payment is made (ProviderOfNumber, core/payments/provider-routing.ts)
 * and stored with it, so its status queries, its callbacks and its retries go to that provider.
 *
 * Guarantees
 * - A collection or transfer goes to the adapter of `request.provider`, a status query to the
 *   adapter of the provider named; nothing else is ever asked.
 * - A request naming a provider that is not configured throws (a bug: routing only chooses
 *   configured providers). A status query for one (a payment made before that provider was
 *   switched off) answers `mobile_money_unavailable`: nothing is booked, an admin sees it pending.
 */
import type {
  MobileMoney,
  MobileMoneyError,
  MobileMoneyProvider,
  MobileMoneyRequest,
  MobileMoneyStatusError,
  MobileMoneyStatusReport,
} from '../../core/payments/ports.ts';
import { err, invariant, type Result } from '../../core/shared/result.ts';

export class RoutedMobileMoney implements MobileMoney {
  constructor(private readonly adapters: Partial<Record<MobileMoneyProvider, MobileMoney>>) {}

  requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.adapterOf(request.provider).requestToPay(request);
  }

  transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.adapterOf(request.provider).transfer(request);
  }

  async collectionStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    const adapter = this.adapters[provider];
    return adapter === undefined ? err('mobile_money_unavailable') : adapter.collectionStatus(provider, reference);
  }

  async transferStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    const adapter = this.adapters[provider];
    return adapter === undefined ? err('mobile_money_unavailable') : adapter.transferStatus(provider, reference);
  }

  private adapterOf(provider: MobileMoneyProvider): MobileMoney {
    const adapter = this.adapters[provider];
    invariant(adapter !== undefined, `No mobile-money adapter is configured for ${provider}`);
    return adapter;
  }
}
