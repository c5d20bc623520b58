import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { invariant } from '../shared/result.ts';
import { ShowSavingsDashboard } from './show-savings-dashboard.ts';
import { aTontine, aWorld, type World } from './tontines.fixtures.ts';

describe('ShowSavingsDashboard', () => {
  const dashboardOf = (world: World, userId: string) => new ShowSavingsDashboard({ tontines: world.tontines, contributions: world.contributions, clock: world.clock }).execute({ userId });

  it('is empty for a newcomer: no savings, no group, nothing due, no rate yet', async () => {
    expect(await dashboardOf(aWorld(), 'newcomer')).toEqual({ totalSavings: Money.ZERO, activeTontines: 0, savingsStreakMonths: 0, nextPayment: null, onTimeRate: null, nextPayout: null });
  });

  it('counts what was paid in less what was received, the next payment and the member’s next turn', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    invariant((await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).ok, 'payout');
    const tontine = await world.tontine();

    // Bob paid 5,000 and waits for his turn, the second: the pot on cycle 2's due date.
    const bob = await dashboardOf(world, 'bob');
    const bobsNext = (await world.contributions.listByMember('bob')).find((c) => c.cycle === 2)!;
    expect(bob).toEqual({
      totalSavings: Money.ofFrancs(5000),
      activeTontines: 1,
      savingsStreakMonths: 1,
      nextPayment: { amount: Money.ofFrancs(5000), dueDate: bobsNext.dueDate, tontineName: 'Abadatezuka' },
      onTimeRate: 100,
      nextPayout: { date: tontine.dueDateOf(2), amount: Money.ofFrancs(15_000), tontineName: 'Abadatezuka' },
    });
    // Alice received the pot (15,000) for her 5,000: her savings are not negative, and her turn is past.
    const alice = await dashboardOf(world, 'alice');
    expect([alice.totalSavings, alice.nextPayout]).toEqual([Money.ZERO, null]);
  });

  it('takes withdrawals from personal savings off the total; personal savings have no payout turn', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(1).contributing(Money.ofFrancs(8000)).build());
    await world.payCycle(1);
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    invariant((await world.withdrawSavings.execute({ tontineId: 't-1', userId: 'alice', amount: Money.ofFrancs(3000), idempotencyKey: 'w1' })).ok, 'withdrawal');
    const alice = await dashboardOf(world, 'alice');
    expect([alice.totalSavings, alice.activeTontines, alice.nextPayout]).toEqual([Money.ofFrancs(5000), 1, null]);
  });
});
