import { describe, expect, it } from 'vitest';
import { err } from '../shared/result.ts';
import { ShowPayoutOrder } from './show-payout-order.ts';
import { groupsWorld } from './reads.fixtures.ts';

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
