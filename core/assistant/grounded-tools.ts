/**
 * The assistant's grounded tools: every figure it may state, read through the member's own use
 * cases (never a query of its own) or the constants the rules use. The built-in engine and the
 * optional language model call the same tools.
 *
 * Guarantees
 * - Every tool of a member reads that member's records only: its one input is the signed-in
 *   member's id, given by the caller, never read from the message.
 * - Each result names its source (`source`): the screen or rule it comes from.
 * - A loan quote uses the loans module's own calculation (amortisation.ts `keyFacts`, the rate
 *   band of the member's score as ShowKeyFacts uses it) and the application bounds of loan-terms.ts.
 * - Fees, commission, reminder days and the settlement day are the constants core uses
 *   (merchant-fee.ts, contribution-reminders.ts, settlement-period.ts, commission.ts).
 */
import type { ListMemberContributions } from '../contributions/list-member-contributions.ts';
import { REMINDER_OFFSETS } from '../contributions/contribution-reminders.ts';
import type { ShowCreditScore } from '../credit/show-credit-score.ts';
import { keyFacts } from '../loans/amortisation.ts';
import { annualRateForScore, loanLimit, MAX_LOAN, MAX_TERM_MONTHS, MIN_LOAN, MIN_TERM_MONTHS, ratePercent, SAVINGS_COLLATERAL_BPS } from '../loans/loan-terms.ts';
import type { Borrowers } from '../loans/ports.ts';
import type { SummarizeLoans } from '../loans/summarize-loans.ts';
import { AGENT_COMMISSION_BPS, MERCHANT_FEE_BPS } from '../merchants/merchant-fee.ts';
import { Money } from '../money/money.ts';
import { compareDates, formatDate, kigaliDateOf } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { RecommendTontines } from '../tontines/recommend-tontines.ts';
import type { ShowSavingsDashboard } from '../tontines/show-savings-dashboard.ts';

/** Where a figure comes from; the answer names it and points to its screen. */
export type Source = 'savings_dashboard' | 'contributions' | 'loans_summary' | 'credit_assessment' | 'loan_calculation' | 'recommendations' | 'product_rules';

export const SCREEN_OF: Readonly<Record<Source, string>> = {
  savings_dashboard: '/dashboard',
  contributions: '/dashboard',
  loans_summary: '/loans',
  credit_assessment: '/loans',
  loan_calculation: '/loans',
  recommendations: '/tontines',
  product_rules: '/education',
};

export interface SavingsFact {
  readonly source: 'savings_dashboard';
  readonly totalSavings: Money;
  readonly activeTontines: number;
}

export interface NextContributionFact {
  readonly source: 'contributions';
  readonly next: { amount: Money; dueDate: string; tontineName: string; overdue: boolean } | null;
}

export interface PayoutsFact {
  readonly source: 'savings_dashboard';
  readonly next: { amount: Money; date: string; tontineName: string } | null;
}

export interface CreditScoreFact {
  readonly source: 'credit_assessment';
  readonly assessment: {
    score: number;
    rating: string;
    maxLoanAmount: Money;
    factors: readonly { factor: string; description: string; impact: string }[];
    assessedAt: string;
  } | null;
}

export interface LoanLimitFact {
  readonly source: 'loans_summary';
  readonly savings: Money;
  readonly limit: Money;
  readonly available: Money;
  readonly collateralPercent: number;
}

export type LoanQuoteFact =
  | {
      readonly source: 'loan_calculation';
      readonly ok: true;
      readonly amount: Money;
      readonly termMonths: number;
      readonly annualRatePercent: number;
      readonly creditScore: number;
      readonly monthlyPayment: Money;
      readonly totalInterest: Money;
      readonly totalRepayable: Money;
      readonly withinAvailable: boolean;
      readonly available: Money;
    }
  | { readonly source: 'loan_calculation'; readonly ok: false; readonly problem: 'amount_missing' | 'term_missing' | 'amount_out_of_bounds' | 'term_out_of_bounds'; readonly min: Money; readonly max: Money; readonly minTerm: number; readonly maxTerm: number };

export interface GroupsFact {
  readonly source: 'recommendations';
  readonly budget: Money | null;
  readonly groups: readonly { name: string; contributionAmount: Money; frequency: string; members: number; maxMembers: number; matchPercent: number }[];
}

export interface RulesFact {
  readonly source: 'product_rules';
  readonly merchantFeePercent: number;
  readonly merchantKeepsPercent: number;
  readonly settlementDay: 'Monday';
  readonly settlementPeriodDays: number;
  readonly agentCommissionPercent: number;
  readonly commissionPaidOnDay: number;
  readonly reminderDaysBefore: readonly number[];
  readonly loanCollateralPercent: number;
  readonly minLoan: Money;
  readonly maxLoan: Money;
  readonly minTermMonths: number;
  readonly maxTermMonths: number;
  readonly rateBandsPercent: readonly number[];
}

export interface AssistantToolsDeps {
  showSavingsDashboard: Pick<ShowSavingsDashboard, 'execute'>;
  listMemberContributions: Pick<ListMemberContributions, 'execute'>;
  summarizeLoans: Pick<SummarizeLoans, 'execute'>;
  showCreditScore: Pick<ShowCreditScore, 'execute'>;
  borrowers: Borrowers;
  recommendTontines: Pick<RecommendTontines, 'execute'>;
  clock: Clock;
}

/** The product's rules as the core keeps them; the same for every visitor. */
export function productRules(): RulesFact {
  return {
    source: 'product_rules',
    merchantFeePercent: MERCHANT_FEE_BPS / 100,
    merchantKeepsPercent: 100 - MERCHANT_FEE_BPS / 100,
    settlementDay: 'Monday',
    settlementPeriodDays: 7,
    agentCommissionPercent: AGENT_COMMISSION_BPS / 100,
    commissionPaidOnDay: 1,
    reminderDaysBefore: REMINDER_OFFSETS.map((o) => o.daysBefore),
    loanCollateralPercent: SAVINGS_COLLATERAL_BPS / 100,
    minLoan: MIN_LOAN,
    maxLoan: MAX_LOAN,
    minTermMonths: MIN_TERM_MONTHS,
    maxTermMonths: MAX_TERM_MONTHS,
    rateBandsPercent: [...new Set([850, 749, 699, 649, 0].map((score) => ratePercent(annualRateForScore(score))))],
  };
}

export class AssistantTools {
  constructor(private readonly deps: AssistantToolsDeps) {}

  async savings(memberId: string): Promise<SavingsFact> {
    const dashboard = await this.deps.showSavingsDashboard.execute({ userId: memberId });
    return { source: 'savings_dashboard', totalSavings: dashboard.totalSavings, activeTontines: dashboard.activeTontines };
  }

  /** The names of the member's own groups (to recognise one in a message). */
  async groupNames(memberId: string): Promise<string[]> {
    return [...new Set((await this.deps.listMemberContributions.execute({ userId: memberId })).map((e) => e.tontineName).filter((n) => n !== ''))];
  }

  /** The earliest unpaid contribution, of the named group when one is given. */
  async nextContribution(memberId: string, groupName: string | null = null): Promise<NextContributionFact> {
    const entries = (await this.deps.listMemberContributions.execute({ userId: memberId }))
      .filter((e) => !e.contribution.isCompleted && (groupName === null || e.tontineName === groupName))
      .sort((a, b) => compareDates(a.contribution.dueDate, b.contribution.dueDate));
    const first = entries[0];
    return {
      source: 'contributions',
      next: first ? { amount: first.contribution.amount, dueDate: formatDate(first.contribution.dueDate), tontineName: first.tontineName, overdue: first.status === 'overdue' } : null,
    };
  }

  async payouts(memberId: string): Promise<PayoutsFact> {
    const dashboard = await this.deps.showSavingsDashboard.execute({ userId: memberId });
    const next = dashboard.nextPayout;
    return { source: 'savings_dashboard', next: next ? { amount: next.amount, date: formatDate(next.date), tontineName: next.tontineName } : null };
  }

  async creditScore(memberId: string): Promise<CreditScoreFact> {
    const latest = await this.deps.showCreditScore.execute({ memberId });
    return {
      source: 'credit_assessment',
      assessment: latest
        ? {
            score: latest.score,
            rating: latest.rating,
            maxLoanAmount: latest.maxLoanAmount,
            factors: latest.factors.map(({ factor, description, impact }) => ({ factor, description, impact })),
            assessedAt: formatDate(kigaliDateOf(latest.assessedAt)),
          }
        : null,
    };
  }

  async loanLimit(memberId: string): Promise<LoanLimitFact> {
    const [summary, profile] = await Promise.all([this.deps.summarizeLoans.execute({ memberId }), this.deps.borrowers.profileOf(memberId)]);
    const savings = profile?.savingsBalance ?? Money.ZERO;
    return { source: 'loans_summary', savings, limit: loanLimit(savings), available: summary.availableCredit, collateralPercent: SAVINGS_COLLATERAL_BPS / 100 };
  }

  async loanQuote(memberId: string, amountFrancs: number | null, termMonths: number | null): Promise<LoanQuoteFact> {
    const bounds = { source: 'loan_calculation', ok: false, min: MIN_LOAN, max: MAX_LOAN, minTerm: MIN_TERM_MONTHS, maxTerm: MAX_TERM_MONTHS } as const;
    if (amountFrancs === null) return { ...bounds, problem: 'amount_missing' };
    if (termMonths === null) return { ...bounds, problem: 'term_missing' };
    const amount = Money.ofFrancs(amountFrancs);
    if (amount.lessThan(MIN_LOAN) || amount.greaterThan(MAX_LOAN)) return { ...bounds, problem: 'amount_out_of_bounds' };
    if (termMonths < MIN_TERM_MONTHS || termMonths > MAX_TERM_MONTHS) return { ...bounds, problem: 'term_out_of_bounds' };
    const [profile, summary] = await Promise.all([this.deps.borrowers.profileOf(memberId), this.deps.summarizeLoans.execute({ memberId })]);
    const creditScore = profile?.creditScore ?? 0;
    const annualRateBps = annualRateForScore(creditScore);
    const facts = keyFacts({ principal: amount, annualRateBps, termMonths }, kigaliDateOf(this.deps.clock.now()));
    return {
      source: 'loan_calculation',
      ok: true,
      amount,
      termMonths,
      annualRatePercent: ratePercent(annualRateBps),
      creditScore,
      monthlyPayment: facts.monthlyPayment,
      totalInterest: facts.totalInterest,
      totalRepayable: facts.totalRepayable,
      withinAvailable: !amount.greaterThan(summary.availableCredit),
      available: summary.availableCredit,
    };
  }

  async groups(memberId: string, budgetFrancs: number | null): Promise<GroupsFact> {
    const budget = budgetFrancs === null || budgetFrancs <= 0 ? null : Money.ofFrancs(budgetFrancs);
    const found = await this.deps.recommendTontines.execute({ userId: memberId, budget, frequency: null });
    return {
      source: 'recommendations',
      budget,
      groups: found.slice(0, 3).map((r) => ({
        name: r.tontine.name,
        contributionAmount: r.tontine.contributionAmount,
        frequency: r.tontine.frequency,
        members: r.tontine.members.length,
        maxMembers: r.tontine.maxMembers,
        matchPercent: Math.round(r.score * 100),
      })),
    };
  }
}
