/**
 * Loan eligibility: what borrowing needs, and for each requirement whether the member meets it and
 * what is still missing. One rule for every channel: the Loans page checklist, the decision on an
 * application (DecideLoanApplication) and the assistant read it from here.
 *
 * Guarantees
 * - A member may apply when their national ID is verified, no loan of theirs is overdue, no other
 *   application awaits a decision or disbursement, and what they may still borrow (the loan limit
 *   less the principal their loans still take from it) reaches the minimum loan.
 * - The savings requirement names the savings that bring what they may borrow up to the minimum
 *   loan — twice (minimum + principal outstanding), in whole francs rounded up — and how much is
 *   missing. When the 10,000,000 RWF cap leaves less than the minimum whatever is saved, no saving
 *   helps: savingsNeeded and savingsMissing are null.
 * - The consents (to be scored, once; to the key facts, with each application) are given in the
 *   application form: they never block eligibility. The scoring consent reads as met once recorded.
 * - `belowMinimum` says that what the member may borrow is less than the minimum loan: a screen
 *   never shows that figure as something to borrow without saying so.
 */
import { Money } from '../money/money.ts';
import { loanLimit, MAX_LOAN, MIN_LOAN, SAVINGS_COLLATERAL_BPS } from './loan-terms.ts';
import { availableCredit } from './loan-summary.ts';
import { principalOutstanding, statusAt, type Loan } from './loan.ts';

/** Met; missing (blocks an application); or given in the application form itself (never blocks). */
export type RequirementStatus = 'met' | 'missing' | 'in_form';

export type LoanRequirement =
  | { readonly kind: 'identity_verified'; readonly status: 'met' | 'missing' }
  | {
      readonly kind: 'savings';
      readonly status: 'met' | 'missing';
      readonly savingsBalance: Money;
      /** The savings that let the member borrow the minimum loan; null when no saving can (the cap is reached). */
      readonly savingsNeeded: Money | null;
      /** savingsNeeded less the savings, never below zero; null with savingsNeeded. */
      readonly savingsMissing: Money | null;
    }
  | { readonly kind: 'no_overdue_loan'; readonly status: 'met' | 'missing' }
  | { readonly kind: 'no_open_application'; readonly status: 'met' | 'missing' }
  | { readonly kind: 'scoring_consent'; readonly status: 'met' | 'in_form'; readonly consentedAt: Date | null }
  | { readonly kind: 'key_facts_accepted'; readonly status: 'in_form' };

export type RequirementKind = LoanRequirement['kind'];

export interface LoanEligibility {
  readonly eligible: boolean;
  /** In the order a member meets them: identity, savings, loans in good standing, then the form's consents. */
  readonly requirements: readonly LoanRequirement[];
  /** min(50 % of savings, 10,000,000 RWF). */
  readonly loanLimit: Money;
  /** The limit less what the member's loans already take from it, never below zero. */
  readonly availableCredit: Money;
  /** availableCredit is less than the minimum loan: nothing can be borrowed against it yet. */
  readonly belowMinimum: boolean;
  readonly minimumLoan: Money;
  /** The most the member may apply for now: availableCredit when eligible, zero otherwise. */
  readonly maximumLoan: Money;
}

export interface BorrowingRecords {
  readonly identityVerified: boolean;
  readonly savingsBalance: Money;
  readonly loans: readonly Loan[];
  /** When the member consented to be scored; undefined before (the form asks). */
  readonly scoringConsentedAt?: Date | undefined;
}

/** An amount rounded up to whole francs. */
function wholeFrancsUp(amount: Money): Money {
  const { payable, carried } = amount.splitWholeFrancs();
  return carried.isZero() ? payable : payable.plus(Money.ofFrancs(1));
}

/** The savings whose limit leaves the minimum loan free beside `outstanding`; null past the cap. */
export function savingsNeededToBorrow(outstanding: Money): Money | null {
  const limitNeeded = wholeFrancsUp(MIN_LOAN.plus(outstanding));
  if (limitNeeded.greaterThan(MAX_LOAN)) return null;
  // The limit is SAVINGS_COLLATERAL_BPS of the savings: the savings are the limit scaled back up.
  return limitNeeded.times(10_000 / SAVINGS_COLLATERAL_BPS);
}

export function loanEligibility(records: BorrowingRecords, now: Date): LoanEligibility {
  const { savingsBalance, loans } = records;
  const available = availableCredit(savingsBalance, loans);
  const belowMinimum = available.lessThan(MIN_LOAN);
  const needed = savingsNeededToBorrow(Money.sum(loans.map(principalOutstanding)));
  const overdue = loans.some((loan) => statusAt(loan, now) === 'overdue');
  const open = loans.some((loan) => loan.status === 'pending' || loan.status === 'approved');
  const requirements: LoanRequirement[] = [
    { kind: 'identity_verified', status: records.identityVerified ? 'met' : 'missing' },
    {
      kind: 'savings',
      status: belowMinimum ? 'missing' : 'met',
      savingsBalance,
      savingsNeeded: needed,
      savingsMissing: needed === null ? null : belowMinimum ? Money.max(Money.ZERO, needed.minus(savingsBalance)) : Money.ZERO,
    },
    { kind: 'no_overdue_loan', status: overdue ? 'missing' : 'met' },
    { kind: 'no_open_application', status: open ? 'missing' : 'met' },
    { kind: 'scoring_consent', status: records.scoringConsentedAt ? 'met' : 'in_form', consentedAt: records.scoringConsentedAt ?? null },
    { kind: 'key_facts_accepted', status: 'in_form' },
  ];
  const eligible = requirements.every((requirement) => requirement.status !== 'missing');
  return {
    eligible,
    requirements,
    loanLimit: loanLimit(savingsBalance),
    availableCredit: available,
    belowMinimum,
    minimumLoan: MIN_LOAN,
    maximumLoan: eligible ? available : Money.ZERO,
  };
}

/** The requirement of this kind (each kind appears once). */
export function requirementOf<K extends RequirementKind>(eligibility: LoanEligibility, kind: K): Extract<LoanRequirement, { kind: K }> {
  return eligibility.requirements.find((r): r is Extract<LoanRequirement, { kind: K }> => r.kind === kind)!;
}
