import { describe, expect, it } from 'vitest';
import { aTontine, aWorld, type World } from './tontines.fixtures.ts';

const announced = (world: World, template: string) => world.notifier.sent.filter((n) => n.template === template);

describe('a change to the rotation is announced to every member once', () => {
  it('StartTontine: each member, the admin too, hears who started it and when the first contribution is due; a retry tells nobody', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).withMaxMembers(5).build());
    expect((await world.startTontine.execute({ tontineId: 't-1', userId: 'bob' })).ok).toBe(false);
    expect((await world.startTontine.execute({ tontineId: 't-1', userId: 'alice' })).ok).toBe(true);
    expect((await world.startTontine.execute({ tontineId: 't-1', userId: 'alice' })).ok).toBe(false);
    expect(announced(world, 'tontine_started')).toEqual(
      ['alice', 'bob', 'carol'].map((userId) => ({ userId, type: 'other', template: 'tontine_started', params: { tontineName: 'Abadatezuka', actor: 'Alice U.', dueDate: '2026-01-31' } })),
    );
    expect(world.notifier.sent).toHaveLength(3);
  });

  it('DrawPayoutOrder: each member hears that the admin drew the order at random; a second draw tells nobody', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(4).build());
    expect((await world.drawPayoutOrder.execute({ tontineId: 't-1', userId: 'bob' })).ok).toBe(false);
    expect((await world.drawPayoutOrder.execute({ tontineId: 't-1', userId: 'alice' })).ok).toBe(true);
    expect((await world.drawPayoutOrder.execute({ tontineId: 't-1', userId: 'alice' })).ok).toBe(false);
    expect(world.notifier.sent).toEqual(
      ['alice', 'bob', 'carol', 'dan'].map((userId) => ({ userId, type: 'other', template: 'tontine_order_drawn', params: { tontineName: 'Abadatezuka', actor: 'Alice U.' } })),
    );
  });

  it('AcceptTurnSwap: each member hears which two traded turns at their request and their new cycles; a proposal or a second accept tells nobody', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    const proposed = await world.proposeTurnSwap.execute({ tontineId: 't-1', userId: 'alice', counterpartyId: 'carol' });
    const swapId = proposed.ok ? proposed.value.id : '';
    expect(world.notifier.sent).toEqual([]);
    expect((await world.acceptTurnSwap.execute({ tontineId: 't-1', swapId, userId: 'carol' })).ok).toBe(true);
    expect((await world.acceptTurnSwap.execute({ tontineId: 't-1', swapId, userId: 'carol' })).ok).toBe(false);
    const params = { tontineName: 'Abadatezuka', first: 'Alice U.', firstCycle: '3', second: 'Carol U.', secondCycle: '1' };
    expect(world.notifier.sent).toEqual(['alice', 'bob', 'carol'].map((userId) => ({ userId, type: 'other', template: 'tontine_turns_swapped', params })));
  });

  it('names are cut to fit one SMS and never carry a phone number; a member without a profile is a former member', async () => {
    const world = aWorld();
    world.profiles.with('alice', { firstName: 'Nyirabahizi-Mukamurenzi', lastName: 'uwimana' });
    world.profiles.table.delete('bob');
    await world.given(aTontine().withMembers(2).withMaxMembers(3).build());
    await world.startTontine.execute({ tontineId: 't-1', userId: 'alice' });
    expect(world.notifier.sent[0]?.params.actor).toBe('Nyirabahiz. U.');
    await world.given(aTontine().withId('t-2').withMembers(3).build());
    const proposed = await world.proposeTurnSwap.execute({ tontineId: 't-2', userId: 'bob', counterpartyId: 'carol' });
    await world.acceptTurnSwap.execute({ tontineId: 't-2', swapId: proposed.ok ? proposed.value.id : '', userId: 'carol' });
    expect(announced(world, 'tontine_turns_swapped')[0]?.params.first).toBe('Former member');
  });
});
