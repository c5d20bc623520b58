/**
 * ShowGroupReport: a group's report for its members (issue 28 "Statements and reports"): who the
 * members are, what each paid in and received, the contributions of each cycle with its payout,
 * and every movement of the pool since it opened.
 *
 * Guarantees
 * - Members only, with the books' answers (core/tontines/tontine-access.ts): `not_a_member` to a
 *   signed-in outsider of a group they can see, `tontine_not_found` for someone else's personal
 *   savings or an unknown id.
 * - A member is named by first name and last initial, never a phone number.
 * - Every figure is a sum of the pool's postings: the movements run from zero to the closing
 *   balance, which is the ledger's; per member and per cycle figures add up to the totals.
 * - A movement whose kind the statements do not know (a fine, once groups have them) is listed
 *   with its amount under its kind code, so the report still sums to the ledger.
 */
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { ok, type Result } from '../shared/result.ts';
import { publicName } from '../tontines/member-names.ts';
import type { MemberProfiles, TontineRepository } from '../tontines/ports.ts';
import { movementKind, type MovementKind } from '../tontines/show-group-books.ts';
import { memberTontine, type TontineAccessError } from '../tontines/tontine-access.ts';
import type { TontineStatus } from '../tontines/tontine.ts';
import type { StatementLedger } from './ports.ts';

export interface ReportMovement {
  at: Date;
  kind: MovementKind;
  member: string | null;
  amount: Money;
  balanceAfter: Money;
  reference: string | null;
  method: string | null;
  /** The cycle a contribution paid; null for the others. */
  cycle: number | null;
}

export interface GroupReport {
  group: { id: string; name: string; status: TontineStatus; contributionAmount: Money; frequency: string; currentCycle: number; personal: boolean };
  generatedAt: Date;
  members: { name: string; joinedAt: Date; paidIn: Money; received: Money }[];
  cycles: { cycle: number; contributions: number; paidIn: Money; payout: { member: string; paid: Money; at: Date } | null }[];
  movements: ReportMovement[];
  totals: { in: Money; out: Money; balance: Money };
}

export interface ShowGroupReportDeps {
  tontines: Pick<TontineRepository, 'get'>;
  profiles: MemberProfiles;
  statementLedger: StatementLedger;
  clock: { now(): Date };
}

const IN_KINDS: ReadonlySet<MovementKind> = new Set(['contribution', 'contribution_reversed']);

export class ShowGroupReport {
  constructor(private readonly deps: ShowGroupReportDeps) {}

  async execute(input: { tontineId: string; userId: string }): Promise<Result<GroupReport, TontineAccessError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const tontine = member.value;
    const lines = await this.deps.statementLedger.lines([accounts.pool(tontine.id)], {});
    const ids = [...new Set([...tontine.members.map((m) => m.userId), ...lines.flatMap((l) => (l.memberId ? [l.memberId] : []))])];
    const profiles = await this.deps.profiles.profiles(ids);
    const nameOf = (id: string) => publicName(profiles.get(id));
    let balance = Money.ZERO;
    const movements = lines.map((l) => {
      balance = balance.plus(l.amount);
      return { at: l.at, kind: movementKind(l), member: l.memberId ? nameOf(l.memberId) : null, amount: l.amount, balanceAfter: balance, reference: l.reference, method: l.method, cycle: l.cycle };
    });
    const memberLines = (id: string) => lines.filter((l) => l.memberId === id);
    const cycles = new Map<number, { contributions: number; paidIn: Money }>();
    for (const l of lines) {
      if (l.cycle === null || !IN_KINDS.has(movementKind(l))) continue;
      const c = cycles.get(l.cycle) ?? { contributions: 0, paidIn: Money.ZERO };
      cycles.set(l.cycle, { contributions: c.contributions + (l.amount.isPositive() ? 1 : -1), paidIn: c.paidIn.plus(l.amount) });
    }
    for (const p of tontine.payouts) if (!cycles.has(p.cycle)) cycles.set(p.cycle, { contributions: 0, paidIn: Money.ZERO });
    return ok({
      group: {
        id: tontine.id,
        name: tontine.name,
        status: tontine.status,
        contributionAmount: tontine.contributionAmount,
        frequency: tontine.frequency,
        currentCycle: tontine.currentCycle,
        personal: tontine.isPersonalSavings,
      },
      generatedAt: this.deps.clock.now(),
      members: tontine.members.map((m) => {
        const own = memberLines(m.userId);
        const paidIn = Money.sum(own.filter((l) => IN_KINDS.has(movementKind(l))).map((l) => l.amount));
        const received = Money.ZERO.minus(Money.sum(own.filter((l) => !IN_KINDS.has(movementKind(l))).map((l) => l.amount)));
        return { name: nameOf(m.userId), joinedAt: m.joinedAt, paidIn, received };
      }),
      cycles: [...cycles.entries()]
        .sort(([a], [b]) => a - b)
        .map(([cycle, c]) => {
          const payout = tontine.payouts.find((p) => p.cycle === cycle);
          return { cycle, ...c, payout: payout ? { member: nameOf(payout.recipientId), paid: payout.paid, at: payout.paidAt } : null };
        }),
      movements,
      totals: {
        in: Money.sum(lines.filter((l) => l.amount.isPositive()).map((l) => l.amount)),
        out: Money.ZERO.minus(Money.sum(lines.filter((l) => l.amount.isNegative()).map((l) => l.amount))),
        balance,
      },
    });
  }
}
