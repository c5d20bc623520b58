/**
 * SettlePaymentReport over the tontines' test world (real contributions, ledger, payouts and
 * transfers): what one provider report does to the books, whatever path brought it.
 */
import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import type { LoanCollection } from '../loans/ports.ts';
import { Money } from '../money/money.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { aTontine, aWorld, type World } from '../tontines/tontines.fixtures.ts';
import type { SettleTransfer } from '../transfers/settle-transfer.ts';
import { requestCycle, settlerOver, togetherInATick } from './payment-reports.fixtures.ts';
import type { MobileMoneyStatus, MobileMoneyStatusReport, Settled, SettleError } from '../payments/ports.ts';

const FIVE_THOUSAND = Money.ofFrancs(5000);
const pool = accounts.pool('t-1');

function report(reference: string, overrides: Partial<MobileMoneyStatusReport> = {}): MobileMoneyStatusReport {
  return { reference, status: 'successful', amount: FIVE_THOUSAND, currency: 'RWF', providerTransactionId: 'tx-1', reason: undefined, ...overrides };
}

/** A group of three, active, and one attempt requested per member in cycle 1, by reference. */
async function requestedWorld() {
  const world = aWorld();
  await world.given(aTontine().withMembers(3).build());
  const references = await requestCycle(world);
  return { world, references, ...settlerOver(world) };
}

const templates = (world: World) => world.notifier.sent.map((n) => `${n.userId}:${n.template}`);

describe('SettlePaymentReport: a contribution payment', () => {
  it('books a success once (clearing to pool), tells the member once, and answers a repeat with exists', async () => {
    const { world, references, settle } = await requestedWorld();
    expect(await settle.execute(report(references[0]!))).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(world.ledger.balance(pool)).toEqual(FIVE_THOUSAND);
    expect(templates(world)).toEqual(['alice:contribution_received']);
    expect(world.notifier.sent[0]!.params).toMatchObject({ tontineName: 'Abadatezuka', cycle: '1', amount: FIVE_THOUSAND.format() });

    const entries = world.ledger.entries().length;
    expect(await settle.execute(report(references[0]!))).toEqual(ok({ outcome: 'exists', paymentStatus: 'successful' }));
    expect([world.ledger.entries().length, world.notifier.sent.length]).toEqual([entries, 1]);
    expect(world.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('refuses another amount than was asked: nothing booked, nobody told, a warning for the treasurer', async () => {
    const { world, references, settle, log } = await requestedWorld();
    expect(await settle.execute(report(references[0]!, { amount: Money.ofFrancs(50_000) }))).toEqual(err('payment_amount_mismatch'));
    expect([world.ledger.entries().length, world.notifier.sent.length]).toEqual([0, 0]);
    const contribution = (await world.contributions.listByMember('alice'))[0]!;
    expect(contribution.isCompleted).toBe(false);
    expect(log.lines).toEqual([expect.objectContaining({ level: 'warn', message: 'payment amount mismatch: refused', fields: expect.objectContaining({ expected: '5000.00', reported: '50000.00' }) })]);
  });

  it('records a failure with its reason, tells the member once even if the failure is reported again', async () => {
    const { world, references, settle } = await requestedWorld();
    const failed = report(references[0]!, { status: 'failed', reason: 'NOT_ENOUGH_FUNDS' });
    expect(await settle.execute(failed)).toEqual(ok({ outcome: 'failed', paymentStatus: 'failed' }));
    expect(await settle.execute(failed)).toEqual(ok({ outcome: 'failed', paymentStatus: 'failed' }));
    expect(templates(world)).toEqual(['alice:payment_failed']);
    expect(world.notifier.sent[0]!.params.reason).toBe('NOT_ENOUGH_FUNDS');
    expect(world.ledger.entries()).toEqual([]);
  });

  it('disputes a failure reported after a booked success, changing nothing and logging it for a person', async () => {
    const { world, references, settle, log } = await requestedWorld();
    await settle.execute(report(references[0]!));
    const entries = world.ledger.entries().length;
    expect(await settle.execute(report(references[0]!, { status: 'failed' }))).toEqual(ok({ outcome: 'disputed', paymentStatus: 'successful' }));
    expect([world.ledger.entries().length, world.notifier.sent.length]).toEqual([entries, 1]);
    expect(log.lines.map((l) => [l.level, l.message, l.fields.error])).toEqual([['error', 'mobile-money report contradicts the books: disputed', 'payment_already_confirmed']]);
  });

  it('disputes the success of a second attempt on a contribution already paid: it is not booked twice', async () => {
    const { world, references, settle, log } = await requestedWorld();
    await settle.execute(report(references[0]!, { status: 'failed' }));
    const [alices] = await world.contributions.listByMember('alice');
    const retried = await world.payContribution.execute({ contributionId: alices!.id, userId: 'alice', idempotencyKey: 'k-again', provider: 'mtn', msisdn: '+250788000000' });
    invariant(retried.ok, 'second attempt');
    expect(await settle.execute(report(retried.value.attempt.providerReference))).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    // The first attempt's money arrives after all: the contribution is paid, so a person looks.
    expect(await settle.execute(report(references[0]!))).toEqual(ok({ outcome: 'disputed', paymentStatus: 'failed' }));
    expect(world.ledger.balance(pool)).toEqual(FIVE_THOUSAND);
    expect(log.lines.map((l) => l.fields.error)).toEqual(['contribution_already_paid']);
  });

  it('changes nothing on a pending report, and answers the payment as it stands', async () => {
    const { world, references, settle } = await requestedWorld();
    expect(await settle.execute(report(references[0]!, { status: 'pending' }))).toEqual(ok({ outcome: 'pending', paymentStatus: 'pending' }));
    expect([world.ledger.entries().length, world.notifier.sent.length]).toEqual([0, 0]);
  });

  it('answers payment_not_found for a reference nobody made, with a warning', async () => {
    const { settle, log } = await requestedWorld();
    expect(await settle.execute(report('nobody-made-this'))).toEqual(err('payment_not_found'));
    expect(await settle.execute(report('nobody-made-this', { status: 'pending' }))).toEqual(err('payment_not_found'));
    expect(log.lines.map((l) => l.message)).toEqual(['mobile-money report for an unknown payment', 'mobile-money report for an unknown payment']);
  });

  it('expires a collection the provider never heard of as a failure', async () => {
    const { world, references, settle } = await requestedWorld();
    expect(await settle.expire(references[0]!, FIVE_THOUSAND)).toEqual(ok({ outcome: 'failed', paymentStatus: 'failed' }));
    expect(world.notifier.sent[0]!.params.reason).toBe('REFERENCE_UNKNOWN');
  });

  it('pays the pot out once the last payment of the cycle is booked', async () => {
    const { world, references, settle } = await requestedWorld();
    for (const reference of references) await settle.execute(report(reference));
    expect(world.transfers.all().map((t) => [t.reference, t.amount.toDecimal()])).toEqual([['payout:t-1:1', '15000.00']]);
    expect(world.ledger.balance(pool)).toEqual(Money.ZERO);
    // A repeat of the last report pays nothing more.
    await settle.execute(report(references[2]!));
    expect(world.transfers.all()).toHaveLength(1);
    expect(world.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('keeps the booked payment when the payout check fails, and logs it for the payout-due job', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(1).build());
    const [c] = await world.contributions.listByTontine('t-1');
    const paid = await world.payContribution.execute({ contributionId: c!.id, userId: 'alice', idempotencyKey: 'k', provider: 'mtn', msisdn: '+250788000000' });
    invariant(paid.ok, 'payment request');
    const { settle, log } = settlerOver(world, {
      payout: {
        execute: async () => {
          throw new Error('database went away');
        },
      },
    });
    expect(await settle.execute(report(paid.value.attempt.providerReference))).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(world.ledger.balance(pool)).toEqual(FIVE_THOUSAND);
    expect(log.lines.map((l) => [l.level, l.message])).toEqual([['error', 'payout check after confirmation failed: the payout-due job will pay the cycle']]);
  });

  it('logs a postponed payout (no wallet for the recipient), but not a group that is no longer active', async () => {
    const { world, references, settle, log } = await requestedWorld();
    world.wallets.remove('alice');
    for (const reference of references) await settle.execute(report(reference));
    expect(world.transfers.all()).toEqual([]);
    expect(log.lines).toEqual([expect.objectContaining({ level: 'warn', message: 'payout postponed', fields: { tontineId: 't-1', error: 'recipient_has_no_wallet' } })]);
  });

  it('settles reports arriving together in one transaction, each answered with its own outcome', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    const { batching, batches } = togetherInATick();
    const references = await requestCycle(world);
    const confirmed: number[] = [];
    const confirm = { executeAll: (inputs: Parameters<World['confirmContributionPayment']['executeAll']>[0]) => (confirmed.push(inputs.length), world.confirmContributionPayment.executeAll(inputs)) };
    const { settle } = settlerOver(world, { batching, confirm });
    const answers = await Promise.all([
      settle.execute(report(references[0]!)),
      settle.execute(report(references[1]!, { status: 'failed', reason: 'EXPIRED' })),
      settle.execute(report(references[2]!, { amount: Money.ofFrancs(1) })),
      settle.execute(report(references[0]!, { status: 'pending' })),
      settle.execute(report('unknown')),
    ]);
    expect(answers).toEqual([
      ok({ outcome: 'applied', paymentStatus: 'successful' }),
      ok({ outcome: 'failed', paymentStatus: 'failed' }),
      err('payment_amount_mismatch'),
      ok({ outcome: 'pending', paymentStatus: 'successful' }),
      err('payment_not_found'),
    ]);
    expect(batches).toEqual([5]);
    // One confirmation for the four final reports; the pending one is only read.
    expect(confirmed).toEqual([4]);
    expect(world.ledger.balance(pool)).toEqual(FIVE_THOUSAND);
    expect(templates(world)).toEqual(['alice:contribution_received', 'bob:payment_failed']);
  });
});

describe('SettlePaymentReport: a payout or withdrawal', () => {
  async function paidOut() {
    const world = aWorld();
    await world.given(aTontine().withMembers(3).build());
    await world.payCycle(1);
    invariant((await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).ok, 'payout');
    return { world, ...settlerOver(world) };
  }
  const POT = Money.ofFrancs(15_000);

  it('completes a payout on success, once', async () => {
    const { world, settle } = await paidOut();
    expect(await settle.execute(report('payout:t-1:1', { amount: POT }))).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(await settle.execute(report('payout:t-1:1', { amount: POT }))).toEqual(ok({ outcome: 'exists', paymentStatus: 'successful' }));
    expect((await world.transfers.findByReference('payout:t-1:1'))?.status).toBe('completed');
    expect(world.ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('books a failed payout back to the pool and warns; a later success is disputed', async () => {
    const { world, settle, log } = await paidOut();
    expect(await settle.execute(report('payout:t-1:1', { status: 'failed', amount: undefined, reason: 'PAYEE_NOT_FOUND' }))).toEqual(ok({ outcome: 'failed', paymentStatus: 'failed' }));
    expect(world.ledger.balance(pool)).toEqual(POT);
    expect(await settle.execute(report('payout:t-1:1', { amount: POT }))).toEqual(ok({ outcome: 'disputed', paymentStatus: 'failed' }));
    expect(world.ledger.balance(pool)).toEqual(POT);
    expect(log.lines.map((l) => l.level)).toEqual(['warn', 'error']);
  });

  it('refuses a payout report of another amount, changing nothing', async () => {
    const { world, settle } = await paidOut();
    expect(await settle.execute(report('payout:t-1:1', { amount: Money.ofFrancs(15_001) }))).toEqual(err('payment_amount_mismatch'));
    expect((await world.transfers.findByReference('payout:t-1:1'))?.status).toBe('sent');
  });

  it('answers a pending payout as pending', async () => {
    const { settle } = await paidOut();
    expect(await settle.execute(report('payout:t-1:1', { status: 'pending', amount: POT }))).toEqual(ok({ outcome: 'pending', paymentStatus: 'pending' }));
  });

  it('reports a payout given up after its last attempt as failed, logged at error', async () => {
    const { world } = await paidOut();
    const answers: Array<Awaited<ReturnType<SettleTransfer['execute']>>> = [ok('given_up'), err('amount_mismatch'), err('payment_not_found')];
    const { settle, log } = settlerOver(world, { settleTransfer: { execute: async () => answers.shift()! } });
    expect(await settle.execute(report('payout:t-1:1', { status: 'failed', amount: undefined }))).toEqual(ok({ outcome: 'failed', paymentStatus: 'pending' }));
    expect(await settle.execute(report('payout:t-1:1', { amount: undefined }))).toEqual(err('payment_amount_mismatch'));
    expect(await settle.execute(report('payout:t-1:1', { amount: undefined }))).toEqual(err('payment_not_found'));
    expect(log.lines.map((l) => [l.level, l.message])).toEqual([
      ['error', 'mobile-money transfer failed for the last time: the money stays in the pool, member told'],
      ['warn', 'payment amount mismatch: refused'],
    ]);
  });
});

describe('SettlePaymentReport: dispatch by reference', () => {
  function withStubs(options: { loan?: Result<'applied' | 'exists' | 'failed' | 'pending', string>; collection?: Partial<LoanCollection>; transfer?: Awaited<ReturnType<SettleTransfer['execute']>> } = {}) {
    const world = aWorld();
    const told: string[] = [];
    const { settle, log } = settlerOver(world, {
      confirmLoanPayment: { execute: async (r) => (told.push(`loan ${r.reference}`), (options.loan ?? ok('applied')) as never) },
      loanCollections: { findByReference: async () => (options.collection ? ({ amount: FIVE_THOUSAND, status: 'succeeded', ...options.collection } as LoanCollection) : undefined) },
      merchantPayments: { execute: async (r): Promise<Result<Settled, SettleError>> => (told.push(`merchant ${r.reference}`), ok({ outcome: 'applied', paymentStatus: 'successful' })) },
      settleTransfer: { execute: async (r) => (told.push(`transfer ${r.reference}`), options.transfer ?? ok('applied')) },
    });
    return { settle, log, told };
  }

  it('sends loan, merchant-payment and business-transfer references to their own settlement', async () => {
    const { settle, told } = withStubs({ collection: { status: 'succeeded' } });
    for (const reference of ['loan-repayment:r1', 'loan-disbursement:l1', 'merchant-payment:p1', 'merchant-refund:x1', 'STL-ABC-2026-W47', 'COM-A1-2026-11']) await settle.execute(report(reference));
    expect(told).toEqual(['loan loan-repayment:r1', 'loan loan-disbursement:l1', 'merchant merchant-payment:p1', 'transfer merchant-refund:x1', 'transfer STL-ABC-2026-W47', 'transfer COM-A1-2026-11']);
  });

  it('answers a loan repayment with its collection’s status, and a disbursement with the report’s', async () => {
    expect(await withStubs({ collection: { status: 'requested' } }).settle.execute(report('loan-repayment:r1'))).toEqual(ok({ outcome: 'applied', paymentStatus: 'pending' }));
    expect(await withStubs({ loan: ok('failed') }).settle.execute(report('loan-disbursement:l1', { status: 'failed' }))).toEqual(ok({ outcome: 'failed', paymentStatus: 'failed' }));
  });

  it('passes payment_not_found on, refuses a loan amount mismatch, and disputes a report the loan cannot take', async () => {
    expect(await withStubs({ loan: err('payment_not_found') }).settle.execute(report('loan-repayment:r1'))).toEqual(err('payment_not_found'));
    const mismatch = withStubs({ loan: err('amount_mismatch'), collection: { status: 'requested' } });
    expect(await mismatch.settle.execute(report('loan-repayment:r1', { amount: Money.ofFrancs(1) }))).toEqual(err('payment_amount_mismatch'));
    expect(mismatch.log.lines[0]!.fields).toMatchObject({ expected: '5000.00', reported: '1.00' });
    const contradiction = withStubs({ loan: err('disbursement_failed') });
    expect(await contradiction.settle.execute(report('loan-disbursement:l1'))).toEqual(ok({ outcome: 'disputed', paymentStatus: 'successful' }));
    expect(contradiction.log.lines.map((l) => l.level)).toEqual(['error']);
  });

  it('answers a business transfer by what SettleTransfer did, and calls a person when it was given up or contradicts the books', async () => {
    const cases: Array<[Awaited<ReturnType<SettleTransfer['execute']>>, MobileMoneyStatus, Result<Settled, SettleError>]> = [
      [ok('applied'), 'successful', ok({ outcome: 'applied', paymentStatus: 'successful' })],
      [ok('exists'), 'successful', ok({ outcome: 'exists', paymentStatus: 'successful' })],
      [ok('failed'), 'failed', ok({ outcome: 'failed', paymentStatus: 'failed' })],
      [ok('pending'), 'pending', ok({ outcome: 'pending', paymentStatus: 'pending' })],
      [ok('given_up'), 'failed', ok({ outcome: 'failed', paymentStatus: 'failed' })],
      [ok('contradicts_books'), 'successful', ok({ outcome: 'disputed', paymentStatus: 'failed' })],
      [err('amount_mismatch'), 'successful', err('payment_amount_mismatch')],
      [err('payment_not_found'), 'successful', err('payment_not_found')],
    ];
    for (const [transfer, status, expected] of cases) {
      const { settle, log } = withStubs({ transfer });
      expect(await settle.execute(report('STL-K1-2026-W47', { status }))).toEqual(expected);
      const called = transfer.ok && (transfer.value === 'given_up' || transfer.value === 'contradicts_books');
      expect(log.lines.some((l) => l.level === 'error')).toBe(called);
    }
  });
});
