/**
 * What the savings API shows: the answers of core's savings use cases shaped as the
 * specification's entities (part 1 §3). Pure mapping; every rule (who sees what, which names,
 * which figures) is decided in core.
 *
 * Guarantees
 * - Amounts are decimal strings with two decimals ("12500.00"); dates are Kigali calendar days;
 *   instants ISO strings.
 * - A member's public face is what core/tontines/member-names.ts gives: name, avatar and
 *   initials, never a phone number or an e-mail.
 */
import type { MemberContributionEntry } from '../../core/contributions/list-member-contributions.ts';
import type { TontineContributionEntry } from '../../core/contributions/list-tontine-contributions.ts';
import type { InAppNotification } from '../../core/notifications/ports.ts';
import type { Language } from '../../core/accounts/user.ts';
import { renderNotification } from '../notifications/catalogue.ts';
import type { PaymentRecord } from '../../core/payments/ports.ts';
import { formatDate, kigaliInstant } from '../../core/shared/calendar.ts';
import type { TontineOverview } from '../../core/tontines/describe-tontines.ts';
import type { ChatEntry } from '../../core/tontines/list-chat-messages.ts';
import type { CategorySummary } from '../../core/tontines/list-tontine-categories.ts';
import { memberNamer, tontineMemberEntries, type TontineMemberEntry } from '../../core/tontines/member-names.ts';
import type { Recommendation } from '../../core/tontines/recommend-tontines.ts';
import type { GroupFine } from '../../core/tontines/list-group-fines.ts';
import type { GroupBooks } from '../../core/tontines/show-group-books.ts';
import type { SavingsDashboard } from '../../core/tontines/show-savings-dashboard.ts';
import type { TurnSwap } from '../../core/tontines/tontine.ts';

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

export function presentMembers(members: readonly TontineMemberEntry[]) {
  return members.map((m) => ({ id: m.userId, name: m.name, avatar: m.avatar, initials: m.initials, role: m.isAdmin ? ('admin' as const) : ('member' as const), isAdmin: m.isAdmin }));
}

export function presentTontine(overview: TontineOverview) {
  const { tontine: t, viewerId, profiles, poolBalance, viewerNextContribution: next } = overview;
  const recipient = t.nextRecipient;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    category: t.category,
    contributionAmount: t.contributionAmount.toDecimal(),
    frequency: t.frequency,
    maxMembers: t.maxMembers,
    decisionRule: t.decisionRule,
    currentCycle: t.currentCycle,
    status: t.status,
    members: presentMembers(tontineMemberEntries(t, profiles, viewerId)),
    nextPayoutDate: t.nextPayoutDate && formatDate(t.nextPayoutDate),
    nextRecipient: recipient === null ? null : memberNamer(t, viewerId)(profiles.get(recipient)),
    currentAmount: poolBalance.toDecimal(),
    targetAmount: t.contributionAmount.times(t.maxMembers).toDecimal(),
    createdAt: t.createdAt.toISOString(),
    isMember: viewerId !== null && t.isMember(viewerId),
    isAdmin: viewerId !== null && t.isAdmin(viewerId),
    spotsLeft: t.status === 'forming' ? Math.max(0, t.maxMembers - t.members.length) : 0,
    forming: overview.forming && {
      seatsLeft: overview.forming.seatsLeft,
      startsWhenFull: overview.forming.startsWhenFull,
      startedBy: memberNamer(t, viewerId)(profiles.get(overview.forming.startedBy)),
      canStartEarly: overview.forming.canStartEarly,
      membersNeededToStart: overview.forming.membersNeededToStart,
      ifStartedToday: {
        startDate: formatDate(overview.forming.ifStartedOn.startDate),
        firstDueDate: formatDate(overview.forming.ifStartedOn.firstDueDate),
        secondDueDate: formatDate(overview.forming.ifStartedOn.secondDueDate),
      },
    },
    lateFine: t.lateFine && { kind: t.lateFine.kind, value: t.lateFine.value, graceDays: t.lateFine.graceDays, since: formatDate(t.lateFine.since) },
    myNextContribution: next
      ? {
          id: next.contribution.id,
          amount: next.contribution.amount.toDecimal(),
          dueDate: formatDate(next.contribution.dueDate),
          status: next.overdue ? ('overdue' as const) : ('pending' as const),
        }
      : null,
  };
}

export function presentCategory(summary: CategorySummary) {
  const { category } = summary;
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    memberCount: summary.memberCount,
    avgContribution: summary.averageContribution.toDecimal(),
    frequency: category.frequency,
  };
}

export function presentSwap(swap: TurnSwap) {
  return { id: swap.id, status: swap.status, proposerId: swap.proposerId, counterpartyId: swap.counterpartyId, proposedAt: swap.proposedAt.toISOString() };
}

export function presentChatEntry(entry: ChatEntry) {
  const { message } = entry;
  return {
    id: message.id,
    userId: message.userId,
    userName: entry.authorName,
    userAvatar: entry.authorAvatar,
    message: message.message,
    messageType: message.messageType,
    createdAt: message.createdAt.toISOString(),
  };
}

export function presentRecommendation({ tontine: t, score, reason }: Recommendation) {
  return {
    id: t.id,
    name: t.name,
    reason,
    contributionAmount: t.contributionAmount.toDecimal(),
    frequency: t.frequency,
    membersCount: t.members.length,
    currentMembers: t.members.length,
    maxMembers: t.maxMembers,
    matchScore: score,
  };
}

export function presentDashboard(d: SavingsDashboard) {
  return {
    totalSavings: d.totalSavings.toDecimal(),
    activeTontines: d.activeTontines,
    savingsStreakMonths: d.savingsStreakMonths,
    nextPayment: d.nextPayment ? { amount: d.nextPayment.amount.toDecimal(), dueDate: formatDate(d.nextPayment.dueDate), tontineName: d.nextPayment.tontineName } : null,
    onTimeRate: d.onTimeRate,
    nextPayout: d.nextPayout ? { date: formatDate(d.nextPayout.date), amount: d.nextPayout.amount.toDecimal(), tontineName: d.nextPayout.tontineName } : null,
  };
}

export function presentMemberContribution({ contribution: c, tontineName, status }: MemberContributionEntry) {
  return {
    id: c.id,
    tontineId: c.tontineId,
    tontineName,
    amount: c.amount.toDecimal(),
    status,
    dueDate: formatDate(c.dueDate),
    paidDate: c.paidAt?.toISOString() ?? null,
    paymentMethod: c.paymentMethod,
    cycle: c.cycle,
  };
}

export function presentTontineContribution({ contribution: c, memberName, status }: TontineContributionEntry) {
  return {
    id: c.id,
    userId: c.memberId,
    userName: memberName,
    amount: c.amount.toDecimal(),
    status,
    dueDate: formatDate(c.dueDate),
    createdAt: (c.paidAt ?? kigaliInstant(c.dueDate)).toISOString(),
    paidDate: c.paidAt?.toISOString() ?? null,
    cycle: c.cycle,
  };
}

/** In the reader's language now: rendered from its template when it has one (apps/notifications renderNotification). */
export function presentNotification(n: InAppNotification, language: Language) {
  const { title, message } = renderNotification(language, n);
  return { id: n.id, type: n.type, title, message, isRead: n.isRead, createdAt: n.createdAt.toISOString() };
}

export function presentBooks(books: GroupBooks) {
  return {
    balance: books.balance.toDecimal(),
    movements: books.movements.map((m) => ({
      at: m.at.toISOString(),
      kind: m.kind,
      member: m.member,
      amount: m.amount.toDecimal(),
      balanceAfter: m.balanceAfter.toDecimal(),
      reference: m.reference,
      fine: m.fine && m.fine.toDecimal(),
    })),
    nextCursor: books.nextCursor,
  };
}

export function presentFine(f: GroupFine) {
  return {
    id: f.id,
    member: f.member,
    mine: f.mine,
    cycle: f.cycle,
    amount: f.amount.toDecimal(),
    postedOn: formatDate(f.postedOn),
    status: f.status,
    paidAt: f.paidAt?.toISOString() ?? null,
    waiver: f.waiver && { by: f.waiver.by, actor: f.waiver.actor, reason: f.waiver.reason, at: f.waiver.at.toISOString() },
  };
}
