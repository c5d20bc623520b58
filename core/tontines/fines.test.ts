import { describe, expect, it } from 'vitest';
import type { Contribution } from '../contributions/contribution.ts';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { formatDate } from '../shared/calendar.ts';
import { ChangeFineRule } from './change-fine-rule.ts';
import { InMemoryLateContributions } from './fines.fixtures.ts';
import type { LateFineRule } from './late-fine.ts';
import { ListGroupFines } from './list-group-fines.ts';
import { InMemoryPoolBooks } from './pool-books.fixtures.ts';
import { ShowGroupBooks } from './show-group-books.ts';
import { PostDueFines } from './post-due-fines.ts';
import { aTontine, aWorld } from './tontines.fixtures.ts';
import { WaiveFine } from './waive-fine.ts';

const FIXED: LateFineRule = { kind: 'fixed', value: 500, graceDays: 3 };
/** 10:00 in Kigali on a day of February 2026. */
const feb = (day: number) => new Date(`2026-02-${String(day).padStart(2, '0')}T08:00:00Z`);

/** A full group of alice (admin), bob and carol, started on 31 January: cycle 1 is due that day. */
async function aFinedWorld(rule: LateFineRule | null = FIXED) {
  const world = aWorld();
  const builder = aTontine().withMembers(3);
  await world.given((rule ? builder.withLateFine(rule) : builder).build());
  const events = { warn: () => {}, error: () => {} };
  const late = new InMemoryLateContributions(world.contributions, world.tontines);
  return {
    ...world,
    postDueFines: new PostDueFines({ ...world, late, events }),
    waiveFine: new WaiveFine(world),
    changeFineRule: new ChangeFineRule(world),
    listGroupFines: new ListGroupFines(world),
    fines: () => world.contributions.listFinesOf('t-1'),
    async cycle1Of(memberId: string): Promise<Contribution> {
      return (await world.contributions.listByMember(memberId)).find((c) => c.cycle === 1)!;
    },
  };
}

describe('PostDueFines (the late-fines job)', () => {
  it('posts one fine on each contribution still unpaid when the grace ends, tells its member, and never again', async () => {
    const world = await aFinedWorld();
    await world.pay(await world.cycle1Of('alice'));

    world.clock.set(feb(3)); // the grace's last day
    expect(await world.postDueFines.execute()).toEqual({ posted: 0, skipped: 0, failed: 0 });

    world.clock.set(feb(4));
    expect(await world.postDueFines.execute()).toEqual({ posted: 2, skipped: 0, failed: 0 });
    const fines = await world.fines();
    expect(fines.map((f) => [f.memberId, f.cycle, f.amount.toDecimal(), formatDate(f.dueDate), f.status])).toEqual([
      ['bob', 1, '500.00', '2026-02-04', 'pending'],
      ['carol', 1, '500.00', '2026-02-04', 'pending'],
    ]);
    expect(fines.map((f) => f.fineOf)).toEqual([(await world.cycle1Of('bob')).id, (await world.cycle1Of('carol')).id]);
    expect(world.notifier.sent.filter((n) => n.template === 'fine_posted').map((n) => [n.userId, n.params.amount])).toEqual([
      ['bob', '500 RWF'],
      ['carol', '500 RWF'],
    ]);

    // Run twice, and long after: the fines are overdue themselves, yet a fine is never fined.
    expect(await world.postDueFines.execute()).toEqual({ posted: 0, skipped: 0, failed: 0 });
    world.clock.set(feb(25));
    expect(await world.postDueFines.execute()).toEqual({ posted: 0, skipped: 0, failed: 0 });
    expect(await world.fines()).toHaveLength(2);
  });

  it('skips a contribution paid between the read and its lock', async () => {
    const world = await aFinedWorld();
    world.clock.set(feb(4));
    const late = new InMemoryLateContributions(world.contributions, world.tontines);
    const stale = await late.dueForFine({ year: 2026, month: 2, day: 4 }, 10);
    await world.pay(await world.cycle1Of('bob'));
    const racing = new PostDueFines({ ...world, late: { dueForFine: async () => stale, isFined: (id) => late.isFined(id) }, events: { warn: () => {}, error: () => {} } });
    expect(await racing.execute()).toEqual({ posted: 2, skipped: 1, failed: 0 });
  });

  it('a percentage of the contribution, in whole francs; a group without a rule is never fined', async () => {
    const percent = await aFinedWorld({ kind: 'percent', value: 5, graceDays: 0 });
    percent.clock.set(feb(1));
    expect((await percent.postDueFines.execute()).posted).toBe(3);
    expect((await percent.fines()).map((f) => f.amount.toDecimal())).toEqual(['250.00', '250.00', '250.00']);

    const none = await aFinedWorld(null);
    none.clock.set(feb(20));
    expect((await none.postDueFines.execute()).posted).toBe(0);
  });

  it('a fine is no part of its cycle: the cycle pays out once its contributions are in, the fine still owed', async () => {
    const world = await aFinedWorld();
    world.clock.set(feb(4));
    await world.postDueFines.execute();
    await world.payCycle(1);
    const paid = await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
    expect(paid.ok && paid.value.kind).toBe('paid_out');
    expect((await world.fines()).map((f) => f.status)).toEqual(['pending', 'pending', 'pending']);
  });
});

describe('a fine is paid like a contribution', () => {
  it('by its member, into the pool, once, booked as a fine', async () => {
    const world = await aFinedWorld();
    world.clock.set(feb(4));
    await world.postDueFines.execute();
    const [fine] = (await world.fines()).filter((f) => f.memberId === 'bob');
    const stranger = await world.payContribution.execute({ contributionId: fine!.id, userId: 'carol', idempotencyKey: 'k1', provider: 'mtn', msisdn: '+250788000001' });
    expect(stranger).toEqual({ ok: false, error: 'contribution_not_found' });

    const requested = await world.payContribution.execute({ contributionId: fine!.id, userId: 'bob', idempotencyKey: 'k2', provider: 'mtn', msisdn: '+250788000002' });
    expect(requested.ok).toBe(true);
    const reference = requested.ok ? requested.value.attempt.providerReference : '';
    const report = { providerReference: reference, outcome: 'successful' as const, amount: Money.ofFrancs(500) };
    expect((await world.confirmContributionPayment.execute(report)).ok).toBe(true);
    expect(await world.confirmContributionPayment.execute(report)).toMatchObject({ ok: true, value: { outcome: 'exists' } });

    expect(world.ledger.balance(accounts.pool('t-1'))).toEqual(Money.ofFrancs(500));
    expect(world.ledger.entries().map((e) => e.kind)).toEqual(['fine_received']);
    expect((await world.contributions.findById(fine!.id))?.status).toBe('completed');
  });
});

describe('WaiveFine', () => {
  async function withFines() {
    const world = await aFinedWorld();
    world.clock.set(feb(4));
    await world.postDueFines.execute();
    const fines = await world.fines();
    return { world, bobs: fines.find((f) => f.memberId === 'bob')!, carols: fines.find((f) => f.memberId === 'carol')! };
  }

  it('the admin waives with a reason every member is told; nobody else can', async () => {
    const { world, bobs } = await withFines();
    const by = (userId: string, reason = 'Hospitalised on the due day') => ({ kind: 'admin' as const, userId, reason });
    expect(await world.waiveFine.execute({ fineId: bobs.id, tontineId: 't-1', by: by('bob') })).toEqual({ ok: false, error: 'only_admin_can_waive' });
    expect(await world.waiveFine.execute({ fineId: bobs.id, tontineId: 't-1', by: by('zed') })).toEqual({ ok: false, error: 'not_a_member' });
    expect(await world.waiveFine.execute({ fineId: bobs.id, by: by('zed') })).toEqual({ ok: false, error: 'fine_not_found' });
    expect(await world.waiveFine.execute({ fineId: bobs.id, tontineId: 'other', by: by('alice') })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await world.waiveFine.execute({ fineId: 'nope', tontineId: 't-1', by: by('alice') })).toEqual({ ok: false, error: 'fine_not_found' });
    expect(await world.waiveFine.execute({ fineId: (await world.cycle1Of('bob')).id, tontineId: 't-1', by: by('alice') })).toEqual({ ok: false, error: 'fine_not_found' });
    expect(await world.waiveFine.execute({ fineId: bobs.id, tontineId: 't-1', by: by('alice', '  ok ') })).toEqual({ ok: false, error: 'waiver_reason_invalid' });

    world.notifier.sent.length = 0;
    expect(await world.waiveFine.execute({ fineId: bobs.id, tontineId: 't-1', by: by('alice', ' Hospitalised on the due day ') })).toEqual({
      ok: true,
      value: { fineId: bobs.id, tontineId: 't-1', memberId: 'bob' },
    });
    expect(world.notifier.sent.map((n) => [n.userId, n.template, n.params.actor, n.params.member, n.params.reason])).toEqual(
      ['alice', 'bob', 'carol'].map((userId) => [userId, 'fine_waived', 'Alice U.', 'Bob U.', 'Hospitalised on the due day']),
    );
    const waived = await world.contributions.findById(bobs.id);
    expect(waived?.status).toBe('waived');
    expect(waived?.waiver).toMatchObject({ kind: 'admin', userId: 'alice', reason: 'Hospitalised on the due day' });

    // Once: a second waiver is refused and tells nobody; a waived fine takes no payment.
    world.notifier.sent.length = 0;
    expect(await world.waiveFine.execute({ fineId: bobs.id, tontineId: 't-1', by: by('alice') })).toEqual({ ok: false, error: 'fine_already_waived' });
    expect(world.notifier.sent).toEqual([]);
    expect(await world.payContribution.execute({ contributionId: bobs.id, userId: 'bob', idempotencyKey: 'k', provider: 'mtn', msisdn: '+250788000002' })).toEqual({
      ok: false,
      error: 'fine_waived',
    });
  });

  it('a paid fine cannot be waived; a group decision waives without a reason of its own', async () => {
    const { world, bobs, carols } = await withFines();
    await world.pay(bobs);
    expect(await world.waiveFine.execute({ fineId: bobs.id, tontineId: 't-1', by: { kind: 'admin', userId: 'alice', reason: 'Too late' } })).toEqual({ ok: false, error: 'fine_already_paid' });

    world.notifier.sent.length = 0;
    expect((await world.waiveFine.execute({ fineId: carols.id, by: { kind: 'decision', proposalId: 'p-1' } })).ok).toBe(true);
    expect((await world.contributions.findById(carols.id))?.waiver).toMatchObject({ kind: 'decision', proposalId: 'p-1' });
    expect(world.notifier.sent).toHaveLength(3);
    expect(world.notifier.sent[0]!.params).toEqual({ tontineName: 'Abadatezuka', member: 'Carol U.', amount: '500 RWF' });
  });

  it('every member reads the fines, whose and why waived; an outsider cannot', async () => {
    const { world, bobs } = await withFines();
    await world.waiveFine.execute({ fineId: bobs.id, tontineId: 't-1', by: { kind: 'admin', userId: 'alice', reason: 'Hospitalised' } });
    const listed = await world.listGroupFines.execute({ tontineId: 't-1', userId: 'carol' });
    expect(listed.ok && listed.value.map((f) => [f.member, f.mine, f.status, f.waiver?.actor ?? null, f.waiver?.reason ?? null])).toEqual([
      ['Alice U.', false, 'pending', null, null],
      ['Carol U.', true, 'pending', null, null],
      ['Bob U.', false, 'waived', 'Alice U.', 'Hospitalised'],
    ]);
    expect(await world.listGroupFines.execute({ tontineId: 't-1', userId: 'zed' })).toEqual({ ok: false, error: 'not_a_member' });
  });
});

describe('ChangeFineRule', () => {
  it('a group decision sets, changes or removes the rule from today on, told to every member', async () => {
    const world = await aFinedWorld(null);
    world.clock.set(feb(10));
    const changed = await world.changeFineRule.execute({ tontineId: 't-1', rule: { kind: 'percent', value: 10 }, by: { kind: 'decision', proposalId: 'p-1' } });
    expect(changed.ok && changed.value.lateFine).toEqual({ kind: 'percent', value: 10, graceDays: 3, since: { year: 2026, month: 2, day: 10 } });
    expect(world.notifier.sent.map((n) => [n.userId, n.template, n.params.fine, n.params.graceDays, n.params.actor])).toEqual(
      ['alice', 'bob', 'carol'].map((userId) => [userId, 'fine_rule_changed', '10%', '3', undefined]),
    );
    // Cycle 1's grace ended on 3 February, before the rule: it is never fined.
    expect((await world.postDueFines.execute()).posted).toBe(0);

    await world.changeFineRule.execute({ tontineId: 't-1', rule: null, by: { kind: 'decision', proposalId: 'p-2' } });
    expect((await world.tontine()).lateFine).toBeNull();
    expect(world.notifier.sent.at(-1)?.template).toBe('fine_rule_removed');
  });

  it('the creator sets it only while the group forms; a bad rule or personal savings is refused', async () => {
    const world = aWorld();
    await world.given(aTontine().withMembers(2).withMaxMembers(4).build());
    const changeFineRule = new ChangeFineRule(world);
    const creator = { kind: 'creator' as const, userId: 'alice' };
    expect(await changeFineRule.execute({ tontineId: 't-1', rule: FIXED, by: { kind: 'creator', userId: 'bob' } })).toEqual({ ok: false, error: 'only_group_can_change_fine' });
    expect(await changeFineRule.execute({ tontineId: 't-1', rule: FIXED, by: { kind: 'creator', userId: 'zed' } })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await changeFineRule.execute({ tontineId: 't-1', rule: { kind: 'percent', value: 60 }, by: creator })).toEqual({ ok: false, error: 'late_fine_invalid' });
    expect((await changeFineRule.execute({ tontineId: 't-1', rule: FIXED, by: creator })).ok).toBe(true);
    expect(world.notifier.sent.map((n) => n.params.actor)).toEqual(['Alice U.', 'Alice U.']);

    await world.startTontine.execute({ tontineId: 't-1', userId: 'alice' });
    expect(await changeFineRule.execute({ tontineId: 't-1', rule: null, by: creator })).toEqual({ ok: false, error: 'only_group_can_change_fine' });

    await world.given(aTontine().withId('t-2').withMembers(1).build());
    expect(await changeFineRule.execute({ tontineId: 't-2', rule: FIXED, by: { kind: 'decision', proposalId: 'p' } })).toEqual({ ok: false, error: 'late_fine_invalid' });
    expect(await changeFineRule.execute({ tontineId: 'nope', rule: FIXED, by: { kind: 'decision', proposalId: 'p' } })).toEqual({ ok: false, error: 'tontine_not_found' });
  });
});

describe('CreateTontine with a late fine', () => {
  const terms = { name: 'Abadatezuka', description: 'Market traders', contributionAmount: '5000', frequency: 'monthly', maxMembers: 3, creatorId: 'alice' };
  it('keeps the creator’s rule from the day of creation; refuses a bad one, and any for personal savings', async () => {
    const world = aWorld();
    const created = await world.createTontine.execute({ ...terms, lateFine: { kind: 'fixed', value: 1000, graceDays: 5 } });
    expect(created.ok && created.value.lateFine).toEqual({ kind: 'fixed', value: 1000, graceDays: 5, since: { year: 2026, month: 1, day: 31 } });
    expect((await world.createTontine.execute({ ...terms, lateFine: null })).ok).toBe(true);
    expect(await world.createTontine.execute({ ...terms, lateFine: { kind: 'fixed', value: 0 } })).toEqual({ ok: false, error: 'late_fine_invalid' });
    expect(await world.createTontine.execute({ ...terms, maxMembers: 1, lateFine: FIXED })).toEqual({ ok: false, error: 'late_fine_invalid' });
  });
});

describe('the group\'s books show the fines', () => {
  it('posted and waived as movements of no amount, paid as money into the pool; the balance is the ledger\'s', async () => {
    const world = await aFinedWorld();
    world.clock.set(feb(4));
    await world.postDueFines.execute();
    const fines = await world.fines();
    const bobs = fines.find((f) => f.memberId === 'bob')!;
    const carols = fines.find((f) => f.memberId === 'carol')!;
    world.clock.set(new Date(feb(4).getTime() + 60_000));
    await world.pay(bobs);
    world.clock.set(new Date(feb(4).getTime() + 120_000));
    await world.waiveFine.execute({ fineId: carols.id, tontineId: 't-1', by: { kind: 'admin', userId: 'alice', reason: 'Hospitalised' } });

    const balances = { poolBalances: async (ids: readonly string[]) => new Map(ids.map((id) => [id, world.ledger.balance(accounts.pool(id))])) };
    const show = new ShowGroupBooks({ tontines: world.tontines, balances, books: new InMemoryPoolBooks(world), profiles: world.profiles });
    const books = await show.execute({ tontineId: 't-1', userId: 'carol' });
    expect(books.ok && books.value.movements.map((m) => [m.kind, m.member, m.amount.toDecimal(), m.balanceAfter.toDecimal(), m.fine?.toDecimal() ?? null])).toEqual([
      ['fine_waived', 'Carol U.', '0.00', '500.00', '500.00'],
      ['fine', 'Bob U.', '500.00', '500.00', null],
      ['fine_posted', 'Carol U.', '0.00', '0.00', '500.00'],
      ['fine_posted', 'Bob U.', '0.00', '0.00', '500.00'],
      ['fine_posted', 'Alice U.', '0.00', '0.00', '500.00'],
    ]);
    expect(books.ok && books.value.balance).toEqual(world.ledger.balance(accounts.pool('t-1')));
    expect(books.ok && Money.sum(books.value.movements.map((m) => m.amount))).toEqual(Money.ofFrancs(500));
    // A page after a fine's movement holds what is older than it, as after a posting.
    const next = await show.execute({ tontineId: 't-1', userId: 'carol', cursor: books.ok ? books.value.nextCursor ?? 'none' : '', limit: 2 });
    expect(next).toEqual({ ok: false, error: 'cursor_invalid' });
    const firstThree = await show.execute({ tontineId: 't-1', userId: 'carol', limit: 3 });
    const after = await show.execute({ tontineId: 't-1', userId: 'carol', cursor: firstThree.ok ? firstThree.value.nextCursor! : '', limit: 3 });
    expect(after.ok && after.value.movements.map((m) => [m.kind, m.member])).toEqual([
      ['fine_posted', 'Bob U.'],
      ['fine_posted', 'Alice U.'],
    ]);
  });
});
