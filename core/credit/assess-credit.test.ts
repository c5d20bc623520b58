import { describe, expect, it } from 'vitest';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { assessCredit } from './assess-credit.ts';
import { FakeCreditHistories, InMemoryCreditAssessments, aNewMember } from './credit.fixtures.ts';
import { MODEL_VERSION } from './scorecard.ts';

function world() {
  return {
    histories: new FakeCreditHistories(),
    assessments: new InMemoryCreditAssessments(),
    unitOfWork: new DirectUnitOfWork(),
    clock: new FixedClock(new Date('2026-12-20T10:00:00Z')),
    ids: new SequentialIds('ca'),
  };
}

describe('assess credit', () => {
  it('records the assessment with its model version and instant', async () => {
    const w = world();
    w.histories.histories.set('m1', aNewMember({ identityVerified: true }));
    const result = await assessCredit(w, { memberId: 'm1' });
    expect(result.ok && result.value).toMatchObject({ id: 'ca-1', memberId: 'm1', score: 581, modelVersion: MODEL_VERSION, assessedAt: new Date('2026-12-20T10:00:00Z') });
    expect(await w.assessments.latestFor('m1')).toEqual(result.ok && result.value);
  });

  it('answers member_not_found for an unknown member', async () => {
    expect(await assessCredit(world(), { memberId: 'ghost' })).toEqual({ ok: false, error: 'member_not_found' });
  });
});
