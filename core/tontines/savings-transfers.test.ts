import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { MAX_TRANSFER_ATTEMPTS } from '../transfers/transfer.ts';
import { aTontine, aWorld } from './tontines.fixtures.ts';

async function paidOutWorld() {
  const world = aWorld();
  await world.given(aTontine().withMembers(3).build());
  await world.payCycle(1);
  return world;
}
const pool = accounts.pool('t-1');
const minutes = (n: number) => n * 60_000;

describe('savings transfers (core/transfers with SavingsTransferPolicy)', () => {
  it('stores the payout and its attempt before the provider is asked: a callback always finds it', async () => {
    const world = await paidOutWorld();
    const seen: (string | undefined)[] = [];
    const transfer = world.mobileMoney.transfer.bind(world.mobileMoney);
    world.mobileMoney.transfer = async (request) => {
      seen.push((await world.transfers.findByReference(request.reference))?.status);
      return transfer(request);
    };
    expect((await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).ok).toBe(true);
    expect(seen).toEqual(['requested']);
  });

  it('is settled once: a success is applied, a repeat answers exists and changes nothing', async () => {
    const world = await paidOutWorld();
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    expect(await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'successful' })).toEqual({ ok: true, value: 'applied' });
    expect(await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'successful' })).toEqual({ ok: true, value: 'exists' });
    expect(await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'failed' })).toEqual({ ok: true, value: 'exists' });
    expect(world.ledger.balance(pool)).toEqual(Money.ZERO);
    expect(await world.settleTransfer.execute({ reference: 'payout:nope', status: 'failed' })).toEqual({ ok: false, error: 'payment_not_found' });
  });

  it('a failed transfer is reversed (never edited) and retried after the backoff under <reference>-2, paying once', async () => {
    const world = await paidOutWorld();
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    expect(await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'failed' })).toEqual({ ok: true, value: 'failed' });
    // The money never left: the pool holds the pot again, by a reversal entry beside the original.
    expect(world.ledger.balance(pool)).toEqual(Money.ofFrancs(15000));
    expect(world.ledger.entries().map((e) => e.key)).toContain('reversal:payout:t-1:1');
    expect(world.ledger.entries().find((e) => e.key === 'payout:t-1:1')).toBeDefined();
    const failed = await world.transfers.findByReference('payout:t-1:1');
    expect(failed?.retryAt).toEqual(new Date(world.clock.now().getTime() + minutes(5)));

    // Not before its time; then once, even if asked twice.
    expect(await world.retryTransfer.execute({ reference: 'payout:t-1:1' })).toEqual({ outcome: 'not_due' });
    world.clock.set(new Date(world.clock.now().getTime() + minutes(5)));
    const next = await world.retryTransfer.execute({ reference: 'payout:t-1:1' });
    expect(next).toMatchObject({ outcome: 'retried' });
    expect(next.outcome === 'retried' && next.attempt).toMatchObject({ reference: 'payout:t-1:1-2', attempt: 2, transferReference: 'payout:t-1:1', status: 'requested', amount: Money.ofFrancs(15000) });
    expect(await world.retryTransfer.execute({ reference: 'payout:t-1:1' })).toEqual({ outcome: 'not_due' });
    expect([...world.mobileMoney.transfers.keys()]).toEqual(['payout:t-1:1', 'payout:t-1:1-2']);
    expect(world.ledger.balance(pool)).toEqual(Money.ZERO);
    expect(await world.settleTransfer.execute({ reference: 'payout:t-1:1-2', status: 'successful' })).toEqual({ ok: true, value: 'applied' });
    expect(world.ledger.trialBalance()).toEqual(Money.ZERO);
    // The rotation moved on once: the payout is recorded once, whatever its transfers did.
    expect((await world.tontine()).payouts).toHaveLength(1);
  });

  it(`gives up after ${MAX_TRANSFER_ATTEMPTS} failed attempts: the pot stays in the pool, the member and the group's admin are told`, async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    // Cycle 1 goes to alice, the admin; cycle 2 to bob: his payout fails every time.
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    await world.payCycle(2);
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    let reference = 'payout:t-1:2';
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= MAX_TRANSFER_ATTEMPTS; attempt++) {
      const settled = await world.settleTransfer.execute({ reference, status: 'failed' });
      outcomes.push(settled.ok ? settled.value : settled.error);
      world.clock.set(new Date(world.clock.now().getTime() + minutes(120)));
      const retried = await world.retryTransfer.execute({ reference: reference });
      reference = retried.outcome === 'retried' ? retried.attempt.reference : retried.outcome;
    }
    expect(outcomes).toEqual(['failed', 'failed', 'failed', 'given_up']);
    expect(reference).toBe('not_due');
    expect(world.transfers.all().map((a) => a.reference)).toEqual(['payout:t-1:1', 'payout:t-1:2', 'payout:t-1:2-2', 'payout:t-1:2-3', 'payout:t-1:2-4']);
    expect(await world.transfers.listRetriesDue(new Date('2100-01-01'), 10)).toEqual([]);
    expect(world.ledger.balance(pool)).toEqual(Money.ofFrancs(15000));
    const told = world.notifier.sent.filter((n) => n.template === 'transfer_failed' || n.template === 'payout_failed_admin');
    expect(told.map((n) => [n.userId, n.template])).toEqual([
      ['bob', 'transfer_failed'],
      ['alice', 'payout_failed_admin'],
    ]);
  });

  it('a refusal at once is the failure of the attempt; an unreachable provider leaves it pending to send again', async () => {
    const world = await paidOutWorld();
    world.mobileMoney.refuseNext('mobile_money_refused');
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    expect(await world.transfers.findByReference('payout:t-1:1')).toMatchObject({ status: 'failed' });
    expect(world.ledger.balance(pool)).toEqual(Money.ofFrancs(15000));
  });

  it('a withdrawal retried after the savings were spent is given up: the pool never goes below zero', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(1).contributing(Money.ofFrancs(5000)).build());
    await world.payCycle(1);
    await world.withdrawSavings.execute({ tontineId: 't-1', userId: 'alice', amount: Money.ofFrancs(5000), idempotencyKey: 'w1' });
    await world.settleTransfer.execute({ reference: 'withdrawal:w1', status: 'failed' });
    // The balance is back; the member takes it by another withdrawal meanwhile.
    expect((await world.withdrawSavings.execute({ tontineId: 't-1', userId: 'alice', amount: Money.ofFrancs(5000), idempotencyKey: 'w2' })).ok).toBe(true);
    world.clock.set(new Date(world.clock.now().getTime() + minutes(5)));
    expect(await world.retryTransfer.execute({ reference: 'withdrawal:w1' })).toEqual({ outcome: 'given_up' });
    expect(world.ledger.balance(pool)).toEqual(Money.ZERO);
    expect(world.notifier.sent.filter((n) => n.template === 'transfer_failed').map((n) => n.userId)).toEqual(['alice']);
  });

  it('a success reported for an attempt already failed and reversed contradicts the books (for a person)', async () => {
    const world = await paidOutWorld();
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'failed' });
    expect(await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'successful' })).toEqual({ ok: true, value: 'contradicts_books' });
  });
});
