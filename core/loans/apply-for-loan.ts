/**
 * ApplyForLoan: the member's confirmed application, as the API and the web form send it. Records the scoring consent and the key facts acceptance, scores the member's own records,
 * applies (instant decision), and disburses an approved loan.
 *
 * Guarantees
 * - Idempotent by the member's key: the same key answers the loan it created (`exists`) and
 *   changes nothing.
 * - No scoring without the member's recorded consent (`scoring_consent_required`); consent given
 *   with the application is recorded with it.
 * - A refused application changes nothing: refusals found before the first write return early,
 *   later ones (key_facts_outdated, the application's own) roll the unit of work back, consent
 *   and assessment included.
 * - No application without a key facts statement shown to this member for this amount and term,
 *   less than a day ago, explicitly accepted, and not used before; its rate must still be the
 *   member's rate (`key_facts_outdated` when the new assessment moved the member to another band).
 *   The acceptance is recorded on the statement with the loan's id.
 * - Each application decided records a credit assessment (with its model version) and the decision
 *   carries its reason; the member is notified of the decision in the same unit of work.
 * - An approved loan is disbursed right after (disburse-loan.ts): if the provider refuses it stays
 *   `approved` with a retry due; if it is unreachable the booked attempt is re-sent later.
 */
import type { ScoringConsents } from '../credit/ports.ts';
import { RecordCreditAssessment, type RecordCreditAssessmentDeps } from '../credit/record-credit-assessment.ts';
import type { Money } from '../money/money.ts';
import type { Notifier } from '../tontines/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { DecideLoanApplication, type DecideLoanApplicationDeps, type DecideLoanApplicationError } from './decide-loan-application.ts';
import { DisburseLoan, type DisburseLoanDeps } from './disburse-loan.ts';
import { annualRateForScore } from './loan-terms.ts';
import { decisionNotice } from './loan-notices.ts';
import type { Loan } from './loan.ts';
import type { KeyFactsStatementRepository } from './ports.ts';
import { KEY_FACTS_VALID_MS } from './show-key-facts.ts';

export type ApplyForLoanDeps = DecideLoanApplicationDeps &
  DisburseLoanDeps &
  RecordCreditAssessmentDeps & {
    statements: KeyFactsStatementRepository;
    consents: ScoringConsents;
    notifier: Notifier;
  };

export interface ApplyForLoanInput {
  memberId: string;
  amount: Money;
  termMonths: number;
  purpose: string;
  idempotencyKey: string;
  keyFactsId: string;
  acceptKeyFacts: boolean;
  scoringConsent: boolean;
}

export type KeyFactsError = 'key_facts_not_accepted' | 'key_facts_not_found' | 'key_facts_expired' | 'key_facts_mismatch' | 'key_facts_outdated';
export type ApplyForLoanError = DecideLoanApplicationError | KeyFactsError | 'scoring_consent_required';

/**
 * Thrown inside the unit of work when the application is refused after something was written (the
 * consent, the new assessment): the unit of work rolls back, and a refused application leaves
 * nothing behind. Caught below and answered as the refusal it carries.
 */
class Refused {
  constructor(readonly error: ApplyForLoanError) {}
}

export class ApplyForLoan {
  private readonly recordAssessment: RecordCreditAssessment;
  private readonly decideApplication: DecideLoanApplication;

  constructor(private readonly deps: ApplyForLoanDeps) {
    this.recordAssessment = new RecordCreditAssessment(deps);
    this.decideApplication = new DecideLoanApplication(deps);
  }

  async execute(input: ApplyForLoanInput): Promise<Result<{ outcome: 'created' | 'exists'; loan: Loan }, ApplyForLoanError>> {
    let decided: Result<{ outcome: 'created' | 'exists'; loan: Loan }, ApplyForLoanError>;
    try {
      decided = await this.decide(input);
    } catch (error) {
      if (error instanceof Refused) return err(error.error);
      throw error;
    }
    if (!decided.ok || decided.value.outcome === 'exists' || decided.value.loan.status !== 'approved') return decided;
    const disbursed = await new DisburseLoan(this.deps).execute({ loanId: decided.value.loan.id });
    return ok({ outcome: 'created', loan: disbursed.ok ? disbursed.value : decided.value.loan });
  }

  private decide(input: ApplyForLoanInput) {
    const deps = this.deps;
    return deps.uow.run(async (): Promise<Result<{ outcome: 'created' | 'exists'; loan: Loan }, ApplyForLoanError>> => {
      const earlier = await deps.loans.findByApplicationKey(input.memberId, input.idempotencyKey);
      if (earlier) return ok({ outcome: 'exists', loan: earlier });
      const now = deps.clock.now();

      if (!input.scoringConsent && !(await deps.consents.consentedAt(input.memberId))) return err('scoring_consent_required');
      if (!input.acceptKeyFacts) return err('key_facts_not_accepted');
      const statement = await deps.statements.findById(input.keyFactsId);
      if (!statement || statement.memberId !== input.memberId) return err('key_facts_not_found');
      if (statement.acceptedAt || now.getTime() - statement.shownAt.getTime() > KEY_FACTS_VALID_MS) return err('key_facts_expired');
      if (!statement.facts.principal.equals(input.amount) || statement.facts.termMonths !== input.termMonths) return err('key_facts_mismatch');
      // The first write: every refusal above is returned (and committed) with nothing written.
      if (input.scoringConsent) await deps.consents.record(input.memberId, now);

      const assessment = await this.recordAssessment.execute({ memberId: input.memberId });
      if (!assessment.ok) throw new Refused(assessment.error);
      if (annualRateForScore(assessment.value.score) !== statement.facts.annualRateBps) throw new Refused('key_facts_outdated');

      const applied = await this.decideApplication.execute({ ...input, applicationKey: input.idempotencyKey });
      if (!applied.ok) throw new Refused(applied.error);
      await deps.statements.save({ ...statement, acceptedAt: now, loanId: applied.value.id });
      await deps.notifier.notify(decisionNotice(applied.value));
      return ok({ outcome: 'created', loan: applied.value });
    });
  }
}
