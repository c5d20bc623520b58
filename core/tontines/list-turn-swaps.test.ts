import { describe, expect, it } from 'vitest';
import { err } from '../shared/result.ts';
import { ListTurnSwaps } from './list-turn-swaps.ts';
import { groupsWorld } from './reads.fixtures.ts';

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
