/**
 * What `npm start` seeds: the demo accounts on a new database, and (sandbox mode, unless
 * SEED_DEMO_WORLD=false) the demo world, which skips itself once the demo member has groups, and
 * the demo merchant's business, which skips itself once the demo merchant owns one: so a second
 * start adds nothing, and a database seeded before the business existed gets it on its next start.
 * Never with a real provider: no real money is asked for, and with Africa's Talking configured the
 * world's notices would be texted to the demo phone numbers.
 */
import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import { SeedDemoAccounts, type SeededAccount } from '../../core/accounts/seed-demo-accounts.ts';
import type { SeedDemoWorldOutcome } from '../../core/demo/seed-demo-world.ts';
import type { SeedDemoBusinessOutcome } from '../../core/demo/seed-demo-business.ts';
import { TOKENS } from '../container.ts';

export interface DemoSeeding {
  /** Null: not a new database, the accounts were left alone. */
  accounts: SeededAccount[] | null;
  world: SeedDemoWorldOutcome | NotSeeded;
  business: SeedDemoBusinessOutcome | NotSeeded;
}

type NotSeeded = { seeded: false; reason: 'disabled' | 'real_provider' };

export async function seedDemoData(container: Container, options: { newDatabase: boolean }): Promise<DemoSeeding> {
  const config = container.get(TOKENS.Config);
  const inContext = <T>(work: () => Promise<T>) => RequestContext.create(container.get(TOKENS.Orm).em, work);
  const accounts = options.newDatabase ? await inContext(() => container.get(SeedDemoAccounts).execute()) : null;
  if (!config.seedDemoWorld) return { accounts, world: { seeded: false, reason: 'disabled' }, business: { seeded: false, reason: 'disabled' } };
  const world = container.get(TOKENS.SeedDemoWorld);
  const business = container.get(TOKENS.SeedDemoBusiness);
  if (!world || !business || config.africasTalking) return { accounts, world: { seeded: false, reason: 'real_provider' }, business: { seeded: false, reason: 'real_provider' } };
  return { accounts, world: await inContext(() => world.execute()), business: await inContext(() => business.execute()) };
}
