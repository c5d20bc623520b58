/**
 * UssdMemberSnapshots: what the USSD menu may show about a caller (ussd/member-snapshot.ts), read
 * through the repositories and computed by core before each step.
 *
 * Guarantees
 * - A phone is a registered member exactly when it has a USSD PIN (core/accounts/ussd-pins.ts).
 * - Every figure comes from core: the savings balance is `savingsBalance` (completed contributions
 *   minus payouts and withdrawals received), due dates and overdue from Contribution, payout
 *   dates, recipients and pots from Tontine, loan statuses and next instalments from core/loans.
 * - Groups are the member's forming and active groups; completed and cancelled ones are history.
 * - Reads only, without locks: a snapshot never holds up a payment or another session.
 */
import type { AccountRepository } from '../../core/accounts/ports.ts';
import type { UssdPins } from '../../core/accounts/ussd-pins.ts';
import type { Contribution } from '../../core/contributions/contribution.ts';
import { savingsBalance } from '../../core/contributions/contribution-summary.ts';
import type { ContributionRepository } from '../../core/contributions/ports.ts';
import { nextPayment, statusAt, type Loan } from '../../core/loans/loan.ts';
import type { Money } from '../../core/money/money.ts';
import { compareDates, kigaliDateOf, parseDate } from '../../core/shared/calendar.ts';
import { invariant } from '../../core/shared/result.ts';
import type { TontineRepository } from '../../core/tontines/ports.ts';
import type { Tontine } from '../../core/tontines/tontine.ts';
import type { GroupSnapshot, LoanSnapshot, MemberSnapshot } from '../../ussd/member-snapshot.ts';
import type { PostgresMemberDirectory, PostgresNotificationStore } from '../../adapters/postgres/postgres-community.ts';

/** The menu shows the last three notifications. */
const NOTIFICATIONS_SHOWN = 3;

/** Where a member's loans are read from (the loans module's Lending). */
export interface MemberLoans {
  listLoans(memberId: string): Promise<readonly Loan[]>;
}

export interface CallerSnapshot {
  readonly member: MemberSnapshot;
  /** The account of a registered caller. */
  readonly userId: string | null;
}

export class UssdMemberSnapshots {
  constructor(
    private readonly deps: {
      pins: UssdPins;
      accounts: AccountRepository;
      tontines: TontineRepository;
      contributions: ContributionRepository;
      notifications: PostgresNotificationStore;
      directory: PostgresMemberDirectory;
      loans: MemberLoans;
    },
  ) {}

  async of(phone: string, now: Date): Promise<CallerSnapshot> {
    const pin = await this.deps.pins.findByPhone(phone);
    if (!pin) return { member: { registered: false }, userId: null };
    const { userId } = pin;
    const [user, tontines, contributions, notifications, loans] = await Promise.all([
      this.deps.accounts.findById(userId),
      this.deps.tontines.listByMember(userId),
      this.deps.contributions.listByMember(userId),
      this.deps.notifications.listForUser(userId, NOTIFICATIONS_SHOWN),
      this.deps.loans.listLoans(userId),
    ]);
    // The PIN row references the account and goes with it (ON DELETE CASCADE).
    invariant(user, `USSD PIN of ${phone} without its account ${userId}`);
    const current = tontines.filter((t) => t.status === 'forming' || t.status === 'active');
    const recipients = await this.deps.directory.profiles(current.flatMap((t) => (t.nextRecipient ? [t.nextRecipient] : [])));
    return {
      userId,
      member: {
        registered: true,
        firstName: user.firstName,
        language: user.language,
        savingsBalance: savingsBalance(contributions, received(tontines, userId)),
        groups: current.map((t) => groupOf(t, userId, contributions, now, (id) => recipients.get(id)?.firstName ?? '')),
        notifications: notifications.map((n) => ({ date: kigaliDateOf(n.createdAt), text: n.message })),
        loans: loans.map((loan) => loanOf(loan, now)),
      },
    };
  }
}

/** What the member took out: their payouts and their personal-savings withdrawals. */
function received(tontines: readonly Tontine[], userId: string): Money[] {
  return tontines.flatMap((t) => [
    ...t.payouts.filter((p) => p.recipientId === userId).map((p) => p.paid),
    ...(t.isPersonalSavings ? t.withdrawals.map((w) => w.amount) : []),
  ]);
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
    nextDue: due ? { contributionId: due.id, amount: due.amount, dueDate: due.dueDate, overdue: due.isOverdueAt(now) } : null,
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
