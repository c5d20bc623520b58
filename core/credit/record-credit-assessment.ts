/**
 * RecordCreditAssessment: score the member's history now and record the assessment (the step
 * AssessCredit takes once the member's consent is settled; an application records instead the
 * assessment its key facts were computed from, core/loans/apply-for-loan.ts).
 *
 * Guarantees
 * - Every assessment is recorded with the model version that produced it and its instant.
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { CreditAssessment, CreditAssessmentRepository, CreditHistories } from './ports.ts';
import { assessCreditHistory } from './scorecard.ts';

export interface RecordCreditAssessmentDeps {
  histories: CreditHistories;
  assessments: CreditAssessmentRepository;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export class RecordCreditAssessment {
  constructor(private readonly deps: RecordCreditAssessmentDeps) {}

  execute(input: { memberId: string }): Promise<Result<CreditAssessment, 'member_not_found'>> {
    const { histories, assessments, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const history = await histories.historyOf(input.memberId);
      if (!history) return err('member_not_found');
      const assessedAt = clock.now();
      const assessment: CreditAssessment = { id: ids.newId(), memberId: input.memberId, assessedAt, ...assessCreditHistory(history, assessedAt) };
      await assessments.save(assessment);
      return ok(assessment);
    });
  }
}
