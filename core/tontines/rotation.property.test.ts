import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { aTontine, aWorld, memberName } from './tontines.fixtures.ts';

describe('rotation properties', () => {
  it('in every rotation each member receives the pot exactly once and pays exactly N contributions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom('daily', 'weekly', 'monthly'),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 8, maxLength: 8 }),
        async (n, frequency, draw, swaps, delays) => {
          const world = aWorld();
          await world.given(aTontine().withMembers(n).every(frequency).contributing(Money.ofCentimes(100_050)).build());
          if (draw) await world.drawPayoutOrder.execute({ tontineId: 't-1', userId: 'alice' });
          for (const [a, b] of swaps) {
            const proposed = await world.proposeTurnSwap.execute({ tontineId: 't-1', userId: memberName(a % n), counterpartyId: memberName(b % n) });
            if (proposed.ok) await world.acceptTurnSwap.execute({ tontineId: 't-1', swapId: proposed.value.id, userId: memberName(b % n) });
          }
          for (let cycle = 1; cycle <= n; cycle++) {
            world.clock.advanceDays(delays[cycle - 1]!); // late payments make arrears
            await world.payCycle(cycle);
            const paid = await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
            expect(paid.ok && paid.value.kind).toBe('paid_out');
          }
          const tontine = await world.tontine();
          expect(tontine.status).toBe('completed');
          const recipients = tontine.payouts.map((p) => p.recipientId);
          expect([...recipients].sort()).toEqual(tontine.members.map((m) => m.userId).sort());
          for (const payout of tontine.payouts) expect(payout.pot).toEqual(Money.ofCentimes(100_050 * n));
          const contributions = await world.contributions.listByTontine('t-1');
          for (const member of tontine.members) {
            const own = contributions.filter((c) => c.memberId === member.userId);
            expect(own.filter((c) => c.isCompleted)).toHaveLength(n);
            expect(new Set(own.map((c) => c.cycle)).size).toBe(n);
          }
          // Everything paid in went out by mobile money, or to rounding as the last fraction.
          expect(world.ledger.trialBalance()).toEqual(Money.ZERO);
        },
      ),
      { numRuns: 60 },
    );
  });
});
