/**
 * The loans and credit API (/api/loans…, /api/credit-score…). Each route parses with zod, calls
 * one use case of core/loans or core/credit, maps its result through the one error table and
 * shapes the answer. Amounts leave as decimal strings with two decimals.
 *
 * Guarantees
 * - Every route needs a signed-in member and acts on that member's records only: another member's
 *   loan answers 404 `loan_not_found`, exactly like an unknown id.
 * - Applying and repaying need an `Idempotency-Key`: the same key from the same member answers the
 *   same loan or repayment request (200) and creates nothing new.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { AssessCredit } from '../../core/credit/assess-credit.ts';
import type { CreditAssessment } from '../../core/credit/ports.ts';
import type { ShowCreditScore } from '../../core/credit/show-credit-score.ts';
import type { ApplyForLoan } from '../../core/loans/apply-for-loan.ts';
import type { CheckLoanEligibility } from '../../core/loans/check-loan-eligibility.ts';
import type { LoanEligibility, LoanRequirement } from '../../core/loans/loan-eligibility.ts';
import type { ListMemberLoans } from '../../core/loans/list-member-loans.ts';
import type { KeyFactsStatement, LoanCollection, LoanRepayment } from '../../core/loans/ports.ts';
import type { Instalment } from '../../core/loans/amortisation.ts';
import { adviceCodesOf, factorCodeOf } from '../../core/credit/scorecard.ts';
import type { LoanRecommendation } from '../../core/loans/loan-recommendations.ts';
import type { LoanSummary } from '../../core/loans/loan-summary.ts';
import { ratePercent } from '../../core/loans/loan-terms.ts';
import { amountOwed, instalmentStandings, nextPayment, statusAt, type InstalmentStanding, type Loan } from '../../core/loans/loan.ts';
import type { RecommendLoans } from '../../core/loans/recommend-loans.ts';
import type { ShowKeyFactsStatement } from '../../core/loans/show-key-facts-statement.ts';
import type { ShowKeyFacts } from '../../core/loans/show-key-facts.ts';
import type { ShowLoanPayments } from '../../core/loans/show-loan-payments.ts';
import type { ShowLoan } from '../../core/loans/show-loan.ts';
import type { StartLoanRepayment } from '../../core/loans/start-loan-repayment.ts';
import type { SummarizeLoans } from '../../core/loans/summarize-loans.ts';
import { Money } from '../../core/money/money.ts';
import type { Language } from '../../core/accounts/user.ts';
import { decisionReasonParams, type DecisionReason } from '../../core/loans/decision-reason.ts';
import { describeDecisionReason } from '../notifications/catalogue.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { AssessRequest, KeyFactsRequest, LoanApplicationRequest, RepaymentRequest } from './loan-schemas.ts';
import { idempotencyKeyOf } from './payment-routes.ts';
import { parseBody } from './validation.ts';

type Out<S extends z.ZodType> = z.infer<S>;
const iso = (d: Date | undefined) => (d ? d.toISOString() : null);

/**
 * The decision's reason: `decisionReason` in words in the member's language (apps/notifications,
 * as in their SMS), and its code with figures for clients that word it themselves (the web). A
 * reason written as a sentence before reasons had codes has no code and shows as written.
 */
function presentReason(reason: DecisionReason | undefined, language: Language) {
  if (!reason) return { decisionReason: null, decisionReasonCode: null, decisionReasonParams: null };
  const words = describeDecisionReason(language, reason);
  if (reason.code === 'written') return { decisionReason: words, decisionReasonCode: null, decisionReasonParams: null };
  // Amounts as the API's decimal strings, scores as digits: what the web client's own words need.
  return { decisionReason: words, decisionReasonCode: reason.code, decisionReasonParams: decisionReasonParams(reason, (money) => money.toDecimal()) };
}

function presentLoan(loan: Loan, now: Date, language: Language) {
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
    ...presentReason(loan.decisionReason, language),
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

const presentStanding = (s: InstalmentStanding) => ({ ...presentInstalment(s.instalment), amountPaid: s.amountPaid.toDecimal(), status: s.status });

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

function presentRequirement(r: LoanRequirement) {
  switch (r.kind) {
    case 'savings':
      return {
        kind: r.kind,
        status: r.status,
        savingsBalance: r.savingsBalance.toDecimal(),
        savingsNeeded: r.savingsNeeded?.toDecimal() ?? null,
        savingsMissing: r.savingsMissing?.toDecimal() ?? null,
      };
    case 'scoring_consent':
      return { kind: r.kind, status: r.status, consentedAt: iso(r.consentedAt ?? undefined) };
    default:
      return { kind: r.kind, status: r.status };
  }
}

const presentEligibility = (e: LoanEligibility) => ({
  eligible: e.eligible,
  requirements: e.requirements.map(presentRequirement),
  loanLimit: e.loanLimit.toDecimal(),
  availableCredit: e.availableCredit.toDecimal(),
  belowMinimum: e.belowMinimum,
  minimumLoan: e.minimumLoan.toDecimal(),
  maximumLoan: e.maximumLoan.toDecimal(),
});

const presentRecommendation = (r: LoanRecommendation) => ({ ...r, amount: r.amount.toDecimal(), monthlyPayment: r.monthlyPayment.toDecimal(), benefits: [...r.benefits] });

const presentAssessment = (a: CreditAssessment) => ({
  id: a.id,
  score: a.score,
  rating: a.rating,
  maxLoanAmount: a.maxLoanAmount.toDecimal(),
  factors: a.factors.map((f) => ({ factor: f.factor, code: factorCodeOf(f) ?? null, description: f.description, detail: f.detail ?? null, weight: f.weight, impact: f.impact })),
  recommendations: [...a.recommendations],
  recommendationCodes: adviceCodesOf(a.factors),
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

const LoanId = z.uuid();

/** The use cases the loan routes call, each by the name of what the member intends. */
export interface LoanRouteUseCases {
  listMemberLoans: Pick<ListMemberLoans, 'execute'>;
  showKeyFacts: Pick<ShowKeyFacts, 'execute'>;
  applyForLoan: Pick<ApplyForLoan, 'execute'>;
  checkLoanEligibility: Pick<CheckLoanEligibility, 'execute'>;
  summarizeLoans: Pick<SummarizeLoans, 'execute'>;
  recommendLoans: Pick<RecommendLoans, 'execute'>;
  showLoan: Pick<ShowLoan, 'execute'>;
  showKeyFactsStatement: Pick<ShowKeyFactsStatement, 'execute'>;
  showLoanPayments: Pick<ShowLoanPayments, 'execute'>;
  startLoanRepayment: Pick<StartLoanRepayment, 'execute'>;
  showCreditScore: Pick<ShowCreditScore, 'execute'>;
  assessCredit: Pick<AssessCredit, 'execute'>;
}

/** `authenticated` signs the member in (requireUser); `clock` dates the statuses answered. */
export function loanRoutes(useCases: LoanRouteUseCases, channel: { authenticated: Middleware; clock: Clock }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated, clock } = channel;
  const now = () => clock.now();
  const memberOf = (ctx: Context) => (ctx.state.auth as AuthState).user.id;
  const languageOf = (ctx: Context) => (ctx.state.auth as AuthState).user.language;
  /** The member's own loan, or a 404 answered. */
  const ownLoan = async (ctx: Context): Promise<Loan | undefined> => {
    const id = LoanId.safeParse(ctx.params.id);
    const loan = id.success ? await useCases.showLoan.execute({ memberId: memberOf(ctx), loanId: id.data }) : undefined;
    if (!loan) sendError(ctx, 'loan_not_found');
    return loan;
  };

  router.get('/loans', authenticated, async (ctx) => {
    const at = now();
    ctx.body = (await useCases.listMemberLoans.execute({ memberId: memberOf(ctx) })).map((loan) => presentLoan(loan, at, languageOf(ctx)));
  });

  router.post('/loans/key-facts', authenticated, async (ctx) => {
    const input = parseBody(ctx, KeyFactsRequest);
    if (!input) return;
    const shown = await useCases.showKeyFacts.execute({ memberId: memberOf(ctx), amount: input.amount, termMonths: input.termMonths, purpose: input.purpose });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.status = 201;
    ctx.body = presentKeyFacts(shown.value);
  });

  router.post('/loans', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (key === null) return;
    const input = parseBody(ctx, LoanApplicationRequest);
    if (!input) return;
    const result = await useCases.applyForLoan.execute({
      memberId: memberOf(ctx),
      amount: input.amount,
      termMonths: input.termMonths,
      purpose: input.purpose,
      idempotencyKey: key,
      keyFactsId: input.keyFactsId,
      acceptKeyFacts: input.acceptKeyFacts,
      scoringConsent: input.scoringConsent,
    });
    if (!result.ok) {
      sendFailure(ctx, result);
      // The rate moved since the statement was shown: the new one comes with the refusal, to accept in place.
      if (result.error === 'key_facts_outdated') ctx.body = { ...(ctx.body as object), keyFacts: presentKeyFacts(result.keyFacts) };
      return;
    }
    ctx.status = result.value.outcome === 'created' ? 201 : 200;
    ctx.body = presentLoan(result.value.loan, now(), languageOf(ctx));
  });

  router.get('/loans/eligibility', authenticated, async (ctx) => {
    const checked = await useCases.checkLoanEligibility.execute({ memberId: memberOf(ctx) });
    if (!checked.ok) return sendFailure(ctx, checked);
    ctx.body = presentEligibility(checked.value);
  });

  router.get('/loans/summary', authenticated, async (ctx) => {
    ctx.body = presentSummary(await useCases.summarizeLoans.execute({ memberId: memberOf(ctx) }));
  });

  router.get('/loans/recommendations', authenticated, async (ctx) => {
    ctx.body = (await useCases.recommendLoans.execute({ memberId: memberOf(ctx) })).map(presentRecommendation);
  });

  router.get('/loans/:id', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (loan) ctx.body = presentLoan(loan, now(), languageOf(ctx));
  });

  router.get('/loans/:id/schedule', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (loan) ctx.body = { loanId: loan.id, instalments: instalmentStandings(loan, now()).map(presentStanding) };
  });

  router.get('/loans/:id/key-facts', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (!loan) return;
    const statement = await useCases.showKeyFactsStatement.execute({ memberId: memberOf(ctx), loanId: loan.id });
    if (!statement) return sendError(ctx, 'key_facts_not_found');
    ctx.body = presentKeyFacts(statement);
  });

  router.get('/loans/:id/payments', authenticated, async (ctx) => {
    const loan = await ownLoan(ctx);
    if (!loan) return;
    const history = await useCases.showLoanPayments.execute({ memberId: memberOf(ctx), loanId: loan.id });
    ctx.body = { repayments: history?.repayments.map(presentRepayment) ?? [], requests: history?.collections.map(presentCollection) ?? [] };
  });

  router.post('/loans/:id/repayments', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (key === null) return;
    const input = parseBody(ctx, RepaymentRequest);
    if (!input) return;
    const id = LoanId.safeParse(ctx.params.id);
    if (!id.success) return sendError(ctx, 'loan_not_found');
    const started = await useCases.startLoanRepayment.execute({ memberId: memberOf(ctx), loanId: id.data, scope: input.scope, idempotencyKey: key });
    if (!started.ok) return sendFailure(ctx, started);
    if (started.value.outcome === 'exists' && started.value.collection.loanId !== id.data) return sendError(ctx, 'idempotency_key_reused');
    ctx.status = started.value.outcome === 'requested' ? 202 : 200;
    ctx.body = presentCollection(started.value.collection);
  });

  router.get('/credit-score', authenticated, async (ctx) => {
    const latest = await useCases.showCreditScore.execute({ memberId: memberOf(ctx) });
    if (!latest) return sendError(ctx, 'credit_assessment_not_found');
    ctx.body = presentAssessment(latest);
  });

  router.post('/credit-score/assess', authenticated, async (ctx) => {
    const input = parseBody(ctx, ctx.request.body === undefined ? z.any().transform(() => ({ consent: false })) : AssessRequest);
    if (!input) return;
    const assessed = await useCases.assessCredit.execute({ memberId: memberOf(ctx), consent: input.consent });
    if (!assessed.ok) return sendFailure(ctx, assessed);
    ctx.status = 201;
    ctx.body = presentAssessment(assessed.value);
  });

  return router;
}
