/**
 * Amortisation: the repayment schedule of a loan and its key facts (BNR Reg. 02/2016).
 *
 * Guarantees
 * - The monthly payment is the standard annuity P·r / (1 − (1 + r)^−n) with r = annual rate ÷ 12,
 *   computed exactly in integers (no floating point) and rounded half-even; at 0 % it is P ÷ n.
 * - Instalments are whole francs (mobile money moves whole francs): every instalment but the last
 *   is the payment rounded half-even to the franc, and the last absorbs the difference, so the
 *   schedule sums exactly to principal + interest.
 * - Each instalment splits into interest (the balance × r, half-even to the franc) and principal;
 *   the principal parts sum exactly to the amount lent.
 * - Instalment k falls due k months after the disbursement day in Kigali, clamped to the month end.
 * - The APR is the annualised internal rate of return of the borrower's cash flows (money received
 *   net of fees, then the instalments): 12 × the monthly IRR, as a nominal annual rate.
 */
import { divideHalfEven, Money } from '../money/money.ts';
import { addMonths, formatDate, type LocalDate } from '../shared/calendar.ts';
import { invariant } from '../shared/result.ts';

/** r = annualRateBps / (10,000 × 12). */
const MONTHLY_RATE_DENOMINATOR = 120_000n;
const CENTIMES_PER_FRANC = 100n;

export interface LoanTerms {
  readonly principal: Money;
  readonly annualRateBps: number;
  readonly termMonths: number;
}

export interface Instalment {
  readonly number: number;
  /** Kigali calendar day, "YYYY-MM-DD". */
  readonly dueDate: string;
  readonly amount: Money;
  readonly interest: Money;
  readonly principal: Money;
  /** Principal still owed once this instalment is paid. */
  readonly balanceAfter: Money;
}

function checkTerms({ principal, annualRateBps, termMonths }: LoanTerms): void {
  invariant(principal.isPositive(), 'principal must be positive');
  invariant(Number.isSafeInteger(annualRateBps) && annualRateBps >= 0, 'rate must be non-negative basis points');
  invariant(Number.isSafeInteger(termMonths) && termMonths >= 1, 'term must be at least one month');
}

/**
 * The annuity payment as an exact fraction of centimes, then rounded half-even to `unit` centimes.
 * P·b·(D+b)^n / (D·((D+b)^n − D^n)) with D = 120,000 and b the annual rate in basis points.
 */
function annuity(terms: LoanTerms, unit: bigint): Money {
  checkTerms(terms);
  const p = BigInt(terms.principal.centimes);
  const n = BigInt(terms.termMonths);
  const b = BigInt(terms.annualRateBps);
  if (b === 0n) return Money.ofCentimes(Number(divideHalfEven(p, n * unit) * unit));
  const grown = (MONTHLY_RATE_DENOMINATOR + b) ** n;
  const numerator = p * b * grown;
  const denominator = MONTHLY_RATE_DENOMINATOR * (grown - MONTHLY_RATE_DENOMINATOR ** n);
  return Money.ofCentimes(Number(divideHalfEven(numerator, denominator * unit) * unit));
}

/** The exact monthly payment, to the centime (100,000 RWF at 12 % over 12 months: 8,884.88). */
export function monthlyPayment(terms: LoanTerms): Money {
  return annuity(terms, 1n);
}

/** One month's interest on `balance`, half-even to the whole franc. */
function monthlyInterest(balance: Money, annualRateBps: number): Money {
  const francs = divideHalfEven(BigInt(balance.centimes) * BigInt(annualRateBps), MONTHLY_RATE_DENOMINATOR * CENTIMES_PER_FRANC);
  return Money.ofCentimes(Number(francs * CENTIMES_PER_FRANC));
}

export function amortisationSchedule(terms: LoanTerms, disbursedOn: LocalDate): Instalment[] {
  invariant(terms.principal.centimes % 100 === 0, 'a loan is lent in whole francs');
  const payment = annuity(terms, CENTIMES_PER_FRANC);
  const schedule: Instalment[] = [];
  let balance = terms.principal;
  for (let number = 1; number <= terms.termMonths; number += 1) {
    const interest = monthlyInterest(balance, terms.annualRateBps);
    const last = number === terms.termMonths;
    const amount = last ? balance.plus(interest) : payment;
    const principal = amount.minus(interest);
    invariant(!principal.isNegative() && !principal.greaterThan(balance), `instalment ${number} does not amortise the balance`);
    balance = balance.minus(principal);
    schedule.push({ number, dueDate: formatDate(addMonths(disbursedOn, number)), amount, interest, principal, balanceAfter: balance });
  }
  return schedule;
}

export function totalOf(schedule: readonly Instalment[], part: 'amount' | 'interest' | 'principal'): Money {
  return Money.sum(schedule.map((instalment) => instalment[part]));
}

/**
 * Annual percentage rate, in basis points: 12 × the monthly rate i at which the instalments,
 * discounted monthly, equal what the borrower actually receives (principal − upfront fees).
 * A rate is not money, so floating point is fine here; bisection to 1e-12 is far below 1 bp.
 */
export function annualPercentageRateBps(schedule: readonly Instalment[], principal: Money, upfrontFees: Money = Money.ZERO): number {
  const received = principal.minus(upfrontFees).centimes;
  invariant(received > 0, 'fees cannot swallow the loan');
  const presentValue = (i: number) => schedule.reduce((sum, inst) => sum + inst.amount.centimes / (1 + i) ** inst.number, 0);
  let low = -0.99;
  let high = 1;
  while (high - low > 1e-12) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > received) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * 12 * 10_000);
}

/** What a Key Facts Statement shows before the member accepts a loan. */
export interface KeyFacts {
  readonly principal: Money;
  readonly termMonths: number;
  readonly annualRateBps: number;
  readonly monthlyPayment: Money;
  readonly numberOfInstalments: number;
  readonly totalInterest: Money;
  readonly upfrontFees: Money;
  readonly totalRepayable: Money;
  readonly totalCostOfCredit: Money;
  readonly aprBps: number;
  readonly schedule: readonly Instalment[];
}

/** Ikimina charges no upfront fees today; a fee would raise the APR above the nominal rate. */
export function keyFacts(terms: LoanTerms, disbursedOn: LocalDate, upfrontFees: Money = Money.ZERO): KeyFacts {
  const schedule = amortisationSchedule(terms, disbursedOn);
  const totalInterest = totalOf(schedule, 'interest');
  return {
    principal: terms.principal,
    termMonths: terms.termMonths,
    annualRateBps: terms.annualRateBps,
    monthlyPayment: schedule[0]!.amount,
    numberOfInstalments: schedule.length,
    totalInterest,
    upfrontFees,
    totalRepayable: totalOf(schedule, 'amount'),
    totalCostOfCredit: totalInterest.plus(upfrontFees),
    aprBps: annualPercentageRateBps(schedule, terms.principal, upfrontFees),
    schedule,
  };
}
