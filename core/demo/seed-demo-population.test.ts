import { describe, expect, it } from 'vitest';
import { PlainHasher } from '../accounts/accounts.fixtures.ts';
import { DEMO_PASSWORD } from '../accounts/seed-demo-accounts.ts';
import { DirectUnitOfWork, FixedClock } from '../shared/shared.fixtures.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { type DemoPopulation, type PopulationPlan, type SeededPopulation, SeedDemoPopulation } from './seed-demo-population.ts';

/** A store that keeps the plans it was given and answers the totals it is told to. */
class RecordingPopulation implements DemoPopulation {
  plans: PopulationPlan[] = [];
  constructor(
    private members = 0,
    private readonly books: Partial<SeededPopulation> = {},
  ) {}
  async seededMembers() {
    return this.members;
  }
  async seed(plan: PopulationPlan): Promise<SeededPopulation> {
    this.plans.push(plan);
    this.members = plan.members;
    return { members: plan.members, groups: plan.groups, contributions: plan.contributions, paidContributions: 1, payouts: 1, journalEntries: 2, ledgerSum: 0n, unbalancedEntries: 0, negativePools: 0, ...this.books };
  }
}

const today = new Date('2026-11-26T04:00:00Z');
const seeder = (population: DemoPopulation) => new SeedDemoPopulation({ population, passwords: new PlainHasher(), audit: new RecordingAuditTrail(), uow: new DirectUnitOfWork(), clock: new FixedClock(today) });

describe('SeedDemoPopulation', () => {
  it('plans ten members a group, ten cycles a group: 100,000 members make 10,000 groups and 1,000,000 contributions', () => {
    expect(SeedDemoPopulation.plan(100_000)).toEqual({ ok: true, value: { members: 100_000, groups: 10_000, groupSize: 10, contributions: 1_000_000 } });
  });

  it.each([0, 5, 15, -10, 1.5, Number.NaN, 1_000_010])('refuses %s members and writes nothing', async (members) => {
    const population = new RecordingPopulation();
    expect(await seeder(population).execute({ members })).toEqual({ ok: false, error: 'population_size_invalid' });
    expect(population.plans).toEqual([]);
  });

  it('seeds once, with the demo password hashed and today as the reference day', async () => {
    const population = new RecordingPopulation();
    const first = await seeder(population).execute({ members: 20 });
    expect(first.ok && first.value.groups).toBe(2);
    expect(population.plans).toEqual([{ members: 20, groups: 2, groupSize: 10, contributions: 200, today, passwordHash: `hashed:${DEMO_PASSWORD}` }]);

    expect(await seeder(population).execute({ members: 20 })).toEqual({ ok: false, error: 'already_seeded' });
    expect(await seeder(population).seededMembers()).toBe(20);
    expect(population.plans).toHaveLength(1);
  });

  it.each([{ ledgerSum: 100n }, { unbalancedEntries: 1 }, { negativePools: 1 }])('never reports a population whose books disagree (%o)', async (books) => {
    expect(await seeder(new RecordingPopulation(0, books)).execute({ members: 10 })).toEqual({ ok: false, error: 'ledger_unbalanced' });
  });
});
