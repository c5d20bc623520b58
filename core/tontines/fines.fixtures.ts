/**
 * In-memory LateContributions for core's tests of the late fines: the same rules as
 * adapters/postgres/postgres-late-contributions.ts, over the in-memory repositories.
 */
import type { InMemoryContributionRepository } from '../contributions/contributions.fixtures.ts';
import { compareDates, type LocalDate } from '../shared/calendar.ts';
import { isFineDue } from './late-fine.ts';
import type { LateContribution, LateContributions, TontineRepository } from './ports.ts';

export class InMemoryLateContributions implements LateContributions {
  constructor(
    private readonly contributions: InMemoryContributionRepository,
    private readonly tontines: Pick<TontineRepository, 'get'>,
  ) {}

  async dueForFine(today: LocalDate, limit: number): Promise<LateContribution[]> {
    const all = this.contributions.all();
    const fined = new Set(all.flatMap((c) => (c.fineOf ? [c.fineOf] : [])));
    const due: LateContribution[] = [];
    for (const contribution of all) {
      if (contribution.isFine || contribution.status !== 'pending' || fined.has(contribution.id)) continue;
      const tontine = await this.tontines.get(contribution.tontineId);
      const rule = tontine?.status === 'active' ? tontine.lateFine : null;
      if (tontine && rule && isFineDue(rule, contribution.dueDate, today)) due.push({ contribution, rule, tontineName: tontine.name });
    }
    return due.sort((a, b) => compareDates(a.contribution.dueDate, b.contribution.dueDate)).slice(0, limit);
  }

  async isFined(contributionId: string): Promise<boolean> {
    return this.contributions.all().some((c) => c.fineOf === contributionId);
  }
}
