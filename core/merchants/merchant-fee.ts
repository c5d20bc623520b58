/**
 * Merchant fee and agent commission on a completed payment.
 *
 * Guarantees
 * - fee = 2 % (200 bps) of the gross, half-even to the centime; net = gross − fee, so fee + net = gross.
 * - commission = 0.5 % (50 bps) of the gross, half-even, paid OUT OF the fee and only when an
 *   active agent onboarded the merchant; commission ≤ fee for every amount.
 * - The payment's ledger entry credits exactly: the merchant payable with net, the agent's
 *   commission payable with commission, fee income with the rest of the fee.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit, type Posting } from '../ledger/journal-entry.ts';
import { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { invariant } from '../shared/result.ts';

export const MERCHANT_FEE_BPS = 200;
export const AGENT_COMMISSION_BPS = 50;

export interface PaymentSplit {
  readonly gross: Money;
  readonly fee: Money;
  readonly net: Money;
  /** Zero when no active agent onboarded the merchant. */
  readonly commission: Money;
}

export function splitPayment(gross: Money, earnsCommission: boolean): PaymentSplit {
  invariant(!gross.isNegative(), 'a payment cannot be negative');
  const fee = gross.percentOf(MERCHANT_FEE_BPS);
  // 0.5 % ≤ 2 % and half-even rounding is monotone, so the commission never exceeds the fee.
  const commission = earnsCommission ? gross.percentOf(AGENT_COMMISSION_BPS) : Money.ZERO;
  return { gross, fee, net: gross.minus(fee), commission };
}

/** Postings of a completed payment: provider clearing in, merchant, agent and the platform out. */
export function paymentPostings(split: PaymentSplit, provider: MobileMoneyProvider, merchantId: string, agentId: string | undefined): Posting[] {
  const postings = [debit(accounts.collection(provider), split.gross), credit(accounts.merchantPayable(merchantId), split.net)];
  const platform = split.fee.minus(split.commission);
  if (platform.isPositive()) postings.push(credit(accounts.feeIncome, platform));
  if (split.commission.isPositive()) {
    invariant(agentId !== undefined, 'a commission needs an agent');
    postings.push(credit(accounts.agentCommission(agentId), split.commission));
  }
  return postings.filter((p) => !p.amount.isZero());
}
