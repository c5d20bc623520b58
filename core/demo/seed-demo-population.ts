/**
 * SeedDemoPopulation: a large demo population to measure the app at scale (`npm run admin -- demo
 * seed --members 100000`, `npm run bench:dashboard`): members in rotating groups of ten with a
 * history of paid cycles, payouts received and a current cycle half paid.
 *
 * Guarantees
 * - The shape is fixed by the member count: one group per GROUP_SIZE members (each member in one
 *   group, the first one its creator), every group a rotation of GROUP_SIZE cycles, so
 *   members × GROUP_SIZE contributions (100,000 members: 10,000 groups, 1,000,000 contributions).
 * - Books that agree with the rows: every paid contribution has its successful payment and its
 *   ledger entry (mobile money → the group's pool), every past cycle its payout (pool → mobile
 *   money) with its completed transfer; every entry sums to zero, and a pool holds exactly the
 *   paid contributions of its current cycle. The store checks this before it commits
 *   (`DemoPopulation.seed` answers the ledger's totals) and this use case refuses to report
 *   success otherwise.
 * - Clearly demo data: demo accounts (`isDemo`) under the reserved domain ikimina.demo, with the
 *   public demo password (hashed once: every member shares it).
 * - Runs once: a database that already holds a population answers `already_seeded` with its size
 *   and nothing is written.
 * - Bulk by design: the store writes in set-based statements, not through the use cases one by
 *   one (that is what the demo world, seed-demo-world.ts, is for); the rows are the ones those
 *   use cases would have written.
 */
import { DEMO_PASSWORD } from '../accounts/seed-demo-accounts.ts';
import type { PasswordHasher } from '../accounts/ports.ts';
import type { Clock } from '../shared/clock.ts';
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { err, ok, type Result } from '../shared/result.ts';

/** Members per group and cycles per rotation. */
export const POPULATION_GROUP_SIZE = 10;
export const MAX_POPULATION_MEMBERS = 1_000_000;
/** Where the population's e-mail addresses live: member<n>@population.ikimina.demo. */
export const POPULATION_EMAIL_DOMAIN = 'population.ikimina.demo';

export interface PopulationPlan {
  members: number;
  groups: number;
  groupSize: number;
  contributions: number;
  /** The day the current cycles are measured from (UTC date of the run). */
  today: Date;
  /** The shared demo password, hashed. */
  passwordHash: string;
}

export interface SeededPopulation {
  members: number;
  groups: number;
  contributions: number;
  paidContributions: number;
  payouts: number;
  journalEntries: number;
  /** The sum of every posting (zero when the books balance) and the entries that do not sum to zero. */
  ledgerSum: bigint;
  unbalancedEntries: number;
  /** Pools holding less than nothing (0 when every pool covers what it paid out). */
  negativePools: number;
}

export interface DemoPopulation {
  /** How many members an earlier population seed wrote (0: none). */
  seededMembers(): Promise<number>;
  /** Writes the population in one transaction and answers what it wrote, checked from the tables. */
  seed(plan: PopulationPlan): Promise<SeededPopulation>;
}

export interface SeedDemoPopulationDeps {
  population: DemoPopulation;
  passwords: PasswordHasher;
  /** An admin's seed is recorded (`demo_seeded`) once the population is written and checked. */
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
}

export type SeedPopulationError = 'population_size_invalid' | 'already_seeded' | 'ledger_unbalanced';

export class SeedDemoPopulation {
  constructor(private readonly deps: SeedDemoPopulationDeps) {}

  /** The plan for `members` members, or `population_size_invalid` (a positive multiple of the group size, at most a million). */
  static plan(members: number): Result<Omit<PopulationPlan, 'today' | 'passwordHash'>, 'population_size_invalid'> {
    if (!Number.isSafeInteger(members) || members < POPULATION_GROUP_SIZE || members > MAX_POPULATION_MEMBERS || members % POPULATION_GROUP_SIZE !== 0) {
      return err('population_size_invalid');
    }
    const groups = members / POPULATION_GROUP_SIZE;
    return ok({ members, groups, groupSize: POPULATION_GROUP_SIZE, contributions: groups * POPULATION_GROUP_SIZE * POPULATION_GROUP_SIZE });
  }

  /** How many members a population seeded earlier holds (0: none). */
  async seededMembers(): Promise<number> {
    return this.deps.population.seededMembers();
  }

  async execute(input: { members: number; actor?: AuditActor }): Promise<Result<SeededPopulation, SeedPopulationError>> {
    const planned = SeedDemoPopulation.plan(input.members);
    if (!planned.ok) return planned;
    if ((await this.seededMembers()) > 0) return err('already_seeded');
    const passwordHash = await this.deps.passwords.hash(DEMO_PASSWORD);
    const seeded = await this.deps.population.seed({ ...planned.value, today: this.deps.clock.now(), passwordHash });
    if (seeded.ledgerSum !== 0n || seeded.unbalancedEntries > 0 || seeded.negativePools > 0) return err('ledger_unbalanced');
    const { actor } = input;
    if (actor) {
      const details = { members: String(seeded.members), groups: String(seeded.groups), contributions: String(seeded.contributions) };
      await this.deps.uow.run(() => this.deps.audit.record({ action: 'demo_seeded', actor, subject: 'demo_population', details }));
    }
    return ok(seeded);
  }
}
