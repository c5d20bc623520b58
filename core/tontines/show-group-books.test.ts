import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { InMemoryPoolBooks } from './pool-books.fixtures.ts';
import type { PoolBalances } from './ports.ts';
import { ShowGroupBooks } from './show-group-books.ts';
import { aTontine, aWorld, TableProfiles, type World } from './tontines.fixtures.ts';

const minute = 60_000;

/** A group of three: cycle 1 paid and paid out, the payout failed and booked back; one contribution of cycle 2. */
async function booksWorld() {
  const world = aWorld();
  const tick = () => world.clock.set(new Date(world.clock.now().getTime() + minute));
  await world.given(aTontine().withMembers(3).build());
  await world.given(aTontine().withId('other').withMembers(1).withMaxMembers(3).build());
  for (const c of (await world.contributions.listByTontine('t-1')).filter((c) => c.cycle === 1)) {
    tick();
    await world.pay(c);
  }
  tick();
  await world.payoutIfCycleComplete.execute({ tontineId: 't-1' });
  tick();
  await world.settleTransfer.execute({ reference: 'payout:t-1:1', status: 'failed' });
  tick();
  await world.pay((await world.contributions.listByTontine('t-1')).find((c) => c.cycle === 2 && c.memberId === 'carol')!);
  const profiles = new TableProfiles().with('alice', { lastName: 'Uwase' }).with('bob', { lastName: 'Habimana' }).with('carol', { firstName: 'Amina', lastName: 'uwera' });
  const show = new ShowGroupBooks({ tontines: world.tontines, balances: balancesOf(world), books: new InMemoryPoolBooks(world), profiles });
  return { world, show };
}

function balancesOf(world: World): PoolBalances {
  return { poolBalances: async (ids) => new Map(ids.map((id) => [id, world.ledger.balance(accounts.pool(id))])) };
}

describe('ShowGroupBooks', () => {
  it('lists every movement of the pool newest first, with who, the reference and the running balance; they sum to the ledger’s balance', async () => {
    const { world, show } = await booksWorld();
    const books = await show.execute({ tontineId: 't-1', userId: 'bob' });
    expect(books.ok).toBe(true);
    if (!books.ok) return;
    expect(books.value.balance).toEqual(world.ledger.balance(accounts.pool('t-1')));
    expect(books.value.balance).toEqual(Money.ofFrancs(20_000));
    expect(books.value.movements.map((m) => [m.kind, m.member, m.amount.toWholeFrancs(), m.balanceAfter.toWholeFrancs()])).toEqual([
      ['contribution', 'Amina U.', 5000, 20_000],
      ['payout_returned', 'Alice U.', 15_000, 15_000],
      ['payout', 'Alice U.', -15_000, 0],
      ['contribution', 'Amina U.', 5000, 15_000],
      ['contribution', 'Bob H.', 5000, 10_000],
      ['contribution', 'Alice U.', 5000, 5000],
    ]);
    expect(Money.sum(books.value.movements.map((m) => m.amount))).toEqual(books.value.balance);
    expect(books.value.movements[1]!.reference).toBe('payout:t-1:1');
    expect(books.value.movements[2]!.reference).toBe('payout:t-1:1');
    const paidBy = (await world.contributions.listByTontine('t-1')).find((c) => c.cycle === 1 && c.memberId === 'bob')!;
    expect(books.value.movements[4]!.reference).toBe(paidBy.attempts[0]!.providerReference);
    expect(books.value.nextCursor).toBeNull();
    expect(JSON.stringify(books.value)).not.toMatch(/\+250|alice|"bob"|carol/);
  });

  it('pages by a cursor that a movement posted meanwhile does not shift', async () => {
    const { world, show } = await booksWorld();
    const first = await show.execute({ tontineId: 't-1', userId: 'alice', limit: 4 });
    expect(first.ok && first.value.movements).toHaveLength(4);
    const cursor = first.ok ? first.value.nextCursor : null;
    expect(cursor).not.toBeNull();
    world.clock.set(new Date(world.clock.now().getTime() + minute));
    await world.pay((await world.contributions.listByTontine('t-1')).find((c) => c.cycle === 2 && c.memberId === 'bob')!);
    const second = await show.execute({ tontineId: 't-1', userId: 'alice', limit: 4, cursor: cursor! });
    expect(second.ok && second.value.movements.map((m) => [m.member, m.balanceAfter.toWholeFrancs()])).toEqual([
      ['Bob H.', 10_000],
      ['Alice U.', 5000],
    ]);
    expect(second.ok && second.value.nextCursor).toBeNull();
    expect(second.ok && second.value.balance).toEqual(Money.ofFrancs(25_000));
  });

  it('refuses a cursor that is no movement of this pool, rather than answering an empty page', async () => {
    const { show } = await booksWorld();
    const first = await show.execute({ tontineId: 't-1', userId: 'alice', limit: 1 });
    const ofT1 = first.ok ? first.value.nextCursor! : '';
    expect(await show.execute({ tontineId: 'other', userId: 'alice', cursor: ofT1 })).toEqual({ ok: false, error: 'cursor_invalid' });
    expect(await show.execute({ tontineId: 't-1', userId: 'alice', cursor: '00000000-0000-4000-8000-000000000000' })).toEqual({ ok: false, error: 'cursor_invalid' });
  });

  it('takes the first page’s balance from its newest movement, so the two agree while money moves', async () => {
    const { world } = await booksWorld();
    // The ledger's balance read apart from the page: a movement posted between the two reads.
    const moved: PoolBalances = { poolBalances: async (ids) => new Map(ids.map((id) => [id, Money.ofFrancs(999_999)])) };
    const show = new ShowGroupBooks({ tontines: world.tontines, balances: moved, books: new InMemoryPoolBooks(world), profiles: new TableProfiles() });
    const first = await show.execute({ tontineId: 't-1', userId: 'alice', limit: 2 });
    expect(first.ok && first.value.balance).toEqual(first.ok && first.value.movements[0]!.balanceAfter);
    expect(first.ok && first.value.balance).toEqual(world.ledger.balance(accounts.pool('t-1')));
  });

  it('is for the group’s members only', async () => {
    const { show } = await booksWorld();
    expect(await show.execute({ tontineId: 't-1', userId: 'stranger' })).toEqual({ ok: false, error: 'not_a_member' });
    expect(await show.execute({ tontineId: 'nope', userId: 'alice' })).toEqual({ ok: false, error: 'tontine_not_found' });
    const empty = await show.execute({ tontineId: 'other', userId: 'alice' });
    expect(empty).toEqual({ ok: true, value: { balance: Money.ZERO, movements: [], nextCursor: null } });
  });
});
