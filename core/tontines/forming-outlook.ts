/**
 * Forming outlook: what a group that is still forming tells its members and visitors about its
 * start (the "forming" card of /tontines/{id}): the seats left, who can start the rotation, and when
 * the first payments would fall due. Nothing here is a new rule: it reads the start rules of
 * tontine.ts and the cycle calendar of cycle-calendar.ts.
 *
 * Guarantees
 * - Only for a forming rotating group; null for an active, completed or cancelled group and for
 *   personal savings (which is active from its creation).
 * - `startsWhenFull`: the rotation starts by itself when the last seat is taken.
 * - `startedBy` is the admin (the creator); `canStartEarly` holds when the group has at least
 *   MIN_MEMBERS_TO_START members, and `membersNeededToStart` says how many more it needs before.
 * - `ifStartedOn` gives the dues of cycles 1 and 2 for a rotation started on `today`: cycle 1 is
 *   due on the start day, cycle 2 one period later (cycleDueDate).
 */
import type { LocalDate } from '../shared/calendar.ts';
import { cycleDueDate } from './cycle-calendar.ts';
import { MIN_MEMBERS_TO_START, type Tontine } from './tontine.ts';

export interface FormingOutlook {
  seatsLeft: number;
  startsWhenFull: true;
  startedBy: string;
  canStartEarly: boolean;
  membersNeededToStart: number;
  ifStartedOn: { startDate: LocalDate; firstDueDate: LocalDate; secondDueDate: LocalDate };
}

export function formingOutlook(tontine: Tontine, today: LocalDate): FormingOutlook | null {
  if (tontine.status !== 'forming' || tontine.isPersonalSavings) return null;
  const members = tontine.members.length;
  return {
    seatsLeft: Math.max(0, tontine.maxMembers - members),
    startsWhenFull: true,
    startedBy: tontine.creatorId,
    canStartEarly: members >= MIN_MEMBERS_TO_START,
    membersNeededToStart: Math.max(0, MIN_MEMBERS_TO_START - members),
    ifStartedOn: {
      startDate: today,
      firstDueDate: cycleDueDate(today, tontine.frequency, 1),
      secondDueDate: cycleDueDate(today, tontine.frequency, 2),
    },
  };
}
