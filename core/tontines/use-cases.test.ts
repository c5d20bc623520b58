import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { formatDate } from '../shared/calendar.ts';
import { verifyDraw } from './payout-draw.ts';
import { aTontine, aWorld } from './tontines.fixtures.ts';

const terms = { name: 'Abadatezuka', description: 'Market traders', contributionAmount: '5000', frequency: 'monthly', maxMembers: 3 };

describe('tontine use cases', () => {
  it('CreateTontine validates the terms and makes the creator the admin', async () => {
    const world = aWorld();
    expect(await world.createTontine.execute({ ...terms, name: ' ', creatorId: 'alice' })).toEqual({ ok: false, error: 'tontine_name_required' });
    const created = await world.createTontine.execute({ ...terms, creatorId: 'alice' });
    expect(created.ok && created.value.status).toBe('forming');
    const stored = await world.tontine(created.ok ? created.value.id : '');
    expect(stored.members.map((m) => m.userId)).toEqual(['alice']);
    expect(await world.contributions.listByTontine(stored.id)).toEqual([]);
  });

  it('JoinTontine fills the group, starts it and schedules N × N contributions on the cycle dates', async () => {
    const world = aWorld();
    const created = await world.createTontine.execute({ ...terms, creatorId: 'alice' });
    const id = created.ok ? created.value.id : '';
    expect((await world.joinTontine.execute({ tontineId: id, userId: 'bob' })).ok).toBe(true);
    expect(await world.joinTontine.execute({ tontineId: id, userId: 'bob' })).toEqual({ ok: false, error: 'already_a_member' });
    const last = await world.joinTontine.execute({ tontineId: id, userId: 'carol' });
    expect(last.ok && last.value.started).toBe(true);
    expect(await world.joinTontine.execute({ tontineId: id, userId: 'dan' })).toEqual({ ok: false, error: 'tontine_is_full' });
    expect(await world.joinTontine.execute({ tontineId: 'nope', userId: 'dan' })).toEqual({ ok: false, error: 'tontine_not_found' });
    const scheduled = await world.contributions.listByTontine(id);
    expect(scheduled).toHaveLength(9);
    expect([...new Set(scheduled.map((c) => `${c.cycle}:${formatDate(c.dueDate)}`))]).toEqual(['1:2026-01-31', '2:2026-02-28', '3:2026-03-31']);
  });

  it('CreateTontine of personal savings is active at once with its first contribution due', async () => {
    const world = aWorld();
    const created = await world.createTontine.execute({ ...terms, maxMembers: 1, creatorId: 'alice' });
    expect(created.ok && created.value.status).toBe('active');
    expect(await world.contributions.listByMember('alice')).toHaveLength(1);
  });

  it('StartTontine: the admin starts early with 2 members and the contributions are scheduled', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(2).withMaxMembers(5).build());
    expect(await world.startTontine.execute({ tontineId: 't-1', userId: 'bob' })).toEqual({ ok: false, error: 'only_admin_can_start' });
    expect(await world.startTontine.execute({ tontineId: 'nope', userId: 'alice' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect((await world.startTontine.execute({ tontineId: 't-1', userId: 'alice' })).ok).toBe(true);
    expect(await world.contributions.listByTontine('t-1')).toHaveLength(4);
  });

  it('CancelTontine: from forming only', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(2).withMaxMembers(5).build());
    expect(await world.cancelTontine.execute({ tontineId: 'nope', userId: 'alice' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await world.cancelTontine.execute({ tontineId: 't-1', userId: 'bob' })).toEqual({ ok: false, error: 'only_admin_can_cancel' });
    expect((await world.cancelTontine.execute({ tontineId: 't-1', userId: 'alice' })).ok).toBe(true);
    expect((await world.tontine()).status).toBe('cancelled');
  });

  it('DrawPayoutOrder records a seed made from a fresh id, and the stored order re-checks', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(6).build());
    expect(await world.drawPayoutOrder.execute({ tontineId: 'nope', userId: 'alice' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await world.drawPayoutOrder.execute({ tontineId: 't-1', userId: 'bob' })).toEqual({ ok: false, error: 'only_admin_can_draw' });
    const drawn = await world.drawPayoutOrder.execute({ tontineId: 't-1', userId: 'alice' });
    expect(drawn.ok && drawn.value.seed).toMatch(/^t-1:id-\d+$/);
    const stored = await world.tontine();
    expect(stored.payoutOrder).toEqual(drawn.ok ? drawn.value.order : []);
    expect(verifyDraw(stored.draw!)).toBe(true);
  });

  it('ProposeTurnSwap and AcceptTurnSwap trade two turns with both members agreeing', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    expect(await world.proposeTurnSwap.execute({ tontineId: 'nope', userId: 'bob', counterpartyId: 'carol' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await world.proposeTurnSwap.execute({ tontineId: 't-1', userId: 'bob', counterpartyId: 'bob' })).toEqual({ ok: false, error: 'cannot_swap_with_self' });
    const proposed = await world.proposeTurnSwap.execute({ tontineId: 't-1', userId: 'alice', counterpartyId: 'carol' });
    const swapId = proposed.ok ? proposed.value.id : '';
    expect(await world.acceptTurnSwap.execute({ tontineId: 'nope', swapId, userId: 'carol' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await world.acceptTurnSwap.execute({ tontineId: 't-1', swapId, userId: 'bob' })).toEqual({ ok: false, error: 'only_counterparty_can_accept' });
    expect((await world.acceptTurnSwap.execute({ tontineId: 't-1', swapId, userId: 'carol' })).ok).toBe(true);
    const stored = await world.tontine();
    expect([stored.payoutOrder, stored.nextRecipient]).toEqual([['carol', 'bob', 'alice'], 'carol']);
  });
});

describe('PayoutIfCycleComplete', () => {
  it('waits while a contribution of the cycle is unpaid, and changes nothing', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    const [first] = (await world.contributions.listByTontine('t-1')).filter((c) => c.cycle === 1);
    await world.pay(first!);
    expect(await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).toEqual({ ok: true, value: { kind: 'waiting', cycle: 1, unpaid: 2 } });
    expect(world.mobileMoney.transfers.size).toBe(0);
  });

  it('pays the pot (contribution × members) to the recipient when the cycle is paid: pool → clearing, and notifies them', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    const result = await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    expect(result.ok && result.value.kind === 'paid_out' && result.value.payout).toMatchObject({ cycle: 1, recipientId: 'alice', paid: Money.ofFrancs(15000) });
    expect(world.mobileMoney.transfers.get('payout:t-1:1')).toMatchObject({ amount: Money.ofFrancs(15000), msisdn: '+250785000000' });
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ZERO);
    expect(world.ledger.balance(accounts.mobileMoney('mtn'))).toEqual(Money.ZERO);
    expect(world.notifier.sent).toEqual([{ userId: 'alice', type: 'payout_received', template: 'payout_received', params: { tontineName: 'Abadatezuka', amount: '15,000 RWF', cycle: '1' } }]);
    const stored = await world.tontine();
    expect([stored.currentCycle, stored.nextRecipient]).toEqual([2, 'bob']);
  });

  it('deducts the recipient\'s arrears from the pot; they stay in the pool as paid contributions', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    // Cycle 2 (bob's) is paid late, after cycle 3 fell due on 31 March; bob has not paid cycle 3.
    world.clock.set(new Date('2026-04-02T08:00:00Z'));
    await world.payCycle(2);
    const result = await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    expect(result.ok && result.value.kind === 'paid_out' && result.value.payout).toMatchObject({ recipientId: 'bob', arrears: Money.ofFrancs(5000), paid: Money.ofFrancs(10000) });
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ofFrancs(5000));
    const bobsCycle3 = (await world.contributions.listByMember('bob')).find((c) => c.cycle === 3)!;
    expect([bobsCycle3.status, bobsCycle3.paymentMethod, bobsCycle3.paymentReference]).toEqual(['completed', 'pot_deduction', 'payout:t-1:2']);
    await world.payCycle(3);
    const last = await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    expect(last.ok && last.value.kind === 'paid_out' && last.value.payout.paid).toEqual(Money.ofFrancs(15000));
    expect((await world.tontine()).status).toBe('completed');
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ZERO);
    expect(await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).toEqual({ ok: false, error: 'tontine_not_active' });
  });

  it('pays whole francs and carries the fraction to the next payout; the last fraction goes to rounding', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).contributing(Money.ofCentimes(100_050)).build()); // 1,000.50 RWF
    const paid: Money[] = [];
    for (const cycle of [1, 2, 3]) {
      await world.payCycle(cycle);
      const result = await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
      if (result.ok && result.value.kind === 'paid_out') paid.push(result.value.payout.paid);
    }
    // Pot 3,001.50: 3,001 paid, 0.50 carried; then 3,002 (0.00 carried); then 3,001 and 0.50 swept.
    expect(paid).toEqual([Money.ofFrancs(3001), Money.ofFrancs(3002), Money.ofFrancs(3001)]);
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ZERO);
    expect(world.ledger.balance(accounts.rounding)).toEqual(Money.ofCentimes(50));
    expect(world.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('refuses without a wallet, paying nobody; an unreachable provider leaves the payout recorded and its transfer pending, sent again under the same reference', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(2).build());
    await world.payCycle(1);
    world.wallets.remove('alice');
    expect(await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).toEqual({ ok: false, error: 'recipient_has_no_wallet' });
    expect(world.ledger.entries().filter((e) => e.kind === 'tontine_payout')).toHaveLength(0);
    const retryWorld = aWorld();
    await retryWorld.given(aTontine().withMembers(2).build());
    await retryWorld.payCycle(1);
    retryWorld.mobileMoney.refuseNext('mobile_money_unavailable');
    expect((await retryWorld.payoutIfCycleComplete.execute({ tontineId: 't-1' })).ok).toBe(true);
    expect(retryWorld.transfers.all().map((a) => [a.reference, a.status])).toEqual([['payout:t-1:1', 'requested']]);
    expect(await retryWorld.payoutIfCycleComplete.execute({ tontineId: 't-1' })).toMatchObject({ ok: true, value: { kind: 'waiting', cycle: 2 } });
    expect(await retryWorld.sendTransfer.execute({ reference: 'payout:t-1:1' })).toEqual({ ok: true, value: 'sent' });
    expect([...retryWorld.mobileMoney.transfers.keys()]).toEqual(['payout:t-1:1']);
    expect(retryWorld.ledger.entries().filter((e) => e.kind === 'tontine_payout')).toHaveLength(1);
  });

  it('refuses an unknown tontine and one still forming', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(2).withMaxMembers(3).build());
    expect(await world.payoutIfCycleComplete.execute({ tontineId: 'nope' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).toEqual({ ok: false, error: 'tontine_not_active' });
  });

  it('personal savings: a paid period schedules the next one instead of a payout', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(1).every('weekly').build());
    await world.payCycle(1);
    expect(await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).toEqual({ ok: true, value: { kind: 'savings_period_advanced', cycle: 2 } });
    const next = (await world.contributions.listByMember('alice')).find((c) => c.cycle === 2)!;
    expect([next.status, formatDate(next.dueDate)]).toEqual(['pending', '2026-02-07']);
    expect(world.mobileMoney.transfers.size).toBe(0);
  });
});

describe('WithdrawSavings', () => {
  async function savingsOf(francs: number) {
    const world = aWorld();
    await world.given(aTontine().withMembers(1).contributing(Money.ofFrancs(francs)).build());
    await world.payCycle(1);
    return world;
  }
  const withdraw = (world: Awaited<ReturnType<typeof savingsOf>>, amount: Money, key = 'w1', userId = 'alice') =>
    world.withdrawSavings.execute({ tontineId: 't-1', userId, amount, idempotencyKey: key });

  it('withdraws any time up to the balance: pool → clearing, by mobile money', async () => {
    const world = await savingsOf(5000);
    const result = await withdraw(world, Money.ofFrancs(3000));
    expect(result.ok && result.value.outcome).toBe('withdrawn');
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ofFrancs(2000));
    expect(world.mobileMoney.transfers.get('withdrawal:w1')?.amount).toEqual(Money.ofFrancs(3000));
    expect(await withdraw(world, Money.ofFrancs(2001), 'w2')).toEqual({ ok: false, error: 'insufficient_savings' });
    expect((await withdraw(world, Money.ofFrancs(2000), 'w3')).ok).toBe(true);
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ZERO);
  });

  it('is idempotent by key: same amount answers exists, another amount is refused', async () => {
    const world = await savingsOf(5000);
    await withdraw(world, Money.ofFrancs(1000));
    const again = await withdraw(world, Money.ofFrancs(1000));
    expect(again.ok && again.value.outcome).toBe('exists');
    expect(await withdraw(world, Money.ofFrancs(900))).toEqual({ ok: false, error: 'idempotency_key_reused' });
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ofFrancs(4000));
  });

  it('refuses fractions, zero, someone else, a rotating group and no wallet; a provider refusal is booked back', async () => {
    const world = await savingsOf(5000);
    expect(await withdraw(world, Money.ofCentimes(150))).toEqual({ ok: false, error: 'amount_must_be_whole_francs' });
    expect(await withdraw(world, Money.ZERO)).toEqual({ ok: false, error: 'amount_must_be_positive' });
    expect(await withdraw(world, Money.ofFrancs(1), 'w1', 'bob')).toEqual({ ok: false, error: 'tontine_not_found' });
    world.mobileMoney.refuseNext('mobile_money_refused');
    // Recorded, then refused: its transfer failed, its entry reversed, a retry scheduled.
    expect((await withdraw(world, Money.ofFrancs(1))).ok).toBe(true);
    expect(world.transfers.all().map((a) => [a.reference, a.status])).toEqual([['withdrawal:w1', 'failed']]);
    world.wallets.remove('alice');
    expect(await withdraw(world, Money.ofFrancs(1), 'w2')).toEqual({ ok: false, error: 'recipient_has_no_wallet' });
    const group = aWorld();
    await group.given(aTontine().withMembers(2).build());
    expect(await withdraw(group, Money.ofFrancs(1))).toEqual({ ok: false, error: 'not_personal_savings' });
    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ofFrancs(5000));
  });
});
