/**
 * Loan recommendations: what a member could borrow now, from their own limit, score and savings
 * (DOMAIN: "Loan recommendations … come from the member's real data"), never fixed numbers.
 *
 * Guarantees
 * - Every recommended amount is whole thousands of RWF, at least the minimum loan and at most the
 *   credit still available (loan limit − principal outstanding); none when that is below the
 *   minimum. No two recommendations have the same amount.
 * - The estimated rate is the member's band rate; the monthly payment is the exact annuity for the
 *   amount, rate and term; confidence (0–1) rises with the score and falls with the share of the
 *   available credit used, and is lower when the loan would wait for review.
 */
import { Money } from '../money/money.ts';
import { monthlyPayment } from './amortisation.ts';
import { INSTANT_APPROVAL_MIN_SCORE, MIN_LOAN, annualRateForScore, ratePercent } from './loan-terms.ts';

export interface LoanRecommendation {
  readonly type: 'emergency' | 'business' | 'education';
  readonly purpose: string;
  readonly confidence: number;
  readonly amount: Money;
  /** Annual percent. */
  readonly estimatedRate: number;
  readonly termMonths: number;
  readonly monthlyPayment: Money;
  readonly benefits: readonly string[];
}

const PRODUCTS = [
  { type: 'emergency', purpose: 'Emergency expenses such as medical bills or urgent repairs', shareBps: 2_500, termMonths: 3 },
  { type: 'business', purpose: 'Stock or equipment to grow your business', shareBps: 6_000, termMonths: 12 },
  { type: 'education', purpose: 'School fees or a productive asset for your family', shareBps: 10_000, termMonths: 24 },
] as const;

const THOUSAND = Money.ofFrancs(1_000);
const roundDownToThousands = (amount: Money) => THOUSAND.times(Math.floor(amount.centimes / THOUSAND.centimes));

export function recommendLoans(input: { available: Money; creditScore: number; savingsBalance: Money }): LoanRecommendation[] {
  const { available, creditScore, savingsBalance } = input;
  if (available.lessThan(MIN_LOAN)) return [];
  const annualRateBps = annualRateForScore(creditScore);
  const instant = creditScore >= INSTANT_APPROVAL_MIN_SCORE;
  const scoreShare = Math.min(1, Math.max(0, (creditScore - 300) / 550));
  const seen = new Set<number>();
  const recommendations: LoanRecommendation[] = [];
  for (const product of PRODUCTS) {
    const amount = Money.max(MIN_LOAN, Money.min(available, roundDownToThousands(available.percentOf(product.shareBps))));
    if (seen.has(amount.centimes)) continue;
    seen.add(amount.centimes);
    const usedShare = amount.centimes / available.centimes;
    const confidence = Math.round(Math.min(1, (0.35 + 0.5 * scoreShare + 0.15 * (1 - usedShare)) * (instant ? 1 : 0.7)) * 100) / 100;
    const payment = monthlyPayment({ principal: amount, annualRateBps, termMonths: product.termMonths });
    const totalInterest = payment.times(product.termMonths).minus(amount);
    recommendations.push({
      type: product.type,
      purpose: product.purpose,
      confidence,
      amount,
      estimatedRate: ratePercent(annualRateBps),
      termMonths: product.termMonths,
      monthlyPayment: payment,
      benefits: [
        `Uses ${Math.round(usedShare * 100)}% of the ${available.format()} you can borrow against savings of ${savingsBalance.format()}`,
        `${ratePercent(annualRateBps)}% annual rate for your credit score of ${creditScore}`,
        `About ${payment.format()} a month for ${product.termMonths} months, about ${totalInterest.format()} of interest in all`,
        instant ? 'Decided instantly and paid to your mobile money' : 'Reviewed by a loan officer before it is paid',
      ],
    });
  }
  return recommendations;
}
