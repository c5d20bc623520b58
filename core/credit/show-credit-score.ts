/** ShowCreditScore: the member reads their latest recorded assessment (undefined before the first one). */
import type { CreditAssessment, CreditAssessmentRepository } from './ports.ts';

export class ShowCreditScore {
  constructor(private readonly deps: { assessments: CreditAssessmentRepository }) {}

  execute(input: { memberId: string }): Promise<CreditAssessment | undefined> {
    return this.deps.assessments.latestFor(input.memberId);
  }
}
