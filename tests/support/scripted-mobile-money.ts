/**
 * The money tests' provider: the embedded sandbox, whose status answers a test can overrule with
 * the provider's own decision on one payment (`decide`) — another amount, a failure, a success
 * after a failure — as a real provider might answer. A callback the app receives is only a hint,
 * so a test that wants the app to book something must first make the provider say it.
 */
import type { Money } from '../../core/money/money.ts';
import type { MobileMoney, MobileMoneyProvider, MobileMoneyRequest, MobileMoneyStatus, MobileMoneyStatusReport } from '../../core/payments/ports.ts';
import type { PaymentDirection } from '../../core/payments/ports.ts';
import { ok } from '../../core/shared/result.ts';

export interface ProviderDecision {
  status: MobileMoneyStatus;
  amount: Money;
  currency?: string;
  reason?: string;
  providerTransactionId?: string;
}

export class ScriptedMobileMoney implements MobileMoney {
  private readonly decisions = new Map<string, MobileMoneyStatusReport>();
  /** Status queries asked, in order: `collection:<reference>` / `transfer:<reference>`. */
  readonly statusQueries: string[] = [];
  /** Every transfer the app asked the provider to make, by reference, in order (repeats included). */
  readonly transferRequests: string[] = [];

  constructor(readonly inner: MobileMoney) {}

  /** From now on the provider answers this about the payment. */
  decide(direction: PaymentDirection, reference: string, decision: ProviderDecision): void {
    this.decisions.set(`${direction}:${reference}`, {
      reference,
      status: decision.status,
      amount: decision.amount,
      currency: decision.currency ?? 'RWF',
      providerTransactionId: decision.providerTransactionId,
      reason: decision.reason,
    });
  }

  requestToPay(request: MobileMoneyRequest) {
    return this.inner.requestToPay(request);
  }

  transfer(request: MobileMoneyRequest) {
    this.transferRequests.push(request.reference);
    return this.inner.transfer(request);
  }

  collectionStatus(provider: MobileMoneyProvider, reference: string) {
    return this.status('collection', provider, reference);
  }

  transferStatus(provider: MobileMoneyProvider, reference: string) {
    return this.status('transfer', provider, reference);
  }

  /** What the provider says about this payment, without counting it as the app's query (for a test's own checks). */
  async answer(direction: PaymentDirection, provider: MobileMoneyProvider, reference: string) {
    const decided = this.decisions.get(`${direction}:${reference}`);
    if (decided) return ok(decided);
    return direction === 'collection' ? this.inner.collectionStatus(provider, reference) : this.inner.transferStatus(provider, reference);
  }

  private async status(direction: PaymentDirection, provider: MobileMoneyProvider, reference: string) {
    this.statusQueries.push(`${direction}:${reference}`);
    return this.answer(direction, provider, reference);
  }
}
