import { describe, expect, it } from 'vitest';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { RecordCreditAssessment } from './record-credit-assessment.ts';
import { FakeCreditHistories, InMemoryCreditAssessments, aNewMember } from './credit.fixtures.ts';
import { MODEL_VERSION } from './scorecard.ts';

function world() {
  return {
    histories: new FakeCreditHistories(),
    assessments: new InMemoryCreditAssessments(),
    uow: new DirectUnitOfWork(),
    clock: new FixedClock(new Date('2026-12-20T10:00:00Z')),
    ids: new SequentialIds('ca'),
  };
}

describe('record credit assessment', () => {
  it('records the assessment with its model version and instant', async () => {
    const w = world();
    w.histories.histories.set('m1', aNewMember({ identityVerified: true }));
    const result = await new RecordCreditAssessment(w).execute({ memberId: 'm1' });
    expect(result.ok && result.value).toMatchObject({ id: 'ca-1', memberId: 'm1', score: 581, modelVersion: MODEL_VERSION, assessedAt: new Date('2026-12-20T10:00:00Z') });
    expect(await w.assessments.latestFor('m1')).toEqual(result.ok && result.value);
  });

  it('answers member_not_found for an unknown member', async () => {
    expect(await new RecordCreditAssessment(world()).execute({ memberId: 'ghost' })).toEqual({ ok: false, error: 'member_not_found' });
  });
});
