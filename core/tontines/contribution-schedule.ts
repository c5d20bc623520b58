/**
 * Contribution schedule: the contributions a tontine's members owe once it is active.
 *
 * Guarantees
 * - A rotation of N members schedules N × N contributions at its start: every member owes
 *   `contributionAmount` in every cycle, due on that cycle's date.
 * - Personal savings schedule one period at a time: the next one once the current one is paid.
 */
import { Contribution } from '../contributions/contribution.ts';
import type { IdGenerator } from '../shared/clock.ts';
import { invariant } from '../shared/result.ts';
import type { Tontine } from './tontine.ts';

export function contributionsAtStart(tontine: Tontine, ids: IdGenerator): Contribution[] {
  invariant(tontine.status === 'active', `tontine ${tontine.id} has not started`);
  if (tontine.isPersonalSavings) return [savingsContribution(tontine, ids)];
  const scheduled: Contribution[] = [];
  for (let cycle = 1; cycle <= tontine.cycleCount; cycle++) {
    for (const member of tontine.members) scheduled.push(contributionOf(tontine, ids, member.userId, cycle));
  }
  return scheduled;
}

/** The personal-savings contribution of the current period. */
export function savingsContribution(tontine: Tontine, ids: IdGenerator): Contribution {
  invariant(tontine.isPersonalSavings, `tontine ${tontine.id} is a rotating group`);
  return contributionOf(tontine, ids, tontine.creatorId, tontine.currentCycle);
}

function contributionOf(tontine: Tontine, ids: IdGenerator, memberId: string, cycle: number): Contribution {
  return Contribution.schedule({
    id: ids.newId(),
    tontineId: tontine.id,
    memberId,
    cycle,
    amount: tontine.contributionAmount,
    dueDate: tontine.dueDateOf(cycle),
  });
}
