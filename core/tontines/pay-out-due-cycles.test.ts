import { describe, expect, it } from 'vitest';
import { RecordingEventLog } from '../identity/identity.fixtures.ts';
import { PayOutDueCycles, PAYOUT_BATCH } from './pay-out-due-cycles.ts';
import { aTontine, aWorld, type World } from './tontines.fixtures.ts';

describe('PayOutDueCycles', () => {
  function job(world: World, ids: string[] | (() => string[])) {
    const events = new RecordingEventLog();
    const asked: number[] = [];
    const run = new PayOutDueCycles({
      cycles: { listWithCurrentCycleComplete: async (limit) => (asked.push(limit), typeof ids === 'function' ? ids() : ids) },
      payout: world.payoutIfCycleComplete,
      events,
    });
    return { run, events, asked };
  }

  it('pays out a complete cycle the confirmation did not pay, once, even when asked again', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    const { run, asked } = job(world, ['t-1']);
    expect(await run.execute()).toEqual({ paidOut: 1, savingsAdvanced: 0, postponed: 0, errors: 0 });
    expect(await run.execute()).toEqual({ paidOut: 0, savingsAdvanced: 0, postponed: 0, errors: 0 });
    expect(world.transfers.all().map((t) => [t.transferReference, t.amount.toDecimal()])).toEqual([['payout:t-1:1', '15000.00']]);
    expect(asked).toEqual([PAYOUT_BATCH, PAYOUT_BATCH]);
  });

  it('opens the next period of personal savings instead of a payout', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(1).build());
    await world.payCycle(1);
    expect(await job(world, ['t-1']).run.execute()).toEqual({ paidOut: 0, savingsAdvanced: 1, postponed: 0, errors: 0 });
    expect(world.transfers.all()).toEqual([]);
  });

  it('postpones a payout it cannot make now (no wallet), logged; one failure does not stop the others', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.given(aTontine().withId('t-2').withMembers(2).build());
    await world.payCycle(1);
    await world.payCycle(1, 't-2');
    world.wallets.remove('alice');
    const { run, events } = job(world, ['t-1', 'gone', 't-2']);
    const payout = world.payoutIfCycleComplete.execute.bind(world.payoutIfCycleComplete);
    world.payoutIfCycleComplete.execute = async (input) => (input.tontineId === 'gone' ? Promise.reject(new Error('lock timeout')) : payout(input));
    expect(await run.execute()).toEqual({ paidOut: 0, savingsAdvanced: 0, postponed: 2, errors: 1 });
    expect(events.lines.map((l) => [l.level, l.message, l.fields.tontineId, l.fields.error])).toEqual([
      ['warn', 'payout due but postponed', 't-1', 'recipient_has_no_wallet'],
      ['error', 'payout due failed', 'gone', undefined],
      ['warn', 'payout due but postponed', 't-2', 'recipient_has_no_wallet'],
    ]);
    expect(world.transfers.all()).toEqual([]);
  });
});
