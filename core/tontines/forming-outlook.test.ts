import { describe, expect, it } from 'vitest';
import { localDate } from '../shared/calendar.ts';
import { formingOutlook } from './forming-outlook.ts';
import { aTontine, memberName } from './tontines.fixtures.ts';

const TODAY = localDate(2026, 1, 31);

describe('what a forming group says about its start', () => {
  it('counts the seats left and names the admin as the one who starts it', () => {
    const outlook = formingOutlook(aTontine().withMembers(3).withMaxMembers(5).build(), TODAY);
    expect(outlook).toMatchObject({ seatsLeft: 2, startsWhenFull: true, startedBy: memberName(0), canStartEarly: true, membersNeededToStart: 0 });
  });

  it('needs a second member before the admin may start it early', () => {
    const outlook = formingOutlook(aTontine().withMembers(1).withMaxMembers(4).build(), TODAY);
    expect(outlook).toMatchObject({ seatsLeft: 3, canStartEarly: false, membersNeededToStart: 1 });
  });

  it('dates the first payment on the start day and the second one period later, on the cycle calendar', () => {
    const monthly = formingOutlook(aTontine().withMembers(2).withMaxMembers(4).every('monthly').build(), TODAY)!;
    // 31 January: the next month's due day is clamped to 28 February (cycle-calendar.ts).
    expect(monthly.ifStartedOn).toEqual({ startDate: TODAY, firstDueDate: TODAY, secondDueDate: localDate(2026, 2, 28) });
    const weekly = formingOutlook(aTontine().withMembers(2).withMaxMembers(4).every('weekly').build(), TODAY)!;
    expect(weekly.ifStartedOn.secondDueDate).toEqual(localDate(2026, 2, 7));
    const daily = formingOutlook(aTontine().withMembers(2).withMaxMembers(4).every('daily').build(), TODAY)!;
    expect(daily.ifStartedOn.secondDueDate).toEqual(localDate(2026, 2, 1));
  });

  it('says nothing once the group has started, nor for personal savings', () => {
    expect(formingOutlook(aTontine().withMembers(3).withMaxMembers(3).build(), TODAY)).toBeNull();
    expect(formingOutlook(aTontine().withMembers(2).withMaxMembers(4).startedEarly().build(), TODAY)).toBeNull();
    expect(formingOutlook(aTontine().withMembers(1).withMaxMembers(1).build(), TODAY)).toBeNull();
  });
});
