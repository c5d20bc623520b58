import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { contributionDueNotice, contributionOverdueNotice } from './contribution-notices.ts';
import { aContribution } from './contributions.fixtures.ts';

const c = aContribution({ id: 'c-1', memberId: 'm-1', cycle: 2, amount: Money.ofCentimes(1_250_000), dueDate: localDate(2026, 3, 1) });

describe('contribution notices', () => {
  it('name the tontine, the amount in RWF and the due date, for the member who owes it', () => {
    expect(contributionDueNotice(c, 'Abunzi')).toEqual({
      userId: 'm-1',
      type: 'contribution_due',
      template: 'contribution_due',
      params: { tontineName: 'Abunzi', amount: '12,500 RWF', dueDate: '2026-03-01', cycle: '2' },
    });
    expect(contributionOverdueNotice(c, 'Abunzi')).toMatchObject({ type: 'contribution_due', template: 'contribution_overdue', params: { dueDate: '2026-03-01' } });
  });
});
