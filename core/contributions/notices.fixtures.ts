/**
 * An in-memory ContributionNotices for core tests, over the contributions' and tontines' fakes:
 * the pending contributions of active groups due in a range, and the notices recorded once per
 * (contribution, kind), as the Postgres adapter's unique key records them; and a running group of
 * three with the notice jobs wired over it (`noticeWorld`).
 */
import { RecordingEventLog } from '../identity/identity.fixtures.ts';
import { addDays, compareDates, type LocalDate } from '../shared/calendar.ts';
import type { TontineRepository } from '../tontines/ports.ts';
import { aTontine, aWorld } from '../tontines/tontines.fixtures.ts';
import { reminderTimes } from './contribution-reminders.ts';
import type { InMemoryContributionRepository } from './contributions.fixtures.ts';
import type { ContributionNoticeKind, ContributionNotices, PendingContribution } from './ports.ts';
import { SendContributionReminders } from './send-contribution-reminders.ts';
import { SendOverdueNotices } from './send-overdue-notices.ts';

export class InMemoryContributionNotices implements ContributionNotices {
  /** `<contributionId>:<kind>` → when it was recorded. */
  readonly recorded = new Map<string, Date>();

  constructor(
    private readonly contributions: InMemoryContributionRepository,
    private readonly tontines: Pick<TontineRepository, 'findById'>,
  ) {}

  async pendingInActiveTontines(dueFrom: LocalDate, dueTo: LocalDate): Promise<PendingContribution[]> {
    const found: PendingContribution[] = [];
    for (const contribution of this.contributions.all()) {
      if (contribution.isCompleted || compareDates(contribution.dueDate, dueFrom) < 0 || compareDates(contribution.dueDate, dueTo) > 0) continue;
      const tontine = await this.tontines.findById(contribution.tontineId);
      if (tontine?.status === 'active') found.push({ contribution, tontineName: tontine.name });
    }
    return found;
  }
  async recordOnce(contributionId: string, kind: ContributionNoticeKind, at: Date): Promise<boolean> {
    const key = `${contributionId}:${kind}`;
    if (this.recorded.has(key)) return false;
    this.recorded.set(key, at);
    return true;
  }
  async sentReminderKeys(contributionIds: readonly string[]): Promise<Set<string>> {
    return new Set([...this.recorded.keys()].filter((key) => !key.endsWith(':overdue') && contributionIds.includes(key.split(':')[0]!)));
  }
  async overdueNoticed(contributionIds: readonly string[]): Promise<Set<string>> {
    return new Set(contributionIds.filter((id) => this.recorded.has(`${id}:overdue`)));
  }
}

/** A running group of three; its first cycle's due date. */
export async function noticeWorld() {
  const world = aWorld();
  await world.given(aTontine().withMembers(3).build());
  const firstCycle = (await world.contributions.listByTontine('t-1')).filter((c) => c.cycle === 1);
  const dueDate = firstCycle[0]!.dueDate;
  const notices = new InMemoryContributionNotices(world.contributions, world.tontines);
  const events = new RecordingEventLog();
  const deps = { notices, notifier: world.notifier, uow: world.uow, clock: world.clock, events };
  return { world, firstCycle, dueDate, notices, events, deps, reminders: new SendContributionReminders(deps), overdue: new SendOverdueNotices(deps) };
}

/** The instant of the reminder `offset` (0: three days before, 1: the day before, 2: the due date) at 09:00 Kigali. */
export const reminderAt = (dueDate: LocalDate, offset: number): Date => reminderTimes(dueDate)[offset]!.at;
/** 09:00 Kigali, `days` after the due date. */
export const daysAfterDue = (dueDate: LocalDate, days: number): Date => reminderTimes(addDays(dueDate, days))[2]!.at;
