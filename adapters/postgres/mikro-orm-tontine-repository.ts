/**
 * MikroOrmTontineRepository: the core TontineRepository over `tontines` and `tontine_members`,
 * plus the look-ups the API lists need.
 *
 * Guarantees
 * - `findById` locks the tontine row (SELECT … FOR UPDATE) in the caller's transaction: use cases
 *   that change a tontine (join, start, draw, swap, payout, withdrawal) run one after another on
 *   one group, so two joins cannot both take the last spot and a cycle is paid out once.
 * - `save` writes the whole aggregate: the row (with its rotation document) and any new member.
 *   The transfers of payouts and withdrawals are stored by their use case (core/transfers, in
 *   `outgoing_transfers`), attempt by attempt.
 * - An id that is not a UUID is simply not found (never a database error).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Money } from '../../core/money/money.ts';
import { formatDate, parseDate } from '../../core/shared/calendar.ts';
import type { CompletedCycles, TontineRepository } from '../../core/tontines/ports.ts';
import type { DecisionRule } from '../../core/tontines/tontine-terms.ts';
import { invariant } from '../../core/shared/result.ts';
import type { GroupLateFine, LateFineRule } from '../../core/tontines/late-fine.ts';
import { Tontine, type Payout, type TurnSwap, type Withdrawal } from '../../core/tontines/tontine.ts';
import { sqlArray } from './sql-array.ts';
import { runPrepared } from './prepared-statements.ts';
import { readFromReplica } from './read-replicas.ts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TontineDbRow {
  id: string;
  name: string;
  description: string;
  category: string | null;
  contribution_centimes: string;
  frequency: string;
  max_members: number;
  decision_rule: DecisionRule;
  creator_id: string;
  /** A Date, or its ISO 8601 text when read as JSON. */
  created_at: Date | string;
  status: string;
  start_date: string | null;
  current_cycle: number;
  rotation: RotationDocument;
  /** The late fine rule (core/tontines/late-fine.ts) as stored, `since` as YYYY-MM-DD, or none. */
  late_fine: (LateFineRule & { since: string }) | null;
  /** In join order; `joined_at` as JSON writes it (ISO 8601). */
  members: { user_id: string; joined_at: string }[];
}

/** The rotation state, as stored: money in centimes, instants as ISO strings. */
interface RotationDocument {
  payoutOrder: string[];
  draw: { seed: string; joinOrder: string[]; order: string[]; drawnAt: string } | null;
  swaps: { id: string; proposerId: string; counterpartyId: string; proposedAt: string; status: TurnSwap['status'] }[];
  payouts: { cycle: number; recipientId: string; pot: number; arrears: number; paid: number; carried: number; reference: string; paidAt: string }[];
  withdrawals: { reference: string; amount: number; at: string }[];
}

const TONTINE_COLUMNS = `id, name, description, category, contribution_centimes::text as contribution_centimes, frequency, max_members, decision_rule,
  creator_id, created_at, status, start_date::text as start_date, current_cycle, rotation, late_fine`;

/**
 * A group with its members in join order, in one statement (a USSD menu step and the dashboard
 * read groups on every request). For reads only: a statement that waited for a row lock would see
 * the members as of its start, missing one a concurrent join committed meanwhile (READ COMMITTED
 * re-reads only the locked row); `findById` reads them after its lock instead.
 */
export const SELECT_TONTINE = `select ${TONTINE_COLUMNS},
  (select coalesce(json_agg(json_build_object('user_id', m.user_id, 'joined_at', m.joined_at) order by m.join_position), '[]')
     from tontine_members m where m.tontine_id = tontines.id) as members
  from tontines`;

/** Groups whose names `namesOf` keeps in memory. */
const MAX_KNOWN_NAMES = 10_000;

export class MikroOrmTontineRepository implements TontineRepository, CompletedCycles {
  private readonly knownNames = new Map<string, string>();

  constructor(private readonly em: EntityManager) {}

  async findById(id: string): Promise<Tontine | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.em.execute<Omit<TontineDbRow, 'members'>[]>(`select ${TONTINE_COLUMNS} from tontines where id = ? for update`, [id]);
    if (!row) return undefined;
    // A statement of its own, after the lock: it sees every member committed before the lock was granted.
    const members = await runPrepared<{ user_id: string; joined_at: Date }>(this.em, 'select user_id, joined_at from tontine_members where tontine_id = $1 order by join_position', [id]);
    return tontineOf(row, members.map((m) => ({ userId: m.user_id, joinedAt: new Date(m.joined_at) })));
  }

  /** Without a lock, for reading. */
  async get(id: string): Promise<Tontine | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return tontinesOf(await this.em.execute<TontineDbRow[]>(`${SELECT_TONTINE} where id = ?`, [id]))[0];
  }

  /**
   * The groups' names, by id, for notices: one query for those not read before. A group's name is
   * fixed when it is created (Tontine.name is read-only) and ids are never reused, so a name once
   * read stays right; payment confirmations ask for the same few groups all day.
   */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const valid = [...new Set(ids)].filter((id) => UUID_PATTERN.test(id));
    const unknown = valid.filter((id) => !this.knownNames.has(id));
    if (unknown.length > 0) {
      const rows = await runPrepared<{ id: string; name: string }>(this.em, 'select id, name from tontines where id = any($1::uuid[])', [sqlArray(unknown)]);
      for (const row of rows) this.rememberName(row.id, row.name);
    }
    return new Map(valid.flatMap((id) => (this.knownNames.has(id) ? [[id, this.knownNames.get(id)!] as const] : [])));
  }

  private rememberName(id: string, name: string): void {
    // Oldest first out: a bound, not a ranking; a group forgotten is read again.
    if (this.knownNames.size >= MAX_KNOWN_NAMES) this.knownNames.delete(this.knownNames.keys().next().value!);
    this.knownNames.set(id, name);
  }

  /**
   * Active groups whose current cycle has no unpaid contribution left: a payout (or, for personal
   * savings, a new period) is due. Oldest groups first, at most `limit`.
   */
  async listWithCurrentCycleComplete(limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select t.id from tontines t
       where t.status = 'active'
         and not exists (select 1 from contributions c where c.tontine_id = t.id and c.cycle = t.current_cycle and c.status = 'pending' and c.fine_of is null)
       order by t.created_at, t.id limit ?`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async listByMember(userId: string): Promise<Tontine[]> {
    if (!UUID_PATTERN.test(userId)) return [];
    // Prepared: every signed-in screen reads it (bench:dashboard).
    const rows = await runPrepared<TontineDbRow>(this.em, `${SELECT_TONTINE} where id in (select tontine_id from tontine_members where user_id = $1) order by created_at desc, id`, [userId]);
    return tontinesOf(rows);
  }

  /** Groups a visitor may discover: forming and active, newest first. */
  async listDiscoverable(limit: number): Promise<Tontine[]> {
    // Replica-safe: a public list that may be a second stale (read-replicas.ts).
    const rows = await readFromReplica<TontineDbRow>(
      this.em,
      `${SELECT_TONTINE} where status in ('forming', 'active') and max_members > 1 order by created_at desc, id limit ?`,
      [limit],
    );
    return tontinesOf(rows);
  }

  async save(tontine: Tontine): Promise<void> {
    const rotation: RotationDocument = {
      payoutOrder: [...tontine.payoutOrder],
      draw: tontine.draw && { seed: tontine.draw.seed, joinOrder: [...tontine.draw.joinOrder], order: [...tontine.draw.order], drawnAt: tontine.draw.drawnAt.toISOString() },
      swaps: tontine.swaps.map((s) => ({ ...s, proposedAt: s.proposedAt.toISOString() })),
      payouts: tontine.payouts.map((p) => ({
        cycle: p.cycle,
        recipientId: p.recipientId,
        pot: p.pot.centimes,
        arrears: p.arrears.centimes,
        paid: p.paid.centimes,
        carried: p.carried.centimes,
        reference: p.reference,
        paidAt: p.paidAt.toISOString(),
      })),
      withdrawals: tontine.withdrawals.map((w) => ({ reference: w.reference, amount: w.amount.centimes, at: w.at.toISOString() })),
    };
    await this.em.execute(
      `insert into tontines (id, name, description, category, contribution_centimes, frequency, max_members, decision_rule, creator_id, created_at, status, start_date, current_cycle, rotation, late_fine)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)
       on conflict (id) do update set status = excluded.status, start_date = excluded.start_date, current_cycle = excluded.current_cycle, rotation = excluded.rotation,
         late_fine = excluded.late_fine`,
      [
        tontine.id,
        tontine.name,
        tontine.description,
        tontine.category,
        String(tontine.contributionAmount.centimes),
        tontine.frequency,
        tontine.maxMembers,
        tontine.decisionRule,
        tontine.creatorId,
        tontine.createdAt,
        tontine.status,
        tontine.startDate && formatDate(tontine.startDate),
        tontine.currentCycle,
        JSON.stringify(rotation),
        tontine.lateFine && JSON.stringify({ ...tontine.lateFine, since: formatDate(tontine.lateFine.since) }),
      ],
    );
    await this.em.execute(
      `insert into tontine_members (tontine_id, user_id, joined_at, join_position)
       select ?, * from unnest(?::uuid[], ?::timestamptz[], ?::int[]) on conflict do nothing`,
      [tontine.id, sqlArray(tontine.members.map((m) => m.userId)), sqlArray(tontine.members.map((m) => m.joinedAt.toISOString())), sqlArray(tontine.members.map((_, i) => i + 1))],
    );
  }

}

/** Groups read with `SELECT_TONTINE` (also as JSON: every instant is read with `new Date`). */
export function tontinesOf(rows: readonly TontineDbRow[]): Tontine[] {
  return rows.map((row) => tontineOf(row, row.members.map((m) => ({ userId: m.user_id, joinedAt: new Date(m.joined_at) }))));
}

/** A group's late fine rule as stored (`since` as YYYY-MM-DD). */
function lateFineOf(tontineId: string, stored: LateFineRule & { since: string }): GroupLateFine {
  const since = parseDate(stored.since);
  invariant(since, `tontine ${tontineId}: late fine since ${stored.since}`);
  return { kind: stored.kind, value: stored.value, graceDays: stored.graceDays, since };
}

/** MikroORM-style hydration: the core class without running its constructor, fields as stored. */
function tontineOf(row: Omit<TontineDbRow, 'members'>, members: { userId: string; joinedAt: Date }[]): Tontine {
  const rotation = row.rotation;
  const payouts: Payout[] = rotation.payouts.map((p) => ({
    cycle: p.cycle,
    recipientId: p.recipientId,
    pot: Money.ofCentimes(p.pot),
    arrears: Money.ofCentimes(p.arrears),
    paid: Money.ofCentimes(p.paid),
    carried: Money.ofCentimes(p.carried),
    reference: p.reference,
    paidAt: new Date(p.paidAt),
  }));
  const withdrawals: Withdrawal[] = rotation.withdrawals.map((w) => ({ reference: w.reference, amount: Money.ofCentimes(w.amount), at: new Date(w.at) }));
  return Object.assign(Object.create(Tontine.prototype) as Tontine, {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    contributionAmount: Money.ofCentimes(Number(row.contribution_centimes)),
    frequency: row.frequency,
    maxMembers: row.max_members,
    decisionRule: row.decision_rule,
    creatorId: row.creator_id,
    createdAt: new Date(row.created_at),
    status_: row.status,
    members_: members,
    payoutOrder_: [...rotation.payoutOrder],
    startDate_: row.start_date === null ? null : (parseDate(row.start_date) ?? null),
    currentCycle_: row.current_cycle,
    draw_: rotation.draw && { ...rotation.draw, drawnAt: new Date(rotation.draw.drawnAt) },
    swaps_: rotation.swaps.map((s) => ({ ...s, proposedAt: new Date(s.proposedAt) })),
    payouts_: payouts,
    withdrawals_: withdrawals,
    lateFine_: row.late_fine && lateFineOf(row.id, row.late_fine),
  });
}
