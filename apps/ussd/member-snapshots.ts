/**
 * UssdMemberSnapshots: what the USSD menu may show about a caller (ussd/member-snapshot.ts): the
 * base on every step, one part only when the menu asks for it, computed by core.
 *
 * Guarantees
 * - A phone is a registered member exactly when it has a USSD PIN (core/accounts/ussd-pins.ts);
 *   an unregistered one may register when core's registrablePhone says so (Rwandan mobile numbers),
 *   and is told first when a web account gives its number (read by the channel for such callers only).
 * - The base is the caller as the session store's `lock` read it with the session (no statement of
 *   its own), and brings the PIN row with it, so the PIN check of the same request does not read
 *   it again. When `lock` also read the caller's savings, the groups part comes with the base,
 *   computed exactly as `withPart` computes it.
 * - The groups part is one read (MemberSavingsReads: groups, contributions and the payout
 *   recipients' first names in one statement), so a screen that shows groups costs one round trip.
 * - Every figure comes from core: the savings balance is `memberSavingsBalance` (completed
 *   contributions minus payouts and withdrawals received, as the web's dashboard shows it), due dates and overdue from Contribution, payout
 *   dates, recipients and pots from Tontine, loan statuses and next instalments from core/loans.
 * - Groups are the member's forming and active groups; completed and cancelled ones are history.
 * - A merchant code is looked up through the public pay page's use case (ShowPayPage): a
 *   customer sees by USSD what anyone sees on /pay/{code}: the name and whether it takes payments,
 *   only that a business awaits verification, and none for a code the pay page does not show
 *   (unknown, or a rejected business).
 * - Reads only, without locks: a snapshot never holds up a payment or another session.
 */
import { registrablePhone } from '../../core/accounts/register-by-phone.ts';
import type { UssdCaller, UssdPin } from '../../core/accounts/ussd-pins.ts';
import type { Contribution } from '../../core/contributions/contribution.ts';
import { memberSavingsBalance } from '../../core/contributions/contribution-summary.ts';
import type { MemberSavings, MemberSavingsReads } from '../../core/contributions/ports.ts';
import { nextPayment, statusAt, type Loan } from '../../core/loans/loan.ts';
import type { ListMemberLoans } from '../../core/loans/list-member-loans.ts';
import type { ShowPayPage } from '../../core/merchants/show-pay-page.ts';
import type { ShowGroupBooks } from '../../core/tontines/show-group-books.ts';
import type { ListOpenVotes } from '../../core/decisions/list-open-votes.ts';
import { compareDates, kigaliDateOf, parseDate } from '../../core/shared/calendar.ts';
import type { InAppNotifications } from '../../core/notifications/ports.ts';
import { renderNotification } from '../notifications/catalogue.ts';
import type { Tontine } from '../../core/tontines/tontine.ts';
import type { GroupSnapshot, LoanSnapshot, MemberSnapshot, RegisteredMember, SavingsSnapshot, SnapshotLoad } from '../../ussd/member-snapshot.ts';
import { BOOKS_SHOWN } from '../../ussd/menu.ts';

/** The menu shows the last three notifications. */
const NOTIFICATIONS_SHOWN = 3;

export interface CallerSnapshot {
  readonly member: MemberSnapshot;
  /** The PIN row of a registered caller, as read with the base. */
  readonly pin: UssdPin | null;
}

export interface UssdMemberSnapshotsDeps {
  savings: MemberSavingsReads;
  notifications: Pick<InAppNotifications, 'listForUser'>;
  listMemberLoans: Pick<ListMemberLoans, 'execute'>;
  /** The public pay page's view of a merchant: what a customer may see before paying. */
  showPayPage: Pick<ShowPayPage, 'execute'>;
  showGroupBooks: Pick<ShowGroupBooks, 'execute'>;
  /** The open proposals of the member's groups (core/decisions), as the web's Decisions tab counts them. */
  listOpenVotes: Pick<ListOpenVotes, 'execute'>;
}

export class UssdMemberSnapshots {
  constructor(private readonly deps: UssdMemberSnapshotsDeps) {}

  /**
   * The base of the caller of `phone`, as read with its session (null: the phone has no PIN), with
   * the groups part when its savings were read too; `onWebAccount` for a caller without a PIN.
   */
  of(phone: string, caller: UssdCaller | null, now: Date, onWebAccount = false): CallerSnapshot {
    if (!caller) return { member: { registered: false, mayRegister: registrablePhone(phone).ok, onWebAccount }, pin: null };
    const { pin, firstName, language, hasLoans, savings } = caller;
    const member: RegisteredMember = { registered: true, firstName, language, hasLoans };
    return { pin, member: savings ? { ...member, savings: savingsSnapshot(savings, pin.userId, now) } : member };
  }

  /** The member with the part, or the merchant, the menu asked for added. */
  async withPart(member: RegisteredMember, userId: string, load: SnapshotLoad, now: Date): Promise<RegisteredMember> {
    switch (load.part) {
      case 'groups':
        return { ...member, savings: savingsSnapshot(await this.deps.savings.savingsOf(userId), userId, now) };
      case 'notifications': {
        const notifications = await this.deps.notifications.listForUser(userId, NOTIFICATIONS_SHOWN);
        // In the caller's language now (a notification keeps its template: apps/notifications renderNotification).
        return { ...member, notifications: notifications.map((n) => ({ date: kigaliDateOf(n.createdAt), text: renderNotification(member.language, n).message })) };
      }
      case 'loans': {
        const loans = await this.deps.listMemberLoans.execute({ memberId: userId });
        return { ...member, loans: loans.map((loan) => loanOf(loan, now)) };
      }
      case 'votes': {
        const open = await this.deps.listOpenVotes.execute({ userId });
        return {
          ...member,
          votes: open.map((v) => ({ proposalId: v.proposalId, tontineId: v.tontineId, groupName: v.groupName, kind: v.kind, yes: v.tally.yes, no: v.tally.no, needed: v.tally.needed, myVote: v.myVote })),
        };
      }
      case 'books': {
        // The group's own rule (members only), through the use case the web's Books tab calls.
        const shown = await this.deps.showGroupBooks.execute({ tontineId: load.tontineId, userId, limit: BOOKS_SHOWN });
        const books = shown.ok ? { balance: shown.value.balance, movements: shown.value.movements.map(({ kind, member, amount, fine }) => ({ kind, member, amount, fine })) } : null;
        return { ...member, books: { ...member.books, [load.tontineId]: books } };
      }
      case 'merchant': {
        const shown = await this.deps.showPayPage.execute({ merchantCode: load.code });
        const view = shown.ok ? shown.value : null;
        const merchant = view === null ? null : view.standing === 'awaiting_verification' ? { awaitingVerification: true as const } : { name: view.businessName, acceptingPayments: view.acceptingPayments };
        return { ...member, merchants: { ...member.merchants, [load.code]: merchant } };
      }
    }
  }
}

/** The groups part: the balance and the current groups of the member `userId`, from their savings. */
function savingsSnapshot({ tontines, contributions, fines, firstNames }: MemberSavings, userId: string, now: Date): SavingsSnapshot {
  const current = tontines.filter((t) => t.status === 'forming' || t.status === 'active');
  return {
    balance: memberSavingsBalance(contributions, tontines, userId),
    // A late fine owed is paid like a contribution: the earliest due of either is offered first.
    groups: current.map((t) => groupOf(t, userId, [...contributions, ...fines], now, (id) => firstNames.get(id) ?? '')),
  };
}

function groupOf(tontine: Tontine, userId: string, contributions: readonly Contribution[], now: Date, firstNameOf: (id: string) => string): GroupSnapshot {
  const due = contributions
    .filter((c) => c.tontineId === tontine.id && !c.isCompleted)
    .sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.cycle - b.cycle)[0];
  const nextDate = tontine.nextPayoutDate;
  const nextRecipient = tontine.nextRecipient;
  const ownCycle = tontine.payoutOrder.indexOf(userId) + 1;
  const ownPayoutAhead = nextDate !== null && ownCycle >= tontine.currentCycle && !tontine.isTurnPaid(userId);
  return {
    tontineId: tontine.id,
    name: tontine.name,
    nextDue: due ? { contributionId: due.id, amount: due.amount, dueDate: due.dueDate, overdue: due.isOverdueAt(now), ...(due.isFine ? { fine: true } : {}) } : null,
    nextPayout:
      nextDate && nextRecipient
        ? { date: nextDate, amount: tontine.pot, recipientFirstName: firstNameOf(nextRecipient), toMember: nextRecipient === userId }
        : null,
    memberPayout: ownPayoutAhead ? { date: tontine.dueDateOf(ownCycle), amount: tontine.pot } : null,
  };
}

function loanOf(loan: Loan, now: Date): LoanSnapshot {
  const status = statusAt(loan, now);
  const next = status === 'active' || status === 'overdue' ? nextPayment(loan) : undefined;
  const dueDate = next && parseDate(next.instalment.dueDate);
  return { amount: loan.amount, status, nextInstalment: next && dueDate ? { amount: next.amountDue, dueDate } : null };
}
