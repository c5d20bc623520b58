import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Journal } from '../ledger/journal.ts';
import { Money } from '../money/money.ts';
import { ConfirmContributionPayment } from './confirm-contribution-payment.ts';
import {
  aContribution,
  FakeMobileMoney,
  ImmediateUnitOfWork,
  InMemoryContributionRepository,
  SequentialIds,
  SettableClock,
} from './contributions.fixtures.ts';
import { PayContribution } from './pay-contribution.ts';

async function setUp() {
  const ledger = new InMemoryLedger();
  const deps = {
    contributions: new InMemoryContributionRepository(),
    journal: new Journal(ledger),
    uow: new ImmediateUnitOfWork(),
    mobileMoney: new FakeMobileMoney(),
    clock: new SettableClock(new Date('2026-03-30T08:00:00Z')),
    ids: new SequentialIds(),
  };
  await deps.contributions.save([aContribution({ id: 'c-1', memberId: 'alice' }), aContribution({ id: 'c-2', memberId: 'bob' })]);
  const pay = new PayContribution(deps);
  const confirm = new ConfirmContributionPayment(deps);
  const request = (key = 'k1', userId = 'alice', contributionId = 'c-1') =>
    pay.execute({ contributionId, userId, idempotencyKey: key, provider: 'mtn', msisdn: '+250788123456' });
  return { ...deps, ledger, pay, confirm, request };
}

describe('PayContribution', () => {
  it('stores the attempt under a new reference before asking the provider for the contribution amount', async () => {
    const { request, mobileMoney, contributions } = await setUp();
    let storedFirst = false;
    const ask = mobileMoney.requestToPay.bind(mobileMoney);
    mobileMoney.requestToPay = async (req) => {
      storedFirst = (await contributions.findById('c-1'))!.attemptByReference(req.reference)?.status === 'requested';
      return ask(req);
    };
    const result = await request();
    expect(result.ok && result.value.outcome).toBe('requested');
    expect(storedFirst).toBe(true);
    expect(mobileMoney.collections.get('id-1')).toMatchObject({ amount: Money.ofFrancs(5000), msisdn: '+250788123456', provider: 'mtn' });
    expect((await contributions.findById('c-1'))!.attempts.map((a) => [a.idempotencyKey, a.providerReference, a.msisdn])).toEqual([['k1', 'id-1', '+250788123456']]);
  });

  it('refuses a contribution with centimes before storing or asking anything: mobile money moves whole francs', async () => {
    const { pay, contributions, mobileMoney } = await setUp();
    await contributions.save([aContribution({ id: 'c-odd', memberId: 'alice', amount: Money.ofCentimes(500_050) })]);
    const result = await pay.execute({ contributionId: 'c-odd', userId: 'alice', idempotencyKey: 'k1', provider: 'mtn', msisdn: '+250788123456' });
    expect(result).toEqual({ ok: false, error: 'amount_must_be_whole_francs' });
    expect((await contributions.findById('c-odd'))!.attempts).toEqual([]);
    expect(mobileMoney.requests).toBe(0);
  });

  it('is idempotent by key: the same key answers exists and re-sends the same reference while it awaits the provider', async () => {
    const { request, mobileMoney, confirm } = await setUp();
    await request();
    const again = await request();
    expect(again.ok && again.value.outcome).toBe('exists');
    expect([mobileMoney.collections.size, mobileMoney.requests]).toEqual([1, 2]);
    await confirm.execute({ providerReference: 'id-1', outcome: 'successful', amount: Money.ofFrancs(5000) });
    const settled = await request();
    expect(settled.ok && settled.value.attempt.status).toBe('succeeded');
    expect(mobileMoney.requests).toBe(2);
  });

  it('refuses another member, an unknown contribution, a second attempt in flight; a provider refusal fails the attempt', async () => {
    const { request, mobileMoney, contributions } = await setUp();
    expect(await request('k1', 'bob')).toEqual({ ok: false, error: 'contribution_not_found' });
    expect(await request('k1', 'alice', 'nope')).toEqual({ ok: false, error: 'contribution_not_found' });
    mobileMoney.refuseNext('mobile_money_refused');
    expect(await request('k0')).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect((await contributions.findById('c-1'))!.attempts.map((a) => a.status)).toEqual(['failed']);
    await request('k1');
    expect(await request('k2')).toEqual({ ok: false, error: 'payment_in_progress' });
  });

  it('an unavailable provider leaves the attempt awaiting an answer; a retry with the same key sends it again', async () => {
    const { request, mobileMoney, contributions } = await setUp();
    mobileMoney.refuseNext('mobile_money_unavailable');
    expect(await request('k1')).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect((await contributions.findById('c-1'))!.attempts.map((a) => a.status)).toEqual(['requested']);
    expect(await request('k2')).toEqual({ ok: false, error: 'payment_in_progress' });
    const retried = await request('k1');
    expect(retried.ok && retried.value.outcome).toBe('exists');
    expect(mobileMoney.collections.has('id-1')).toBe(true);
  });

  it('starts requests of one batch as if one came after the other, with one save', async () => {
    const { pay, contributions, mobileMoney } = await setUp();
    const input = (key: string, userId: string, contributionId: string) => ({ contributionId, userId, idempotencyKey: key, provider: 'mtn' as const, msisdn: '+250788123456' });
    const saved: number[] = [];
    const save = contributions.save.bind(contributions);
    contributions.save = async (list) => {
      saved.push(list.length);
      return save(list);
    };
    const started = await pay.startAll([input('k1', 'alice', 'c-1'), input('k1', 'alice', 'c-1'), input('k2', 'alice', 'c-1'), input('k3', 'bob', 'c-2'), input('k4', 'alice', 'c-2')]);
    expect(started.map((s) => (s.ok ? s.value.outcome : s.error))).toEqual(['requested', 'exists', 'payment_in_progress', 'requested', 'contribution_not_found']);
    expect(saved).toEqual([2]);
    // Nothing is asked of the provider before the second step.
    expect(mobileMoney.requests).toBe(0);
    for (const s of started) if (s.ok && s.value.outcome === 'requested') expect((await pay.askProvider(s.value)).ok).toBe(true);
    expect(mobileMoney.requests).toBe(2);
  });
});

describe('ConfirmContributionPayment', () => {
  it('completes the contribution and posts clearing → pool once; a repeat answers exists', async () => {
    const { request, confirm, ledger, contributions } = await setUp();
    await request();
    const first = await confirm.execute({ providerReference: 'id-1', outcome: 'successful', amount: Money.ofFrancs(5000) });
    expect(first.ok && [first.value.outcome, first.value.settledNow]).toEqual(['applied', true]);
    expect(ledger.balance(accounts.pool('t-1'))).toEqual(Money.ofFrancs(5000));
    expect(ledger.balance(accounts.mobileMoney('mtn'))).toEqual(Money.ofFrancs(5000));
    const repeat = await confirm.execute({ providerReference: 'id-1', outcome: 'successful', amount: Money.ofFrancs(5000) });
    expect(repeat.ok && repeat.value.outcome).toBe('exists');
    expect(ledger.entries()).toHaveLength(1);
    expect(ledger.trialBalance()).toEqual(Money.ZERO);
    const stored = await contributions.findById('c-1');
    expect([stored!.status, stored!.paidAt]).toEqual(['completed', new Date('2026-03-30T08:00:00Z')]);
  });

  it('settles a batch in order, as one report after the other: a repeat in the batch changes nothing', async () => {
    const { request, confirm, ledger, contributions } = await setUp();
    await request('k1');
    await request('k2', 'bob', 'c-2');
    const paid = { outcome: 'successful', amount: Money.ofFrancs(5000) } as const;
    const results = await confirm.executeAll([
      { providerReference: 'id-1', ...paid, providerTransactionId: 'mtn-1' },
      { providerReference: 'id-1', ...paid, providerTransactionId: 'mtn-1-again' },
      { providerReference: 'id-2', ...paid, amount: Money.ofFrancs(4000) },
      { providerReference: 'nope', ...paid },
      { providerReference: 'id-2', ...paid },
    ]);
    expect(results.map((r) => (r.ok ? [r.value.outcome, r.value.settledNow] : r.error))).toEqual([
      ['applied', true],
      ['exists', false],
      'amount_mismatch',
      'payment_not_found',
      ['applied', true],
    ]);
    expect(ledger.entries()).toHaveLength(2);
    expect(ledger.balance(accounts.pool('t-1'))).toEqual(Money.ofFrancs(10_000));
    expect(await contributions.countPendingInCycles([{ tontineId: 't-1', cycle: 1 }])).toEqual([0]);
    // The provider's transaction id is the first one told.
    expect((await contributions.findById('c-1'))!.attemptByReference('id-1')!.providerTransactionId).toBe('mtn-1');
  });

  it('tells the member of a failure once: a repeated failure report is not settled again', async () => {
    const { request, confirm, contributions } = await setUp();
    await request('k1');
    const failed = { providerReference: 'id-1', outcome: 'failed', amount: Money.ofFrancs(5000), reason: 'NOT_ENOUGH_FUNDS' } as const;
    const [first, repeat] = await confirm.executeAll([failed, { ...failed, reason: 'EXPIRED' }]);
    expect([first!.ok && first!.value.settledNow, repeat!.ok && repeat!.value.settledNow]).toEqual([true, false]);
    const stored = await contributions.findById('c-1');
    expect([stored!.status, stored!.attemptByReference('id-1')!.failureReason]).toEqual(['pending', 'NOT_ENOUGH_FUNDS']);
  });

  it('refuses a changed amount and an unknown reference, booking nothing', async () => {
    const { request, confirm, ledger } = await setUp();
    await request();
    expect(await confirm.execute({ providerReference: 'id-1', outcome: 'successful', amount: Money.ofFrancs(50) })).toEqual({ ok: false, error: 'amount_mismatch' });
    expect(await confirm.execute({ providerReference: 'ref-x', outcome: 'successful', amount: Money.ofFrancs(5000) })).toEqual({ ok: false, error: 'payment_not_found' });
    expect(ledger.entries()).toHaveLength(0);
  });

  it('a failure leaves the contribution pending and a new payment can start', async () => {
    const { request, confirm, contributions, ledger } = await setUp();
    await request();
    const failed = await confirm.execute({ providerReference: 'id-1', outcome: 'failed', amount: Money.ofFrancs(5000) });
    expect(failed.ok && failed.value.outcome).toBe('failed');
    expect((await contributions.findById('c-1'))!.status).toBe('pending');
    expect(ledger.entries()).toHaveLength(0);
    expect((await request('k2')).ok).toBe(true);
  });
});
