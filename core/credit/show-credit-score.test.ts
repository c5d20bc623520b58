import { describe, expect, it } from 'vitest';
import { InMemoryCreditAssessments } from './credit.fixtures.ts';
import type { CreditAssessment } from './ports.ts';
import { ShowCreditScore } from './show-credit-score.ts';

describe('ShowCreditScore', () => {
  it('shows the member their latest assessment, nobody else’s, and nothing before the first', async () => {
    const assessments = new InMemoryCreditAssessments();
    const show = new ShowCreditScore({ assessments });
    expect(await show.execute({ memberId: 'm1' })).toBeUndefined();
    const first = { memberId: 'm1', score: 610 } as CreditAssessment;
    const second = { memberId: 'm1', score: 655 } as CreditAssessment;
    for (const a of [first, { memberId: 'm2', score: 700 } as CreditAssessment, second]) await assessments.save(a);
    expect(await show.execute({ memberId: 'm1' })).toBe(second);
    expect((await show.execute({ memberId: 'm2' }))?.score).toBe(700);
  });
});
