/**
 * The assistant's grounded tools: every figure it may state, read through the member's own use
 * cases (never a query of its own) or the constants the rules use. The built-in engine and the
 * optional language model call the same tools.
 *
 * Guarantees
 * - Every tool of a member reads that member's records only: its one input is the signed-in
 *   member's id, given by the caller, never read from the message.
 * - Each result names its source (`source`): the screen or rule it comes from.
 * - What the member may borrow is the loans module's eligibility (CheckLoanEligibility, the Loans
 *   page checklist): a figure below the minimum loan is never offered as something to borrow, and
 *   what is missing is named instead.
 * - A loan quote uses the loans module's own calculation (amortisation.ts `keyFacts`, the rate
 *   band of the member's score now, as ShowKeyFacts computes it) and the application bounds of
 *   loan-terms.ts.
 * - Every amount a tool is given (read from a message, or a model's argument) goes through the
 *   core's amount reader (core/money/amount-input.ts): out of bounds it is a problem the answer
 *   names, never a Money out of range.
 * - Fees, commission, reminder days and the settlement day are the constants core uses
 *   (merchant-fee.ts, contribution-reminders.ts, settlement-period.ts, commission.ts).
 */
import { factorCodeOf, type FactorCode } from '../credit/scorecard.ts';
import type { ListMemberContributions } from '../contributions/list-member-contributions.ts';
import { REMINDER_OFFSETS } from '../contributions/contribution-reminders.ts';
import type { ShowCreditScore } from '../credit/show-credit-score.ts';
import { keyFacts } from '../loans/amortisation.ts';
import type { CheckLoanEligibility } from '../loans/check-loan-eligibility.ts';
import { loanEligibility, type LoanEligibility } from '../loans/loan-eligibility.ts';
import { annualRateForScore, MAX_LOAN, MAX_TERM_MONTHS, MIN_LOAN, MIN_TERM_MONTHS, ratePercent, SAVINGS_COLLATERAL_BPS } from '../loans/loan-terms.ts';
import type { Borrowers } from '../loans/ports.ts';
import { AGENT_COMMISSION_BPS, MERCHANT_FEE_BPS } from '../merchants/merchant-fee.ts';
import { MAX_ENTERED_AMOUNT, readAmount } from '../money/amount-input.ts';
import { Money } from '../money/money.ts';
import { compareDates, formatDate, kigaliDateOf } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { RecommendTontines } from '../tontines/recommend-tontines.ts';
import type { ShowSavingsDashboard } from '../tontines/show-savings-dashboard.ts';

/** Where a figure comes from; the answer names it and points to its screen. */
export type Source = 'savings_dashboard' | 'contributions' | 'loans_summary' | 'credit_assessment' | 'loan_calculation' | 'recommendations' | 'product_rules';

/** The screens an answer points to: named in words in the answer, offered as links beside it. */
export const SCREENS = ['dashboard', 'verification', 'loans', 'tontines', 'profile', 'education'] as const;
export type Screen = (typeof SCREENS)[number];

/** The web client's address of each screen (the UI renders the links; answers never print them). */
export const SCREEN_PATHS: Readonly<Record<Screen, string>> = {
  dashboard: '/dashboard',
  verification: '/dashboard?tab=verification',
  loans: '/loans',
  tontines: '/tontines',
  profile: '/profile',
  education: '/education',
};

export const SCREEN_OF: Readonly<Record<Source, Screen>> = {
  savings_dashboard: 'dashboard',
  contributions: 'dashboard',
  loans_summary: 'loans',
  credit_assessment: 'loans',
  loan_calculation: 'loans',
  recommendations: 'tontines',
  product_rules: 'education',
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
    /** The limit when assessed (half the savings then); below minLoan nothing could be borrowed against it. */
    maxLoanAmount: Money;
    /** `code` names the factor in any language (core/credit/scorecard.ts); `factor` is its English name. */
    factors: readonly { factor: string; code?: FactorCode | undefined; description: string; impact: string }[];
    assessedAt: string;
  } | null;
  readonly minLoan: Money;
}

/** What borrowing still needs (the Loans page checklist's missing items). */
export type MissingForLoan =
  | { readonly kind: 'identity_verified' }
  | { readonly kind: 'savings'; readonly needed: Money; readonly missing: Money }
  | { readonly kind: 'limit_used' }
  | { readonly kind: 'no_overdue_loan' }
  | { readonly kind: 'no_open_application' };

export interface LoanLimitFact {
  readonly source: 'loans_summary';
  readonly savings: Money;
  readonly limit: Money;
  readonly available: Money;
  readonly collateralPercent: number;
  readonly minLoan: Money;
  readonly eligible: boolean;
  /** Empty when eligible. */
  readonly missing: readonly MissingForLoan[];
}

/** The missing items of an eligibility, as the assistant names them. */
export function missingForLoan(eligibility: LoanEligibility): MissingForLoan[] {
  return eligibility.requirements.flatMap((r): MissingForLoan[] => {
    if (r.status !== 'missing') return [];
    if (r.kind === 'savings') return [r.savingsNeeded && r.savingsMissing ? { kind: 'savings', needed: r.savingsNeeded, missing: r.savingsMissing } : { kind: 'limit_used' }];
    return [{ kind: r.kind }];
  });
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
      /** The member may apply now (the Loans page checklist is complete). */
      readonly eligible: boolean;
    }
  | { readonly source: 'loan_calculation'; readonly ok: false; readonly problem: 'amount_missing' | 'term_missing' | 'amount_out_of_bounds' | 'term_out_of_bounds'; readonly min: Money; readonly max: Money; readonly minTerm: number; readonly maxTerm: number };

export type GroupsFact =
  | {
      readonly source: 'recommendations';
      readonly ok: true;
      readonly budget: Money | null;
      readonly groups: readonly { name: string; contributionAmount: Money; frequency: string; members: number; maxMembers: number; matchPercent: number }[];
    }
  | { readonly source: 'recommendations'; readonly ok: false; readonly problem: 'budget_out_of_bounds'; readonly maxBudget: Money };

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
  checkLoanEligibility: Pick<CheckLoanEligibility, 'execute'>;
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
            factors: latest.factors.map((f) => ({ factor: f.factor, code: factorCodeOf(f), description: f.description, impact: f.impact })),
            assessedAt: formatDate(kigaliDateOf(latest.assessedAt)),
          }
        : null,
      minLoan: MIN_LOAN,
    };
  }

  /** The member's eligibility; an unknown member has no records: nothing saved, nothing verified. */
  private async eligibility(memberId: string): Promise<LoanEligibility> {
    const checked = await this.deps.checkLoanEligibility.execute({ memberId });
    return checked.ok ? checked.value : loanEligibility({ identityVerified: false, savingsBalance: Money.ZERO, loans: [] }, this.deps.clock.now());
  }

  async loanLimit(memberId: string): Promise<LoanLimitFact> {
    const eligibility = await this.eligibility(memberId);
    const savings = eligibility.requirements.find((r) => r.kind === 'savings')!;
    return {
      source: 'loans_summary',
      savings: savings.kind === 'savings' ? savings.savingsBalance : Money.ZERO,
      limit: eligibility.loanLimit,
      available: eligibility.availableCredit,
      collateralPercent: SAVINGS_COLLATERAL_BPS / 100,
      minLoan: MIN_LOAN,
      eligible: eligibility.eligible,
      missing: missingForLoan(eligibility),
    };
  }

  async loanQuote(memberId: string, amountFrancs: number | null, termMonths: number | null): Promise<LoanQuoteFact> {
    const bounds = { source: 'loan_calculation', ok: false, min: MIN_LOAN, max: MAX_LOAN, minTerm: MIN_TERM_MONTHS, maxTerm: MAX_TERM_MONTHS } as const;
    if (amountFrancs === null) return { ...bounds, problem: 'amount_missing' };
    if (termMonths === null) return { ...bounds, problem: 'term_missing' };
    const amount = readAmount(amountFrancs, { min: MIN_LOAN, max: MAX_LOAN, wholeFrancs: true });
    if (!amount.ok) return { ...bounds, problem: 'amount_out_of_bounds' };
    if (!Number.isInteger(termMonths) || termMonths < MIN_TERM_MONTHS || termMonths > MAX_TERM_MONTHS) return { ...bounds, problem: 'term_out_of_bounds' };
    const [profile, eligibility] = await Promise.all([this.deps.borrowers.profileOf(memberId), this.eligibility(memberId)]);
    const creditScore = profile?.creditScore ?? 0;
    const annualRateBps = annualRateForScore(creditScore);
    const facts = keyFacts({ principal: amount.value, annualRateBps, termMonths }, kigaliDateOf(this.deps.clock.now()));
    return {
      source: 'loan_calculation',
      ok: true,
      amount: amount.value,
      termMonths,
      annualRatePercent: ratePercent(annualRateBps),
      creditScore,
      monthlyPayment: facts.monthlyPayment,
      totalInterest: facts.totalInterest,
      totalRepayable: facts.totalRepayable,
      withinAvailable: !amount.value.greaterThan(eligibility.availableCredit),
      available: eligibility.availableCredit,
      eligible: eligibility.eligible,
    };
  }

  async groups(memberId: string, budgetFrancs: number | null): Promise<GroupsFact> {
    // Zero, a negative or an unreadable "budget" is no budget; one above every amount is said so.
    const read = budgetFrancs === null ? null : readAmount(budgetFrancs, { min: Money.ofFrancs(1) });
    if (read && !read.ok && read.error === 'amount_above_maximum') return { source: 'recommendations', ok: false, problem: 'budget_out_of_bounds', maxBudget: MAX_ENTERED_AMOUNT };
    const budget = read?.ok ? read.value : null;
    const found = await this.deps.recommendTontines.execute({ userId: memberId, budget, frequency: null });
    return {
      source: 'recommendations',
      ok: true,
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
