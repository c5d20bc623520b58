import { describe, expect, it } from 'vitest';
import { ListMemberTontines } from './list-member-tontines.ts';
import { groupsWorld } from './reads.fixtures.ts';

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
