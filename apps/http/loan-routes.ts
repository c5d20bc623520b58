/**
 * The loans and credit API (/api/loans…, /api/credit-score…). Each route parses with zod, calls
 * `Lending` (one core use case or read), maps its result through the one error table and shapes
 * the answer. Amounts leave as decimal strings with two decimals.
 *
 * Guarantees
 * - Every route needs a signed-in member and acts on that member's records only: another member's
 *   loan answers 404 `loan_not_found`, exactly like an unknown id.
 * - Applying and repaying need an `Idempotency-Key`: the same key from the same member answers the
 *   same loan or repayment request (200) and creates nothing new.
 */
import { Router } from '@koa/router';
import type { Container } from 'inversify';
import type { Context } from 'koa';
import { z } from 'zod';
import type { CreditAssessment } from '../../core/credit/ports.ts';
import type { KeyFactsStatement, LoanCollection, LoanRepayment } from '../../core/loans/ports.ts';
import type { Instalment } from '../../core/loans/amortisation.ts';
import type { LoanRecommendation } from '../../core/loans/loan-recommendations.ts';
import type { LoanSummary } from '../../core/loans/loan-summary.ts';
import { LOAN_APPLICATION_MESSAGES, ratePercent, type LoanApplicationError } from '../../core/loans/loan-terms.ts';
import { amountOwed, nextPayment, statusAt, type Loan } from '../../core/loans/loan.ts';
import { Money } from '../../core/money/money.ts';
import { compareDates, kigaliDateOf, parseDate } from '../../core/shared/calendar.ts';
import { TOKENS } from '../container.ts';
import { Lending } from '../modules/loans-module.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { sendError, type ErrorCode } from './errors.ts';
import { AssessRequest, KeyFactsRequest, LoanApplicationRequest, RepaymentRequest } from './loan-schemas.ts';
import { idempotencyKeyOf } from './payment-routes.ts';
import { parseBody } from './validation.ts';

type Out<S extends z.ZodType> = z.infer<S>;
const iso = (d: Date | undefined) => (d ? d.toISOString() : null);

function presentLoan(loan: Loan, now: Date) {
  const next = nextPayment(loan);
  const running = loan.status === 'active' || loan.status === 'overdue';
  return {
    id: loan.id,
    amount: loan.amount.toDecimal(),
    purpose: loan.purpose,
    status: statusAt(loan, now),
    interestRate: ratePercent(loan.annualRateBps),
    termMonths: loan.termMonths,
    totalPaid: loan.totalPaid.toDecimal(),
    amountOwed: (running ? amountOwed(loan) : Money.ZERO).toDecimal(),
    ...(running && next ? { nextPaymentDate: next.instalment.dueDate, nextPaymentAmount: next.amountDue.toDecimal() } : {}),
    creditScore: loan.creditScore,
    decisionReason: loan.decisionReason ?? null,
    appliedAt: loan.appliedAt.toISOString(),
    decidedAt: iso(loan.decidedAt),
    disbursedAt: iso(loan.disbursedAt),
  };
}

const presentInstalment = (i: Instalment) => ({
  number: i.number,
  dueDate: i.dueDate,
  amount: i.amount.toDecimal(),
  interest: i.interest.toDecimal(),
  principal: i.principal.toDecimal(),
  balanceAfter: i.balanceAfter.toDecimal(),
});

/** Each instalment with what was paid on it, in the order repayments fill the schedule. */
function presentSchedule(loan: Loan, now: Date) {
  let left = loan.totalPaid;
  const today = kigaliDateOf(now);
  return loan.schedule.map((i) => {
    const paid = Money.min(left, i.amount);
    left = left.minus(paid);
    const late = compareDates(today, parseDate(i.dueDate)!) > 0;
    const status = paid.equals(i.amount) ? 'paid' : late ? 'overdue' : paid.isPositive() ? 'partly_paid' : 'upcoming';
    return { ...presentInstalment(i), amountPaid: paid.toDecimal(), status };
  });
}

function presentKeyFacts(s: KeyFactsStatement) {
  const f = s.facts;
  return {
    id: s.id,
    amount: f.principal.toDecimal(),
    termMonths: f.termMonths,
    annualRate: ratePercent(f.annualRateBps),
    apr: ratePercent(f.aprBps),
    // Ikimina charges no fees today; the list is where a fee would be disclosed.
    fees: f.upfrontFees.isPositive() ? [{ name: 'Upfront fees', amount: f.upfrontFees.toDecimal() }] : [],
    monthlyPayment: f.monthlyPayment.toDecimal(),
    numberOfInstalments: f.numberOfInstalments,
    totalInterest: f.totalInterest.toDecimal(),
    totalCostOfCredit: f.totalCostOfCredit.toDecimal(),
    totalRepayable: f.totalRepayable.toDecimal(),
    schedule: f.schedule.map(presentInstalment),
    shownAt: s.shownAt.toISOString(),
    acceptedAt: iso(s.acceptedAt),
    loanId: s.loanId ?? null,
  };
}

const presentSummary = (s: LoanSummary) => ({
  totalBorrowed: s.totalBorrowed.toDecimal(),
  activeLoanCount: s.activeLoanCount,
  nextPaymentAmount: s.nextPaymentAmount.toDecimal(),
  nextPaymentDate: s.nextPaymentDate,
  availableCredit: s.availableCredit.toDecimal(),
  creditScore: s.creditScore,
  creditRating: s.creditRating,
});

const presentRecommendation = (r: LoanRecommendation) => ({ ...r, amount: r.amount.toDecimal(), monthlyPayment: r.monthlyPayment.toDecimal(), benefits: [...r.benefits] });

const presentAssessment = (a: CreditAssessment) => ({
  id: a.id,
  score: a.score,
  rating: a.rating,
  maxLoanAmount: a.maxLoanAmount.toDecimal(),
  factors: a.factors.map(({ factor, description, weight, impact }) => ({ factor, description, weight, impact })),
  recommendations: [...a.recommendations],
  modelVersion: a.modelVersion,
  assessedAt: a.assessedAt.toISOString(),
});

const presentCollection = (c: LoanCollection) => ({
  id: c.id,
  loanId: c.loanId,
  scope: c.scope,
  amount: c.amount.toDecimal(),
  status: c.status,
  reference: c.reference,
  phoneNumber: c.msisdn,
  requestedAt: c.requestedAt.toISOString(),
  settledAt: iso(c.settledAt),
  failureReason: c.failureReason ?? null,
});

const presentRepayment = (r: LoanRepayment) => ({
  id: r.id,
  amount: r.amount.toDecimal(),
  interest: r.interest.toDecimal(),
  principal: r.principal.toDecimal(),
  receivedAt: r.receivedAt.toISOString(),
  reference: r.providerReference,
});

/** A core failure: the bounds' codes answer like zod's validation, with the specification's words. */
function fail(ctx: Context, code: ErrorCode | LoanApplicationError): void {
  if (Object.hasOwn(LOAN_APPLICATION_MESSAGES, code)) return sendError(ctx, 'validation_failed', { message: LOAN_APPLICATION_MESSAGES[code as LoanApplicationError] });
  sendError(ctx, code as ErrorCode);
}

const LoanId = z.uuid();

export function loanRoutes(container: Container, auth: Authentication): Router {
  const router = new Router({ prefix: '/api' });
  const authenticated = auth.required;
  const lending = () => container.get(Lending);
  const now = () => container.get(TOKENS.Clock).now();
  const memberOf = (ctx: Context) => (ctx.state.auth as AuthState).user.id;
  /** The member's own loan, or a 404 answered. */
  const ownLoan = async (ctx: Context): Promise<Loan | undefined> => {
    const id = LoanId.safeParse(ctx.params.id);
    const loan = id.success ? await lending().loanOf(memberOf(ctx), id.data) : undefined;
    if (!loan) sendError(ctx, 'loan_not_found');
    return loan;
  };

  router.get('/loans', authenticated, async (ctx) => {
    const at = now();
    ctx.body = (await lending().listLoans(memberOf(ctx))).map((loan) => presentLoan(loan, at));
  });

  router.post('/loans/key-facts', authenticated, async (ctx) => {
    const input = parseBody(ctx, KeyFactsRequest);
    if (!input) return;
    const shown = await lending().showKeyFacts({ memberId: memberOf(ctx), amount: Money.ofFrancs(input.amount), termMonths: input.termMonths, purpose: input.purpose });
    if (!shown.ok) return fail(ctx, shown.error);
    ctx.status = 201;
    ctx.body = presentKeyFacts(shown.value);
  });

  router.post('/loans', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (key === null) return;
    const input = parseBody(ctx, LoanApplicationRequest);
    if (!input) return;
    const result = await lending().apply({
      memberId: memberOf(ctx),
      amount: Money.ofFrancs(input.amount),
      termMonths: input.termMonths,
      purpose: input.purpose,
      idempotencyKey: key,
      keyFactsId: input.keyFactsId,
      acceptKeyFacts: input.acceptKeyFacts,
      scoringConsent: input.scoringConsent,
    });
    if (!result.ok) return fail(ctx, result.error);
    ctx.status = result.value.outcome === 'created' ? 201 : 200;
    ctx.body = presentLoan(result.value.loan, now());
  });

  router.get('/loans/summary', authenticated, async (ctx) => {
    ctx.body = presentSummary(await lending().summary(memberOf(ctx)));
  });

  router.get('/loans/recommendations', authenticated, async (ctx) => {
    ctx.body = (await lending().recommendations(memberOf(ctx))).map(presentRecommendation);
  });

  router.get('/loans/:id', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (loan) ctx.body = presentLoan(loan, now());
  });

  router.get('/loans/:id/schedule', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (loan) ctx.body = { loanId: loan.id, instalments: presentSchedule(loan, now()) };
  });

  router.get('/loans/:id/key-facts', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (!loan) return;
    const statement = await lending().keyFactsOf(memberOf(ctx), loan.id);
    if (!statement) return sendError(ctx, 'key_facts_not_found');
    ctx.body = presentKeyFacts(statement);
  });

  router.get('/loans/:id/payments', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (!loan) return;
    const history = await lending().paymentsOf(memberOf(ctx), loan.id);
    ctx.body = { repayments: history?.repayments.map(presentRepayment) ?? [], requests: history?.collections.map(presentCollection) ?? [] };
  });

  router.post('/loans/:id/repayments', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (key === null) return;
    const input = parseBody(ctx, RepaymentRequest);
    if (!input) return;
    const id = LoanId.safeParse(ctx.params.id);
    if (!id.success) return sendError(ctx, 'loan_not_found');
    const started = await lending().startRepayment({ memberId: memberOf(ctx), loanId: id.data, scope: input.scope, idempotencyKey: key });
    if (!started.ok) return fail(ctx, started.error);
    if (started.value.outcome === 'exists' && started.value.collection.loanId !== id.data) return sendError(ctx, 'idempotency_key_reused');
    ctx.status = started.value.outcome === 'requested' ? 202 : 200;
    ctx.body = presentCollection(started.value.collection);
  });

  router.get('/credit-score', authenticated, async (ctx) => {
    const latest = await lending().latestAssessment(memberOf(ctx));
    if (!latest) return sendError(ctx, 'credit_assessment_not_found');
    ctx.body = presentAssessment(latest);
  });

  router.post('/credit-score/assess', authenticated, async (ctx) => {
    const input = parseBody(ctx, ctx.request.body === undefined ? z.any().transform(() => ({ consent: false })) : AssessRequest);
    if (!input) return;
    const assessed = await lending().assess(memberOf(ctx), input.consent);
    if (!assessed.ok) return fail(ctx, assessed.error);
    ctx.status = 201;
    ctx.body = presentAssessment(assessed.value);
  });

  return router;
}
