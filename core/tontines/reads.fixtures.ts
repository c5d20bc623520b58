/**
 * For the core tests of the savings screens' reads: a world of three groups described as
 * DescribeTontines does (member profiles: TableProfiles in tontines.fixtures.ts).
 */
import { Money } from '../money/money.ts';
import { DescribeTontines } from './describe-tontines.ts';
import { aTontine, aWorld, JAN_31, TableProfiles } from './tontines.fixtures.ts';

/**
 * Alice's active group of three (t-1, with bob and carol), her forming group of 20,000 RWF
 * (`forming`) and her personal savings (`savings`), each created a second after the one before.
 */
export async function groupsWorld() {
  const world = aWorld();
  const profiles = new TableProfiles().with('alice').with('bob').with('carol', { lastName: 'Mukamana' });
  const describe = new DescribeTontines({ profiles, balances: { poolBalances: async () => new Map() }, contributions: world.contributions, clock: world.clock });
  await world.given(aTontine().withMembers(3).build());
  await world.given(aTontine().withId('forming').withMembers(1).withMaxMembers(4).contributing(Money.ofFrancs(20_000)).createdOn(new Date(JAN_31.getTime() + 1000)).build());
  await world.given(aTontine().withId('savings').withMembers(1).createdOn(new Date(JAN_31.getTime() + 2000)).build());
  return { world, profiles, describe };
}
