/**
 * An in-memory ContributionNotices for core tests, over the contributions' and tontines' fakes:
 * the pending contributions of active groups due in a range, and the notices recorded once per
 * (contribution, kind), as the Postgres adapter's unique key records them.
 */
import { compareDates, type LocalDate } from '../shared/calendar.ts';
import type { TontineRepository } from '../tontines/ports.ts';
import type { InMemoryContributionRepository } from './contributions.fixtures.ts';
import type { ContributionNoticeKind, ContributionNotices, PendingContribution } from './ports.ts';

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
