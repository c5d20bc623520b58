/**
 * What the savings API shows: core tontines and contributions shaped as the specification's
 * entities (part 1 §3), with names and avatars from the members' profiles and pool balances from
 * the ledger. Reads only; no rule is decided here.
 *
 * Guarantees
 * - Amounts are decimal strings with two decimals ("12500.00"); dates are Kigali calendar days.
 * - A member's public face is name, avatar and initials: never a phone number or an e-mail. The
 *   full name only to the group's own members; to anyone else (signed out, or not in the group)
 *   the first name and the initial of the last name ("Aline M."), wherever a group answers.
 * - Overdue is derived at the time of the request, as the core defines it.
 */
import type { Container } from 'inversify';
import type { Contribution } from '../../core/contributions/contribution.ts';
import { onTimeRate, savingsBalance } from '../../core/contributions/contribution-summary.ts';
import { Money } from '../../core/money/money.ts';
import { compareDates, formatDate, kigaliDateOf, kigaliInstant } from '../../core/shared/calendar.ts';
import type { Tontine } from '../../core/tontines/tontine.ts';
import { MikroOrmContributionRepository } from '../../adapters/postgres/mikro-orm-contribution-repository.ts';
import { MikroOrmTontineRepository } from '../../adapters/postgres/mikro-orm-tontine-repository.ts';
import { PostgresMemberDirectory, type PublicProfile } from '../../adapters/postgres/postgres-community.ts';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import type { PaymentRecord } from '../../adapters/postgres/postgres-payment-repository.ts';
import { TOKENS } from '../container.ts';

export function displayName(profile: PublicProfile | undefined): string {
  return profile ? `${profile.firstName} ${profile.lastName}`.trim() : 'Former member';
}

/** The name shown outside the group: first name and the last name's initial ("Aline M."). */
export function publicName(profile: PublicProfile | undefined): string {
  if (!profile) return 'Former member';
  // The first code point, not code unit: a name may start outside the Basic Multilingual Plane.
  const [initial] = Array.from(profile.lastName.trim());
  return initial ? `${profile.firstName.trim()} ${initial.toUpperCase()}.` : profile.firstName.trim();
}

/** How this viewer sees the names of this group's members. */
function namerFor(tontine: Tontine, viewerId: string | null): (profile: PublicProfile | undefined) => string {
  return viewerId !== null && tontine.isMember(viewerId) ? displayName : publicName;
}

function initialsOf(profile: PublicProfile | undefined): string {
  if (!profile) return '?';
  return `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
}

export function presentPayment(payment: PaymentRecord) {
  return {
    id: payment.id,
    paymentId: payment.id,
    contributionId: payment.contributionId,
    kind: payment.kind,
    status: payment.status,
    amount: payment.amount.toDecimal(),
    phoneNumber: payment.phoneNumber,
    provider: payment.provider,
    reason: payment.reason,
    createdAt: payment.createdAt.toISOString(),
    completedAt: payment.completedAt?.toISOString() ?? null,
  };
}

export class SavingsViews {
  private readonly tontines: MikroOrmTontineRepository;
  private readonly contributions: MikroOrmContributionRepository;
  private readonly directory: PostgresMemberDirectory;
  private readonly ledger: PostgresLedgerRepository;
  private readonly now: () => Date;

  constructor(container: Container) {
    this.tontines = container.get(MikroOrmTontineRepository);
    this.contributions = container.get(MikroOrmContributionRepository);
    this.directory = container.get(PostgresMemberDirectory);
    this.ledger = container.get(PostgresLedgerRepository);
    const clock = container.get(TOKENS.Clock);
    this.now = () => clock.now();
  }

  profiles(userIds: readonly string[]): Promise<Map<string, PublicProfile>> {
    return this.directory.profiles(userIds);
  }

  async tontineList(tontines: readonly Tontine[], viewerId: string | null) {
    const profiles = await this.directory.profiles(tontines.flatMap((t) => t.members.map((m) => m.userId)));
    const balances = await this.ledger.poolBalances(tontines.map((t) => t.id));
    const mine = viewerId ? await this.contributions.listByMember(viewerId) : [];
    return tontines.map((t) => this.tontine(t, viewerId, profiles, balances.get(t.id) ?? Money.ZERO, mine));
  }

  async tontineOne(tontine: Tontine, viewerId: string | null) {
    const [view] = await this.tontineList([tontine], viewerId);
    return view!;
  }

  members(tontine: Tontine, profiles: Map<string, PublicProfile>, viewerId: string | null) {
    const nameOf = namerFor(tontine, viewerId);
    return tontine.members.map((m) => {
      const profile = profiles.get(m.userId);
      const isAdmin = tontine.isAdmin(m.userId);
      return { id: m.userId, name: nameOf(profile), avatar: profile?.profilePhotoUrl ?? null, initials: initialsOf(profile), role: isAdmin ? ('admin' as const) : ('member' as const), isAdmin };
    });
  }

  private tontine(t: Tontine, viewerId: string | null, profiles: Map<string, PublicProfile>, balance: Money, mine: readonly Contribution[]) {
    const now = this.now();
    const next = mine
      .filter((c) => c.tontineId === t.id && !c.isCompleted)
      .sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.cycle - b.cycle)[0];
    const recipient = t.nextRecipient;
    return {
      id: t.id,
      name: t.name,
      description: t.description,
      category: t.category,
      contributionAmount: t.contributionAmount.toDecimal(),
      frequency: t.frequency,
      maxMembers: t.maxMembers,
      currentCycle: t.currentCycle,
      status: t.status,
      members: this.members(t, profiles, viewerId),
      nextPayoutDate: t.nextPayoutDate && formatDate(t.nextPayoutDate),
      nextRecipient: recipient === null ? null : namerFor(t, viewerId)(profiles.get(recipient)),
      currentAmount: balance.toDecimal(),
      targetAmount: t.contributionAmount.times(t.maxMembers).toDecimal(),
      createdAt: t.createdAt.toISOString(),
      isMember: viewerId !== null && t.isMember(viewerId),
      isAdmin: viewerId !== null && t.isAdmin(viewerId),
      spotsLeft: t.status === 'forming' ? Math.max(0, t.maxMembers - t.members.length) : 0,
      myNextContribution: next
        ? { id: next.id, amount: next.amount.toDecimal(), dueDate: formatDate(next.dueDate), status: next.isOverdueAt(now) ? ('overdue' as const) : ('pending' as const) }
        : null,
    };
  }

  async memberContributions(userId: string) {
    const contributions = await this.contributions.listByMember(userId);
    const names = new Map<string, string>();
    for (const t of await this.tontines.listByMember(userId)) names.set(t.id, t.name);
    const now = this.now();
    return contributions.map((c) => ({
      id: c.id,
      tontineId: c.tontineId,
      tontineName: names.get(c.tontineId) ?? '',
      amount: c.amount.toDecimal(),
      status: c.viewAt(now),
      dueDate: formatDate(c.dueDate),
      paidDate: c.paidAt?.toISOString() ?? null,
      paymentMethod: c.paymentMethod,
      cycle: c.cycle,
    }));
  }

  async tontineContributions(tontine: Tontine) {
    const contributions = await this.contributions.listByTontine(tontine.id);
    const profiles = await this.directory.profiles(tontine.members.map((m) => m.userId));
    const now = this.now();
    return contributions.map((c) => ({
      id: c.id,
      userId: c.memberId,
      userName: displayName(profiles.get(c.memberId)),
      amount: c.amount.toDecimal(),
      status: c.viewAt(now),
      dueDate: formatDate(c.dueDate),
      createdAt: (c.paidAt ?? kigaliInstant(c.dueDate)).toISOString(),
      paidDate: c.paidAt?.toISOString() ?? null,
      cycle: c.cycle,
    }));
  }

  /** The dashboard's computed figures (DOMAIN "Savings"; the spec's placeholders made real). */
  async dashboardSummary(userId: string) {
    const now = this.now();
    const tontines = await this.tontines.listByMember(userId);
    const contributions = await this.contributions.listByMember(userId);
    const received = tontines.flatMap((t) => [
      ...t.payouts.filter((p) => p.recipientId === userId).map((p) => p.paid),
      ...(t.creatorId === userId ? t.withdrawals.map((w) => w.amount) : []),
    ]);
    const names = new Map(tontines.map((t) => [t.id, t.name]));
    const nextPayment = contributions.filter((c) => !c.isCompleted).sort((a, b) => compareDates(a.dueDate, b.dueDate))[0];
    const payouts = tontines
      .filter((t) => t.status === 'active' && !t.isPersonalSavings && !t.isTurnPaid(userId))
      .map((t) => {
        const cycle = t.payoutOrder.indexOf(userId) + 1;
        return { date: t.dueDateOf(cycle), amount: t.pot, tontineName: t.name };
      })
      .sort((a, b) => compareDates(a.date, b.date));
    const nextPayout = payouts[0];
    return {
      totalSavings: savingsBalance(contributions, received).toDecimal(),
      activeTontines: tontines.filter((t) => t.status === 'active' || t.status === 'forming').length,
      savingsStreakMonths: savingsStreakMonths(contributions, now),
      nextPayment: nextPayment ? { amount: nextPayment.amount.toDecimal(), dueDate: formatDate(nextPayment.dueDate), tontineName: names.get(nextPayment.tontineId) ?? '' } : null,
      // core's rate reads 0 with nothing completed; the member has no record to rate yet.
      onTimeRate: contributions.some((c) => c.isCompleted) ? onTimeRate(contributions) : null,
      nextPayout: nextPayout ? { date: formatDate(nextPayout.date), amount: nextPayout.amount.toDecimal(), tontineName: nextPayout.tontineName } : null,
    };
  }
}

/**
 * Consecutive Kigali calendar months, ending this month (or last month, when nothing is paid yet
 * this month), in which the member completed at least one contribution.
 */
export function savingsStreakMonths(contributions: readonly Contribution[], now: Date): number {
  const months = new Set(contributions.filter((c) => c.paidAt !== null).map((c) => monthIndex(kigaliDateOf(c.paidAt!))));
  let month = monthIndex(kigaliDateOf(now));
  if (!months.has(month)) month -= 1;
  let streak = 0;
  while (months.has(month)) {
    streak += 1;
    month -= 1;
  }
  return streak;
}

function monthIndex(date: { year: number; month: number }): number {
  return date.year * 12 + (date.month - 1);
}
