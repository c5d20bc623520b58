/**
 * What `npm start` seeds: the demo accounts on a new database, and (sandbox mode, unless
 * SEED_DEMO_WORLD=false) the demo world, which skips itself once the demo member has groups, so a
 * second start adds nothing. Never with a real provider: no real money is asked for, and with
 * Africa's Talking configured the world's notices would be texted to the demo phone numbers.
 */
import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import { SeedDemoAccounts, type SeededAccount } from '../../core/accounts/seed-demo-accounts.ts';
import type { SeedDemoWorldOutcome } from '../../core/demo/seed-demo-world.ts';
import { TOKENS } from '../container.ts';

export interface DemoSeeding {
  /** Null: not a new database, the accounts were left alone. */
  accounts: SeededAccount[] | null;
  world: SeedDemoWorldOutcome | { seeded: false; reason: 'disabled' | 'real_provider' };
}

export async function seedDemoData(container: Container, options: { newDatabase: boolean }): Promise<DemoSeeding> {
  const config = container.get(TOKENS.Config);
  const inContext = <T>(work: () => Promise<T>) => RequestContext.create(container.get(TOKENS.Orm).em, work);
  const accounts = options.newDatabase ? await inContext(() => container.get(SeedDemoAccounts).execute()) : null;
  if (!config.seedDemoWorld) return { accounts, world: { seeded: false, reason: 'disabled' } };
  const world = container.get(TOKENS.SeedDemoWorld);
  if (!world || config.africasTalking) return { accounts, world: { seeded: false, reason: 'real_provider' } };
  return { accounts, world: await inContext(() => world.execute()) };
}
