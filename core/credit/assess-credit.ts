/**
 * AssessCredit: the member asks to be scored on their own records now.
 *
 * Guarantees
 * - No scoring without the member's consent: consent given with the request is recorded first
 *   (once: a later consent keeps the first instant), otherwise one recorded before is needed
 *   (`scoring_consent_required`, nothing recorded).
 * - The consent and the assessment commit in one unit of work; the assessment is recorded with its
 *   model version and instant (RecordCreditAssessment).
 */
import type { Clock } from '../shared/clock.ts';
import { err, type Result } from '../shared/result.ts';
import type { CreditAssessment, ScoringConsents } from './ports.ts';
import { RecordCreditAssessment, type RecordCreditAssessmentDeps } from './record-credit-assessment.ts';

export interface AssessCreditDeps extends RecordCreditAssessmentDeps {
  consents: ScoringConsents;
  clock: Clock;
}

export interface AssessCreditInput {
  memberId: string;
  /** The consent given with this request. */
  consent: boolean;
}

export type AssessCreditError = 'member_not_found' | 'scoring_consent_required';

export class AssessCredit {
  private readonly record: RecordCreditAssessment;

  constructor(private readonly deps: AssessCreditDeps) {
    this.record = new RecordCreditAssessment(deps);
  }

  execute(input: AssessCreditInput): Promise<Result<CreditAssessment, AssessCreditError>> {
    const { consents, uow, clock } = this.deps;
    return uow.run(async () => {
      if (input.consent) await consents.record(input.memberId, clock.now());
      else if (!(await consents.consentedAt(input.memberId))) return err('scoring_consent_required');
      return this.record.execute({ memberId: input.memberId });
    });
  }
}
