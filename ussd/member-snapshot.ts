/**
 * Member snapshot: what the menu may show about the caller, as plain data the channel reads
 * through core. Every figure in it (balances, due dates, statuses, who is paid next) is computed
 * by core; the menu only chooses what to show and how.
 *
 * Guarantees
 * - Two levels, so a step reads only what its screens show: the channel always gives the base
 *   (registered?, name, language, whether there are loans); each MemberPart is absent until the
 *   menu asks for it (`{ kind: 'load', part }` in menu.ts) and the channel then adds it whole. A
 *   merchant code the member typed is looked up the same way (`{ kind: 'load', part: 'merchant',
 *   code }`), one code at a time, and so are the books of the group the member chose (`books`).
 */
import type { Language } from '../core/accounts/user.ts';
import type { LoanStatus } from '../core/loans/loan.ts';
import type { Money } from '../core/money/money.ts';
import type { LocalDate } from '../core/shared/calendar.ts';
import type { MovementKind } from '../core/tontines/show-group-books.ts';
import type { ProposalKind } from '../core/decisions/proposal.ts';

export type MemberSnapshot = UnregisteredCaller | RegisteredMember;

export interface UnregisteredCaller {
  readonly registered: false;
  /** The number may open an account by USSD (core/accounts/register-by-phone.ts: Rwandan mobile numbers only). */
  readonly mayRegister: boolean;
  /**
   * An account opened on the web gives this number (core/accounts/register-by-phone.ts): its holder
   * links the phone from the web instead of registering again; anyone else says it is not theirs.
   */
  readonly onWebAccount: boolean;
}

export interface RegisteredMember {
  readonly registered: true;
  readonly firstName: string;
  readonly language: Language;
  /** False: the menu offers no loans entry. */
  readonly hasLoans: boolean;
  /** Part `groups`. */
  readonly savings?: SavingsSnapshot;
  /** Part `notifications`. Newest first; the menu shows the first three. */
  readonly notifications?: readonly NotificationSnapshot[];
  /** Part `loans`. */
  readonly loans?: readonly LoanSnapshot[];
  /** Part `votes`: the open proposals of the member's groups, oldest expiry first. */
  readonly votes?: readonly VoteSnapshot[];
  /** Groups' books looked up by tontine id as the member chose them; null: not readable by this member. */
  readonly books?: Readonly<Record<string, BooksSnapshot | null>>;
  /** Merchants looked up by code (upper case) as the member typed them; null: no merchant shows under it. */
  readonly merchants?: Readonly<Record<string, MerchantSnapshot | null>>;
}

/** The parts of a registered member's snapshot the menu asks for only on the screens that show them. */
export type MemberPart = 'groups' | 'notifications' | 'loans' | 'votes';

/** What the menu asks the channel to add to the snapshot: a part, the merchant under a code, or a group's books. */
export type SnapshotLoad = { readonly part: MemberPart } | { readonly part: 'merchant'; readonly code: string } | { readonly part: 'books'; readonly tontineId: string };

/** A group's books as core/tontines/show-group-books.ts gives them: the pool's balance and its latest movements, newest first. */
export interface BooksSnapshot {
  readonly balance: Money;
  /** `fine`: a fine posted or waived, which moves no money (amount zero): the fine's amount. */
  readonly movements: readonly { readonly kind: MovementKind; readonly member: string | null; readonly amount: Money; readonly fine?: Money | null }[];
}

/**
 * A merchant as the public pay page shows it (core/merchants/pay-merchant.ts, ShowPayPage): its name
 * and whether it takes payments now (false: suspended), or only that it awaits verification.
 */
export type MerchantSnapshot =
  | {
      readonly name: string;
      /** False: suspended, it takes no payment now. */
      readonly acceptingPayments: boolean;
    }
  | { readonly awaitingVerification: true };

export interface SavingsSnapshot {
  readonly balance: Money;
  readonly groups: readonly GroupSnapshot[];
}

export interface GroupSnapshot {
  readonly tontineId: string;
  readonly name: string;
  /** The member's earliest unpaid contribution in this group. */
  /** The earliest contribution, or late fine (`fine`), the member owes the group. */
  readonly nextDue: { readonly contributionId: string; readonly amount: Money; readonly dueDate: LocalDate; readonly overdue: boolean; readonly fine?: true } | null;
  /** The group's next payout, to whichever member. */
  readonly nextPayout: { readonly date: LocalDate; readonly amount: Money; readonly recipientFirstName: string; readonly toMember: boolean } | null;
  /** The member's own coming payout in this group. */
  readonly memberPayout: { readonly date: LocalDate; readonly amount: Money } | null;
}

/** An open proposal of one of the member's groups, as core/decisions counts it (counts only, and the member's own vote). */
export interface VoteSnapshot {
  readonly proposalId: string;
  readonly tontineId: string;
  readonly groupName: string;
  readonly kind: ProposalKind;
  readonly yes: number;
  readonly no: number;
  /** Yes votes needed to pass. */
  readonly needed: number;
  readonly myVote: 'yes' | 'no' | null;
}

export interface NotificationSnapshot {
  readonly date: LocalDate;
  readonly text: string;
}

export interface LoanSnapshot {
  readonly amount: Money;
  readonly status: LoanStatus;
  readonly nextInstalment: { readonly amount: Money; readonly dueDate: LocalDate } | null;
}
