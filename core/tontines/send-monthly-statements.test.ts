import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { compareDates, kigaliMonthContaining, type LocalDate } from '../shared/calendar.ts';
import { monthlyFigures } from './monthly-statement.ts';
import { InMemoryPoolBooks } from './pool-books.fixtures.ts';
import type { MonthlyStatements, PoolPosting } from './ports.ts';
import { SendMonthlyStatements } from './send-monthly-statements.ts';
import { aTontine, aWorld, type World } from './tontines.fixtures.ts';

/** The statements recorded, and the groups awaiting one, read from the world's tontines. */
class InMemoryMonthlyStatements implements MonthlyStatements {
  readonly recorded = new Set<string>();
  constructor(private readonly world: World) {}
  async groupsAwaiting(month: string, startedBefore: LocalDate, limit: number): Promise<string[]> {
    const groups = await this.world.tontines.listDiscoverable(1_000);
    return groups
      .filter((t) => t.status === 'active' && t.startDate !== null && compareDates(t.startDate, startedBefore) < 0 && !this.recorded.has(`${t.id}:${month}`))
      .map((t) => t.id)
      .slice(0, limit);
  }
  async recordOnce(tontineId: string, month: string): Promise<boolean> {
    const key = `${tontineId}:${month}`;
    if (this.recorded.has(key)) return false;
    this.recorded.add(key);
    return true;
  }
}

const silent = { warn() {}, error() {} };

/** The statements the members were sent (the world's other notices aside). */
const told = (world: World) => world.notifier.sent.filter((n) => n.template === 'tontine_monthly_statement');

/** A group of three started on 31 January: cycle 1 paid and paid out to Alice, Carol's cycle 2 paid early. */
async function januaryWorld() {
  const world = aWorld();
  await world.given(aTontine().withMembers(3).build());
  await world.payCycle(1);
  await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
  await world.pay((await world.contributions.listByTontine('t-1')).find((c) => c.cycle === 2 && c.memberId === 'carol')!);
  const statements = new InMemoryMonthlyStatements(world);
  const send = new SendMonthlyStatements({ ...world, statements, books: new InMemoryPoolBooks(world), events: silent });
  return { world, statements, send };
}

/** 1 February 2026, 08:00 in Kigali. */
const FEB_1 = new Date('2026-02-01T06:00:00Z');

describe('SendMonthlyStatements', () => {
  it('tells every member of an active group its month once: in, out and to whom, the balance, the next payout; figures equal the ledger', async () => {
    const { world, send } = await januaryWorld();
    world.clock.set(FEB_1);
    expect(await send.execute()).toEqual({ sent: 1, alreadySent: 0, members: 3, failed: 0 });
    const params = { tontineName: 'Abadatezuka', month: '2026-01', moneyIn: '20,000 RWF', moneyOut: '15,000 RWF', paidTo: 'Alice U.', balance: '5,000 RWF', nextRecipient: 'Bob U.', nextDate: '2026-02-28' };
    expect(told(world)).toEqual(['alice', 'bob', 'carol'].map((userId) => ({ userId, type: 'other', template: 'tontine_monthly_statement', params })));
    expect(Money.ofFrancs(5_000)).toEqual(world.ledger.balance(accounts.pool('t-1')));
    // A re-run, later that day or the next, sends nothing more.
    world.clock.set(new Date(FEB_1.getTime() + 3_600_000));
    expect(await send.execute()).toEqual({ sent: 0, alreadySent: 0, members: 0, failed: 0 });
    expect(told(world)).toHaveLength(3);
  });

  it('two runs racing send it once', async () => {
    const { world, send } = await januaryWorld();
    world.clock.set(FEB_1);
    const [a, b] = await Promise.all([send.execute(), send.execute()]);
    expect(a.sent + b.sent).toBe(1);
    expect(told(world)).toHaveLength(3);
  });

  it('the balance is the month end’s, not today’s: money moved since is in the next statement', async () => {
    const { world, send } = await januaryWorld();
    world.clock.set(new Date('2026-02-01T23:00:00Z'));
    await world.pay((await world.contributions.listByTontine('t-1')).find((c) => c.cycle === 2 && c.memberId === 'alice')!);
    await send.execute();
    expect(told(world)[0]?.params).toMatchObject({ moneyIn: '20,000 RWF', balance: '5,000 RWF' });
    world.clock.set(new Date('2026-03-01T06:00:00Z'));
        expect(await send.execute()).toMatchObject({ sent: 1 });
    expect(told(world)[3]?.params).toMatchObject({ month: '2026-02', moneyIn: '5,000 RWF', moneyOut: '0 RWF', paidTo: '', balance: '10,000 RWF' });
  });

  it('no statement for a group started after the month, a forming group or personal savings', async () => {
    const { world, send } = await januaryWorld();
    await world.given(aTontine().withId('later').withMembers(2).createdOn(new Date('2026-02-01T05:00:00Z')).build());
    await world.given(aTontine().withId('forming').withMembers(2).withMaxMembers(4).build());
    await world.given(aTontine().withId('mine').withMembers(1).build());
    world.clock.set(FEB_1);
    expect(await send.execute()).toMatchObject({ sent: 1 });
    expect(new Set(told(world).map((n) => n.userId))).toEqual(new Set(['alice', 'bob', 'carol']));
  });

  it('a group that fails is logged and does not stop the others', async () => {
    const { world, statements } = await januaryWorld();
    await world.given(aTontine().withId('t-2').withMembers(2).build());
    const errors: Record<string, unknown>[] = [];
    const books = new InMemoryPoolBooks(world);
    const flaky = { postings: (id: string, page: { before?: string; limit: number }) => (id === 't-2' ? Promise.reject(new Error('read failed')) : books.postings(id, page)) };
    const send = new SendMonthlyStatements({ ...world, statements, books: flaky, events: { warn() {}, error: (fields) => void errors.push(fields) } });
    world.clock.set(FEB_1);
    expect(await send.execute()).toEqual({ sent: 1, alreadySent: 0, members: 3, failed: 1 });
    expect(errors).toEqual([expect.objectContaining({ tontineId: 't-2', month: '2026-01' })]);
    expect(new Set(told(world).map((n) => n.userId))).toEqual(new Set(['alice', 'bob', 'carol']));
  });
});

describe('monthlyFigures', () => {
  const november = kigaliMonthContaining(new Date('2026-11-15T00:00:00Z'));
  let n = 0;
  const posting = (at: string, entryKind: string, francs: number, extra: Partial<PoolPosting> = {}): Omit<PoolPosting, 'balanceAfter'> => ({
    fine: null,
    entryId: `e-${++n}`,
    at: new Date(at),
    entryKind,
    reversedKind: null,
    memberId: null,
    amount: Money.ofFrancs(francs),
    reference: null,
    ...extra,
  });
  /** Oldest first in, newest first out, with the running balance. */
  const books = (oldestFirst: Omit<PoolPosting, 'balanceAfter'>[]): PoolPosting[] => {
    let balance = Money.ZERO;
    return oldestFirst.map((p) => ({ ...p, balanceAfter: (balance = balance.plus(p.amount)) })).reverse();
  };

  it('a payout that failed and came back within the month is neither in nor out; one back from an earlier month is in', () => {
    const figures = monthlyFigures(
      books([
        posting('2026-10-20T10:00:00Z', 'contribution_received', 30_000),
        posting('2026-10-31T10:00:00Z', 'tontine_payout', -10_000, { memberId: 'dan', reference: 'payout:t:1' }),
        // 22:30 UTC on 31 October is 00:30 on 1 November in Kigali: back from October's payout, money in.
        posting('2026-10-31T22:30:00Z', 'reversal', 10_000, { reversedKind: 'tontine_payout', memberId: 'dan', reference: 'payout:t:1' }),
        posting('2026-11-10T10:00:00Z', 'contribution_received', 5_000, { memberId: 'eve' }),
        posting('2026-11-20T10:00:00Z', 'tontine_payout', -20_000, { memberId: 'bob', reference: 'payout:t:2' }),
        posting('2026-11-21T10:00:00Z', 'reversal', 20_000, { reversedKind: 'tontine_payout', memberId: 'bob', reference: 'payout:t:2' }),
        posting('2026-11-25T10:00:00Z', 'tontine_payout', -20_000, { memberId: 'bob', reference: 'payout:t:2' }),
        posting('2026-11-26T10:00:00Z', 'tontine_payout', -5_000, { memberId: 'carol', reference: 'payout:t:3' }),
        // 1 December 00:00 in Kigali: the next month's.
        posting('2026-11-30T22:00:00Z', 'contribution_received', 7_000),
      ]),
      november,
    );
    expect(figures).toEqual({ balance: Money.ofFrancs(10_000), moneyIn: Money.ofFrancs(15_000), moneyOut: Money.ofFrancs(25_000), paidTo: ['bob', 'carol'] });
    // The balance before the month plus in minus out is the balance at its end.
    expect(Money.ofFrancs(20_000).plus(figures.moneyIn).minus(figures.moneyOut)).toEqual(figures.balance);
  });

  it('a month without postings: nothing in or out, the balance carried', () => {
    expect(monthlyFigures(books([posting('2026-09-01T10:00:00Z', 'contribution_received', 4_000)]), november)).toEqual({ balance: Money.ofFrancs(4_000), moneyIn: Money.ZERO, moneyOut: Money.ZERO, paidTo: [] });
    expect(monthlyFigures([], november)).toEqual({ balance: Money.ZERO, moneyIn: Money.ZERO, moneyOut: Money.ZERO, paidTo: [] });
  });
});
