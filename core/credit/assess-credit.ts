/**
 * Assess credit: score the member's history now and record the assessment.
 *
 * Guarantees
 * - Every assessment is recorded with the model version that produced it and its instant.
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { CreditAssessment, CreditAssessmentRepository, CreditHistories } from './ports.ts';
import { assessCreditHistory } from './scorecard.ts';

export interface AssessCreditDeps {
  histories: CreditHistories;
  assessments: CreditAssessmentRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export async function assessCredit(deps: AssessCreditDeps, input: { memberId: string }): Promise<Result<CreditAssessment, 'member_not_found'>> {
  return deps.unitOfWork.run(async () => {
    const history = await deps.histories.historyOf(input.memberId);
    if (!history) return err('member_not_found');
    const assessedAt = deps.clock.now();
    const assessment: CreditAssessment = { id: deps.ids.newId(), memberId: input.memberId, assessedAt, ...assessCreditHistory(history, assessedAt) };
    await deps.assessments.save(assessment);
    return ok(assessment);
  });
}
