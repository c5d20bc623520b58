/**
 * ApplyForLoan: the member's confirmed application, as the API and the web form send it. Records the
 * scoring consent, the key facts acceptance and the assessment the key facts were computed from,
 * applies (instant decision) on that assessment, and disburses an approved loan.
 *
 * Guarantees
 * - Idempotent by the member's key: the same key answers the loan it created (`exists`) and
 *   changes nothing.
 * - No scoring without the member's recorded consent (`scoring_consent_required`); consent given
 *   with the application is recorded with it.
 * - No application without a key facts statement shown to this member for this amount and term,
 *   less than a day ago, explicitly accepted, and not used before. The acceptance is recorded on
 *   the statement with the loan's id.
 * - One assessment for the key facts and the decision: the application is decided on the
 *   assessment the statement was computed from (its score, rate band and model version), and that
 *   assessment is the one recorded. Before deciding, the member's records are scored again: when
 *   their rate band has moved since the statement was shown (or the statement kept no assessment),
 *   nothing is applied and the answer is `key_facts_outdated` with a new statement at the new
 *   rate, recorded so that it can be accepted at once. Confirming that one decides (unless the
 *   records move again): never a loop.
 * - A refused application changes nothing else: refusals found before the first write return
 *   early, later ones (the application's own) roll the unit of work back, consent and assessment
 *   included.
 * - Each application decided records its credit assessment (with its model version) and the
 *   decision carries its reason; the member is notified of the decision in the same unit of work.
 * - An approved loan is disbursed right after (disburse-loan.ts): if the provider refuses it stays
 *   `approved` with a retry due; if it is unreachable the booked attempt is re-sent later.
 */
import type { CreditAssessmentRepository, CreditHistories, ScoringConsents } from '../credit/ports.ts';
import { assessCreditHistory } from '../credit/scorecard.ts';
import type { Money } from '../money/money.ts';
import type { Notifier } from '../tontines/ports.ts';
import { err, ok, type Err, type Result } from '../shared/result.ts';
import { DecideLoanApplication, type DecideLoanApplicationDeps, type DecideLoanApplicationError } from './decide-loan-application.ts';
import { DisburseLoan, type DisburseLoanDeps } from './disburse-loan.ts';
import { annualRateForScore } from './loan-terms.ts';
import { decisionNotice } from './loan-notices.ts';
import type { Loan } from './loan.ts';
import type { KeyFactsStatement, KeyFactsStatementRepository } from './ports.ts';
import { KEY_FACTS_VALID_MS, keyFactsStatement } from './show-key-facts.ts';

export type ApplyForLoanDeps = DecideLoanApplicationDeps &
  DisburseLoanDeps & {
    histories: CreditHistories;
    assessments: CreditAssessmentRepository;
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

/** The member's rate moved since the statement was shown: the new statement, to show and accept. */
export type KeyFactsOutdated = Err<'key_facts_outdated'> & { readonly keyFacts: KeyFactsStatement };

type Applied = { outcome: 'created' | 'exists'; loan: Loan };
export type ApplyForLoanResult = Result<Applied, Exclude<ApplyForLoanError, 'key_facts_outdated'>> | KeyFactsOutdated;

/**
 * Thrown inside the unit of work when the application is refused after something was written (the
 * consent, the new assessment): the unit of work rolls back, and a refused application leaves
 * nothing behind. Caught below and answered as the refusal it carries.
 */
class Refused {
  constructor(readonly error: Exclude<ApplyForLoanError, 'key_facts_outdated'>) {}
}

export class ApplyForLoan {
  private readonly decideApplication: DecideLoanApplication;

  constructor(private readonly deps: ApplyForLoanDeps) {
    this.decideApplication = new DecideLoanApplication(deps);
  }

  async execute(input: ApplyForLoanInput): Promise<ApplyForLoanResult> {
    let decided: ApplyForLoanResult;
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
    return deps.uow.run(async (): Promise<ApplyForLoanResult> => {
      const earlier = await deps.loans.findByApplicationKey(input.memberId, input.idempotencyKey);
      if (earlier) return ok({ outcome: 'exists', loan: earlier });
      const now = deps.clock.now();

      if (!input.scoringConsent && !(await deps.consents.consentedAt(input.memberId))) return err('scoring_consent_required');
      if (!input.acceptKeyFacts) return err('key_facts_not_accepted');
      const statement = await deps.statements.findById(input.keyFactsId);
      if (!statement || statement.memberId !== input.memberId) return err('key_facts_not_found');
      if (statement.acceptedAt || now.getTime() - statement.shownAt.getTime() > KEY_FACTS_VALID_MS) return err('key_facts_expired');
      if (!statement.facts.principal.equals(input.amount) || statement.facts.termMonths !== input.termMonths) return err('key_facts_mismatch');
      const shown = statement.assessment;
      // The records scored again: has the member's rate band moved since the statement was shown?
      const history = await deps.histories.historyOf(input.memberId);
      if (!history) return err('member_not_found');
      const current = assessCreditHistory(history, now);
      if (!shown || annualRateForScore(current.score) !== statement.facts.annualRateBps) {
        // The only write of this answer: the new statement, so that it can be accepted at once.
        const renewed = keyFactsStatement({ id: deps.ids.newId(), memberId: input.memberId, principal: statement.facts.principal, termMonths: statement.facts.termMonths, assessment: current, now });
        await deps.statements.save(renewed);
        return { ...err('key_facts_outdated'), keyFacts: renewed };
      }
      // The first write of the application: every refusal above is returned with nothing of it written.
      if (input.scoringConsent) await deps.consents.record(input.memberId, now);
      await deps.assessments.save({ id: deps.ids.newId(), memberId: input.memberId, assessedAt: statement.shownAt, ...shown });

      const applied = await this.decideApplication.execute({ ...input, applicationKey: input.idempotencyKey, assessment: { score: shown.score, modelVersion: shown.modelVersion } });
      if (!applied.ok) throw new Refused(applied.error);
      await deps.statements.save({ ...statement, acceptedAt: now, loanId: applied.value.id });
      await deps.notifier.notify(decisionNotice(applied.value));
      return ok({ outcome: 'created', loan: applied.value });
    });
  }
}
