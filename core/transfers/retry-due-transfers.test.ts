/** The transfer-retry job over the savings transfers of the tontines' test world. */
import { describe, expect, it } from 'vitest';
import { RecordingEventLog } from '../identity/identity.fixtures.ts';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { aTontine, aWorld, type World } from '../tontines/tontines.fixtures.ts';
import { RETRY_BATCH, RetryDueTransfers } from './retry-due-transfers.ts';

const minutes = (n: number) => n * 60_000;
const later = (world: World, n: number) => world.clock.set(new Date(world.clock.now().getTime() + minutes(n)));

function job(world: World, retryTransfer: Pick<World['retryTransfer'], 'execute'> = world.retryTransfer) {
  const events = new RecordingEventLog();
  const limits: number[] = [];
  const transfers = { listRetriesDue: (now: Date, limit: number) => (limits.push(limit), world.transfers.listRetriesDue(now, limit)) };
  return { run: new RetryDueTransfers({ transfers, retryTransfer, clock: world.clock, events }), events, limits };
}

describe('RetryDueTransfers', () => {
  it('retries a failed payout once its backoff is over, once however often it runs', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'failed' });
    const { run, limits } = job(world);
    expect(await run.execute()).toEqual({ retried: 0, givenUp: 0, notDue: 0, errors: 0 });
    later(world, 5);
    expect(await run.execute()).toEqual({ retried: 1, givenUp: 0, notDue: 0, errors: 0 });
    expect(await run.execute()).toEqual({ retried: 0, givenUp: 0, notDue: 0, errors: 0 });
    expect([...world.mobileMoney.transfers.keys()]).toEqual(['payout:t-1:1', 'payout:t-1:1-2']);
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ZERO);
    expect(limits.every((l) => l === RETRY_BATCH)).toBe(true);
  });

  it('gives up a withdrawal whose savings were spent meanwhile, logged for the treasurer: the pool never goes below zero', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(1).contributing(Money.ofFrancs(5000)).build());
    await world.payCycle(1);
    await world.withdrawSavings.execute({ tontineId: 't-1', userId: 'alice', amount: Money.ofFrancs(5000), idempotencyKey: 'w1' });
    await world.settleTransfer.execute({ reference: 'withdrawal:w1', status: 'failed' });
    await world.withdrawSavings.execute({ tontineId: 't-1', userId: 'alice', amount: Money.ofFrancs(5000), idempotencyKey: 'w2' });
    later(world, 5);
    const { run, events } = job(world);
    expect(await run.execute()).toEqual({ retried: 0, givenUp: 1, notDue: 0, errors: 0 });
    expect(events.lines).toEqual([
      { level: 'error', message: 'transfer given up: the money stays where it was, member told', fields: { reference: 'withdrawal:w1', purpose: 'withdrawal', subjectId: 't-1', attempt: 1, memberId: 'alice' } },
    ]);
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ZERO);
  });

  it('counts one another replica retried first as not due, and does not let one failure stop the others', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.given(aTontine().withId('t-2').withMembers(2).build());
    for (const id of ['t-1', 't-2']) {
      await world.payCycle(1, id);
      await world.payoutIfCycleComplete.execute({ tontineId: id });
      await world.settleTransfer.execute({ reference: `payout:${id}:1`, status: 'failed' });
    }
    later(world, 5);
    const answers = [Promise.reject(new Error('lock timeout')), Promise.resolve({ outcome: 'not_due' as const })];
    answers[0]!.catch(() => {});
    const { run, events } = job(world, { execute: () => answers.shift()! });
    expect(await run.execute()).toEqual({ retried: 0, givenUp: 0, notDue: 1, errors: 1 });
    expect(events.lines.map((l) => [l.message, l.fields.reference])).toEqual([['transfer retry failed', 'payout:t-1:1']]);
  });
});
