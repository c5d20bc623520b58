import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { err } from '../shared/result.ts';
import { BrowseTontines } from './browse-tontines.ts';
import { groupsWorld } from './reads.fixtures.ts';

describe('BrowseTontines', () => {
  it('offers forming and active groups, never personal savings, newest first; filters by the query', async () => {
    const { world, describe } = await groupsWorld();
    const browse = new BrowseTontines({ tontines: world.tontines, describe });
    const all = await browse.execute({ viewerId: null });
    expect(all.ok && all.value.map((t) => t.tontine.id)).toEqual(['forming', 't-1']);
    const dear = await browse.execute({ viewerId: 'bob', query: { minContribution: Money.ofFrancs(10_000) } });
    expect(dear.ok && dear.value.map((t) => t.tontine.id)).toEqual(['forming']);
  });

  it('refuses an inverted contribution range', async () => {
    const { world, describe } = await groupsWorld();
    const browse = new BrowseTontines({ tontines: world.tontines, describe });
    expect(await browse.execute({ viewerId: null, query: { minContribution: Money.ofFrancs(10_000), maxContribution: Money.ofFrancs(5_000) } })).toEqual(err('contribution_range_inverted'));
  });
});
