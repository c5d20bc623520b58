/**
 * PollPendingPayments over the real path a callback takes (ReconcilePayment → SettlePaymentReport)
 * and the tontines' test world: the provider's own answer is all that is ever booked.
 */
import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { RecordingEventLog } from '../identity/identity.fixtures.ts';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { aTontine, aWorld, type World } from '../tontines/tontines.fixtures.ts';
import { InMemoryPaymentDisputes, PaymentsView, requestCycle, settlerOver } from './payment-reports.fixtures.ts';
import { PollPendingPayments, type PollPendingPaymentsDeps } from './poll-pending-payments.ts';
import type { MobileMoneyStatusError, MobileMoneyStatusReport } from '../payments/ports.ts';
import { ReconcilePayment } from './reconcile-payment.ts';

const MINUTE = 60_000;
const pool = accounts.pool('t-1');

type Answer = Result<Omit<MobileMoneyStatusReport, 'reference'>, MobileMoneyStatusError> | 'throw';

/** The world's mobile money, with the provider's status answers set per reference (else the fake's own: pending, or unknown). */
function answering(world: World) {
  const answers = new Map<string, Answer>();
  const fake = world.mobileMoney;
  const status = (own: typeof fake.collectionStatus) => async (provider: Parameters<typeof fake.collectionStatus>[0], reference: string) => {
    const answer = answers.get(reference);
    if (answer === 'throw') throw new Error('provider answered garbage');
    if (!answer) return own.call(fake, provider, reference);
    return answer.ok ? ok({ reference, ...answer.value }) : answer;
  };
  const mobileMoney = { collectionStatus: status(fake.collectionStatus), transferStatus: status(fake.transferStatus) };
  const says = (reference: string, answer: Answer) => answers.set(reference, answer);
  return { mobileMoney, says };
}

const successful = (amount: Money): Answer => ok({ status: 'successful', amount, currency: 'RWF', providerTransactionId: 'tx', reason: undefined });

function pollerOver(world: World, overrides: Partial<PollPendingPaymentsDeps> = {}) {
  const events = new RecordingEventLog();
  const disputes = new InMemoryPaymentDisputes();
  const { mobileMoney, says } = answering(world);
  const { settle } = settlerOver(world, { log: events });
  const reconcile = new ReconcilePayment({ mobileMoney, provider: 'mtn', currency: 'RWF', settle: (r) => settle.execute(r), disputes, audit: new RecordingAuditTrail(), uow: world.uow, clock: world.clock });
  const poll = new PollPendingPayments({
    payments: new PaymentsView(world.contributions, world.transfers),
    loanCollections: { listRequestedOlderThan: async () => [] },
    transfers: world.transfers,
    merchantPayments: { listPendingOlderThan: async () => [] },
    cards: { execute: async () => { throw new Error('no card payment here'); } },
    reconcile,
    settle,
    sendTransfer: world.sendTransfer,
    clock: world.clock,
    events,
    ...overrides,
  });
  return { poll, says, events, disputes };
}

/** A group of three with one collection requested per member, ten minutes ago. */
async function pendingWorld() {
  const world = aWorld();
  await world.given(aTontine().withMembers(3).build());
  const references = await requestCycle(world);
  world.clock.set(new Date(world.clock.now().getTime() + 10 * MINUTE));
  return { world, references, ...pollerOver(world) };
}

const noneCounted = { asked: 0, settled: 0, failed: 0, stillPending: 0, unavailable: 0, resent: 0, disputed: 0, errors: 0 };

describe('PollPendingPayments', () => {
  it('leaves payments younger than the delay to their callback', async () => {
    const { poll, world } = await pendingWorld();
    expect(await poll.execute({ pollAfterSeconds: 3600 })).toEqual(noneCounted);
    expect(world.ledger.entries()).toEqual([]);
  });

  it('books what the provider answers, once, exactly as its callback would; leaves pending and unreachable ones for later', async () => {
    const { poll, says, world, references } = await pendingWorld();
    says(references[0]!, successful(Money.ofFrancs(5000)));
    says(references[1]!, err('mobile_money_unavailable'));
    expect(await poll.execute({ pollAfterSeconds: 300 })).toEqual({ ...noneCounted, asked: 3, settled: 1, stillPending: 1, unavailable: 1 });
    expect(world.ledger.balance(pool)).toEqual(Money.ofFrancs(5000));
    expect(world.notifier.sent.map((n) => `${n.userId}:${n.template}`)).toEqual(['alice:contribution_received']);

    // The settled one is no longer pending: the next run asks only the two others.
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 2, settled: 0 });
    expect(world.ledger.balance(pool)).toEqual(Money.ofFrancs(5000));
  });

  it('gives up a collection the provider never heard of, so the member can pay again', async () => {
    const { poll, world, references } = await pendingWorld();
    for (const reference of references.slice(1)) world.mobileMoney.collections.set(reference, world.mobileMoney.collections.get(references[0]!)!);
    world.mobileMoney.collections.delete(references[0]!);
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 3, failed: 1, stillPending: 2 });
    const [alices] = await world.contributions.listByMember('alice');
    expect(alices!.attemptByReference(references[0]!)?.status).toBe('failed');
    expect(alices!.canStartPayment(world.clock.now()).ok).toBe(true);
    expect(world.notifier.sent.map((n) => [n.template, n.params.reason])).toEqual([['payment_failed', 'REFERENCE_UNKNOWN']]);
  });

  it('disputes another amount than was asked, booking nothing', async () => {
    const { poll, says, world, references, disputes, events } = await pendingWorld();
    says(references[0]!, successful(Money.ofFrancs(50_000)));
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 3, disputed: 1, stillPending: 2 });
    expect(world.ledger.entries()).toEqual([]);
    expect(disputes.raised.map((d) => [d.reference, d.problem])).toEqual([[references[0], 'amount_mismatch']]);
    expect(events.lines.map((l) => l.message)).toContain('polled payment not settled');
  });

  it('does not let one payment’s failure stop the others', async () => {
    const { poll, says, world, references, events } = await pendingWorld();
    says(references[0]!, 'throw');
    says(references[1]!, successful(Money.ofFrancs(5000)));
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 3, errors: 1, settled: 1, stillPending: 1 });
    expect(world.ledger.balance(pool)).toEqual(Money.ofFrancs(5000));
    expect(events.lines).toEqual([expect.objectContaining({ level: 'error', message: 'payment poll failed', fields: expect.objectContaining({ reference: references[0], kind: 'collection' }) })]);
  });

  it('sends a payout the provider never received under its same reference; a refusal fails it, an unreachable provider leaves it', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    world.mobileMoney.refuseNext('mobile_money_unavailable');
    invariant((await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).ok, 'payout');
    expect((await world.transfers.findByReference('payout:t-1:1'))?.status).toBe('requested');
    world.clock.set(new Date(world.clock.now().getTime() + 10 * MINUTE));
    const { poll } = pollerOver(world);

    world.mobileMoney.refuseNext('mobile_money_unavailable');
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 1, unavailable: 1 });
    expect(world.mobileMoney.transfers.size).toBe(0);

    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 1, resent: 1 });
    expect([...world.mobileMoney.transfers.keys()]).toEqual(['payout:t-1:1']);
    expect((await world.transfers.findByReference('payout:t-1:1'))?.status).toBe('sent');
    expect(world.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('fails a resent payout the provider refuses: booked back to the pool', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    world.mobileMoney.refuseNext('mobile_money_unavailable');
    await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    world.clock.set(new Date(world.clock.now().getTime() + 10 * MINUTE));
    const { poll } = pollerOver(world);
    world.mobileMoney.refuseNext('mobile_money_refused');
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 1, failed: 1 });
    expect(world.ledger.balance(pool)).toEqual(Money.ofFrancs(15_000));
  });

  it('asks about loan collections and customers’ payments to merchants too, as collections, by their own provider', async () => {
    const asked: string[] = [];
    const world = aWorld();
    const { poll } = pollerOver(world, {
      loanCollections: { listRequestedOlderThan: async () => [{ provider: 'airtel', reference: 'loan-repayment:r1', amount: Money.ofFrancs(12_000) } as never] },
      merchantPayments: { listPendingOlderThan: async () => [{ provider: 'mtn', transactionReference: 'merchant-payment:p1', amount: Money.ofFrancs(800), createdAt: new Date(0) }] },
      reconcile: { execute: async (input) => (asked.push(`${input.direction} ${input.reference} ${input.provider}`), ok({ outcome: 'pending', paymentStatus: 'pending' })) },
    });
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 2, stillPending: 2 });
    expect(asked).toEqual(['collection loan-repayment:r1 airtel', 'collection merchant-payment:p1 mtn']);
  });

  it('warns when an unknown collection cannot be expired, and counts it failed', async () => {
    const world = aWorld();
    const { poll, events } = pollerOver(world, {
      merchantPayments: { listPendingOlderThan: async () => [{ provider: 'mtn', transactionReference: 'lost-1', amount: Money.ofFrancs(800), createdAt: new Date(0) }] },
      reconcile: { execute: async () => err('mobile_money_reference_unknown') },
      settle: { expire: async () => err('payment_not_found') },
    });
    expect(await poll.execute({ pollAfterSeconds: 300 })).toMatchObject({ asked: 1, failed: 1 });
    expect(events.lines).toEqual([expect.objectContaining({ level: 'warn', message: 'unknown payment not expired' })]);
  });
});
