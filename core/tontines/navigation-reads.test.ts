/** The savings screens' reads a member takes about their groups, over the tontines' test world. */
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { err } from '../shared/result.ts';
import { BrowseTontines } from './browse-tontines.ts';
import { DescribeTontines } from './describe-tontines.ts';
import { ListMemberTontines } from './list-member-tontines.ts';
import { ListTurnSwaps } from './list-turn-swaps.ts';
import { TableProfiles } from './profiles.fixtures.ts';
import { ShowPayoutOrder } from './show-payout-order.ts';
import { aTontine, aWorld, JAN_31 } from './tontines.fixtures.ts';

async function groupsWorld() {
  const world = aWorld();
  const profiles = new TableProfiles().with('alice').with('bob').with('carol', { lastName: 'Mukamana' });
  const describe = new DescribeTontines({ profiles, balances: { poolBalances: async () => new Map() }, contributions: world.contributions, clock: world.clock });
  await world.given(aTontine().withMembers(3).build());
  await world.given(aTontine().withId('forming').withMembers(1).withMaxMembers(4).contributing(Money.ofFrancs(20_000)).createdOn(new Date(JAN_31.getTime() + 1000)).build());
  await world.given(aTontine().withId('savings').withMembers(1).createdOn(new Date(JAN_31.getTime() + 2000)).build());
  return { world, profiles, describe };
}

describe('ShowPayoutOrder', () => {
  it('shows the members the order they are paid in, named in full: the join order until a draw, then the draw and its seed', async () => {
    const { world, profiles } = await groupsWorld();
    const show = new ShowPayoutOrder({ tontines: world.tontines, profiles });
    expect(await show.execute({ tontineId: 't-1', userId: 'bob' })).toEqual({
      ok: true,
      value: { method: 'join_order', seed: null, order: [{ memberId: 'alice', name: 'Alice Uwase', position: 1 }, { memberId: 'bob', name: 'Bob Uwase', position: 2 }, { memberId: 'carol', name: 'Carol Mukamana', position: 3 }] },
    });
    const drawn = await world.drawPayoutOrder.execute({ tontineId: 't-1', userId: 'alice' });
    const shown = await show.execute({ tontineId: 't-1', userId: 'carol' });
    expect(shown.ok && [shown.value.method, shown.value.seed, shown.value.order.map((o) => o.memberId)]).toEqual(['draw', drawn.ok && drawn.value.seed, drawn.ok && drawn.value.order]);
  });

  it('is for the group’s members only; someone else’s savings is not found', async () => {
    const { world, profiles } = await groupsWorld();
    const show = new ShowPayoutOrder({ tontines: world.tontines, profiles });
    expect(await show.execute({ tontineId: 't-1', userId: 'stranger' })).toEqual(err('not_a_member'));
    expect(await show.execute({ tontineId: 'savings', userId: 'bob' })).toEqual(err('tontine_not_found'));
  });
});

describe('ListTurnSwaps', () => {
  it('shows a group’s members the swaps proposed in it, and nobody else', async () => {
    const { world } = await groupsWorld();
    const proposed = await world.proposeTurnSwap.execute({ tontineId: 't-1', userId: 'alice', counterpartyId: 'carol' });
    const list = new ListTurnSwaps({ tontines: world.tontines });
    const seen = await list.execute({ tontineId: 't-1', userId: 'bob' });
    expect(seen.ok && seen.value.map((s) => s.id)).toEqual([proposed.ok && proposed.value.id]);
    expect(await list.execute({ tontineId: 't-1', userId: 'stranger' })).toEqual(err('not_a_member'));
    expect(await list.execute({ tontineId: 'nope', userId: 'alice' })).toEqual(err('tontine_not_found'));
  });
});

describe('ListMemberTontines', () => {
  it('lists the member’s groups, personal savings included, and no one else’s', async () => {
    const { world, describe } = await groupsWorld();
    const list = new ListMemberTontines({ tontines: world.tontines, describe });
    // (Newest first is the repository's order, tested with its adapter.)
    expect((await list.execute({ userId: 'alice' })).map((t) => t.tontine.id).sort()).toEqual(['forming', 'savings', 't-1']);
    expect((await list.execute({ userId: 'bob' })).map((t) => t.tontine.id)).toEqual(['t-1']);
    expect(await list.execute({ userId: 'stranger' })).toEqual([]);
  });
});

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
