import { describe, expect, it } from 'vitest';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { AssessCredit } from './assess-credit.ts';
import { FakeCreditHistories, InMemoryCreditAssessments, InMemoryScoringConsents, aNewMember } from './credit.fixtures.ts';

const NOW = new Date('2026-12-20T10:00:00Z');

function world() {
  const w = {
    histories: new FakeCreditHistories(),
    assessments: new InMemoryCreditAssessments(),
    consents: new InMemoryScoringConsents(),
    uow: new DirectUnitOfWork(),
    clock: new FixedClock(NOW),
    ids: new SequentialIds('ca'),
  };
  w.histories.histories.set('m1', aNewMember({ identityVerified: true }));
  return w;
}

describe('assess credit', () => {
  it('scores nobody without consent, and records nothing', async () => {
    const w = world();
    expect(await new AssessCredit(w).execute({ memberId: 'm1', consent: false })).toEqual({ ok: false, error: 'scoring_consent_required' });
    expect(w.assessments.saved).toEqual([]);
  });

  it('records the consent given with the request, then the assessment', async () => {
    const w = world();
    const assessed = await new AssessCredit(w).execute({ memberId: 'm1', consent: true });
    expect(assessed.ok && assessed.value).toMatchObject({ memberId: 'm1', assessedAt: NOW });
    expect(await w.consents.consentedAt('m1')).toEqual(NOW);
  });

  it('takes a consent recorded before', async () => {
    const w = world();
    await w.consents.record('m1', new Date('2026-12-01T10:00:00Z'));
    expect((await new AssessCredit(w).execute({ memberId: 'm1', consent: false })).ok).toBe(true);
    expect(await new AssessCredit(w).execute({ memberId: 'ghost', consent: true })).toEqual({ ok: false, error: 'member_not_found' });
  });
});
