/**
 * The members, groups and contributions the payment benches pay (bench:payments, bench:soak), set
 * up through the app's own API as members would (setup, not measured), and the pay request each
 * owed contribution makes.
 *
 * - Every group keeps one member who pays nothing, so no cycle completes and no payout debits a
 *   pool: a contribution is a credit to its pool, which takes no lock.
 * - A member's phone ends in 454 (MTN's "pending" test number in sandbox mode, which the fake MTN
 *   and the benches' providers never call back) when `stays`; any other is paid at once.
 * - Members, e-mails and phones are numbered in this process: one database per process.
 */
import type { LoadRequest } from './http-load.ts';

export interface PaymentWorld {
  /** The app, e.g. http://127.0.0.1:41234 (no trailing slash). */
  base: string;
  /** Runs SQL (`?` placeholders) on the app's database: setup look-ups and checks, not measured. */
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** How many setup calls run at once. */
  clients: number;
}

export interface Member {
  id: string;
  token: string;
}

export interface Owed {
  member: Member;
  contributionId: string;
}

export interface Group {
  id: string;
  payers: Member[];
}

export const AMOUNT = '2000';

export async function api(base: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function expectStatus(what: string, got: { status: number; body: unknown }, ...ok: number[]): void {
  if (!ok.includes(got.status)) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
}

/** Setup: runs `op` over the items with `world.clients` concurrent callers. */
export async function concurrently<T>(world: PaymentWorld, items: readonly T[], op: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: world.clients }, async () => {
      while (next < items.length) await op(items[next++]!);
    }),
  );
}

let memberSeq = 0;
/** `stays` gives MTN's "pending" test number (ending 454 in sandbox mode): no callback, ever. */
function phone(n: number, stays: boolean): string {
  return stays ? `+25078${String(n).padStart(4, '0')}454` : `+25078${String(n).padStart(6, '0')}9`;
}

/** A group of `size` members registered, the first its creator; every member but the last pays. */
export async function group(world: PaymentWorld, size: number, stays: boolean): Promise<Group> {
  const members = await Promise.all(
    Array.from({ length: size }, async () => {
      const n = ++memberSeq;
      const res = await api(world.base, 'POST', '/api/auth/register', { email: `bench${n}@example.rw`, password: 'bench password', firstName: 'Bench', lastName: 'Member', phone: phone(n, stays) });
      expectStatus('register', res, 201);
      return { id: (res.body.user as { id: string }).id, token: res.body.token as string };
    }),
  );
  const auth = (m: Member) => ({ authorization: `Bearer ${m.token}` });
  const created = await api(world.base, 'POST', '/api/tontines', { name: `Bench ${memberSeq}`, description: 'Bench group', contributionAmount: AMOUNT, frequency: 'weekly', maxMembers: size }, auth(members[0]!));
  expectStatus('create group', created, 201);
  const id = created.body.id as string;
  for (const m of members.slice(1)) expectStatus('join', await api(world.base, 'POST', `/api/tontines/${id}/join`, undefined, auth(m)), 200, 201);
  // The last member abstains: no cycle completes, no payout debits the pool.
  return { id, payers: members.slice(0, -1) };
}

/** The payers' contributions in these groups, group after group, each by cycle then member. */
export async function owedIn(world: PaymentWorld, groups: Group[]): Promise<Owed[]> {
  const owed: Owed[] = [];
  for (const g of groups) {
    const rows = await world.query<{ id: string; member_id: string }>('select id, member_id from contributions where tontine_id = ? order by cycle, member_id', [g.id]);
    const payers = new Map(g.payers.map((m) => [m.id, m]));
    for (const row of rows) {
      const member = payers.get(row.member_id);
      if (member) owed.push({ member, contributionId: row.id });
    }
  }
  return owed;
}

/** The member's payment of the contribution (POST /api/contributions/:id/pay, with an Idempotency-Key): 202 once accepted. */
export function payRequest(o: Owed): LoadRequest {
  return {
    method: 'POST',
    path: `/api/contributions/${o.contributionId}/pay`,
    headers: { authorization: `Bearer ${o.member.token}`, 'idempotency-key': `bench-${o.contributionId}` },
    body: {},
    expect: { status: 202 },
  };
}

/** How many contribution payments of these groups are still pending. */
export async function pendingIn(world: PaymentWorld, tontineIds: string[]): Promise<number> {
  const rows = await world.query<{ n: string }>("select count(*)::text as n from payments where kind = 'contribution' and status = 'pending' and tontine_id = any(?::uuid[])", [`{${tontineIds.join(',')}}`]);
  return Number(rows[0]!.n);
}

/** Waits until no contribution payment of these groups is pending (polled every 10 ms); throws after `timeoutMs`. */
export async function untilSettled(world: PaymentWorld, tontineIds: string[], timeoutMs: number): Promise<void> {
  for (let waited = 0; (await pendingIn(world, tontineIds)) > 0; waited += 10) {
    if (waited > timeoutMs) throw new Error(`${await pendingIn(world, tontineIds)} payments still pending`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
