/** Ports of the tontines module. MobileMoney is in payments/ports.ts, JournalWriter in ledger/ports.ts. */
import type { Money } from '../money/money.ts';
import type { LocalDate } from '../shared/calendar.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Contribution } from '../contributions/contribution.ts';
import type { GroupLateFine } from './late-fine.ts';
import type { Tontine } from './tontine.ts';

export interface TontineRepository {
  /** In a database, locks the group until the unit of work ends. */
  findById(id: string): Promise<Tontine | undefined>;
  /** Without a lock: for reads outside a unit of work. */
  get(id: string): Promise<Tontine | undefined>;
  listByMember(userId: string): Promise<Tontine[]>;
  /** Groups anyone may discover (forming and active, never personal savings), newest first, at most `limit`. */
  listDiscoverable(limit: number): Promise<Tontine[]>;
  save(tontine: Tontine): Promise<void>;
}

/** A member's public face: names and avatar, never a phone number or an e-mail. */
export interface MemberProfile {
  id: string;
  firstName: string;
  lastName: string;
  profilePhotoUrl: string | null;
}

export interface MemberProfiles {
  /** The profiles of these users, by id (unknown ids absent; one read for many). */
  profiles(userIds: readonly string[]): Promise<Map<string, MemberProfile>>;
}

/** How much each group's pool holds, read from the ledger. */
export interface PoolBalances {
  /** By tontine id; a pool never posted to is absent (zero). */
  poolBalances(tontineIds: readonly string[]): Promise<Map<string, Money>>;
}

/** One of the default categories a group may belong to (`tontine_categories`). */
export interface CategoryDefaults {
  id: string;
  name: string;
  description: string;
  frequency: string;
  /** Shown as the category's average while no group of it exists. */
  defaultAverageContribution: Money;
}

export interface TontineCategories {
  /** In their display order. */
  categories(): Promise<CategoryDefaults[]>;
}

export type ChatMessageType = 'text' | 'system' | 'payment_notification';

export interface ChatMessage {
  id: string;
  tontineId: string;
  userId: string;
  message: string;
  messageType: ChatMessageType;
  createdAt: Date;
}

/** A group's chat. */
export interface GroupChat {
  add(message: ChatMessage): Promise<void>;
  /** The newest `limit` messages of the group, oldest first. */
  list(tontineId: string, limit: number): Promise<ChatMessage[]>;
}

/** Where a member receives money: the mobile-money wallet on their profile. */
export interface MemberWallets {
  walletOf(userId: string): Promise<{ provider: MobileMoneyProvider; msisdn: string } | undefined>;
}

/** The notification types of the specification (part 1 §3). */
export type NotificationType = 'contribution_due' | 'loan_payment' | 'payout_received' | 'other';

export interface MemberNotification {
  userId: string;
  type: NotificationType;
  /** A message key the adapter renders in the member's language, with its parameters. */
  template: string;
  params: Readonly<Record<string, string>>;
}

/**
 * Notifier: records an in-app notification and queues its SMS and e-mail (the Outbox) in the
 * member's language, in the caller's unit of work.
 */
export interface Notifier {
  notify(notification: MemberNotification): Promise<void>;
  /** Many at once (a batch of payment confirmations), in the caller's unit of work. */
  notifyAll(notifications: readonly MemberNotification[]): Promise<void>;
}

/** Groups' names by id, for notices (a name never changes once the group is created). */
export interface TontineNames {
  namesOf(ids: readonly string[]): Promise<Map<string, string>>;
}

/** Active groups whose current cycle is fully paid but not paid out yet (a payout the confirmation did not make). */
export interface CompletedCycles {
  /** Up to `limit` group ids. */
  listWithCurrentCycleComplete(limit: number): Promise<string[]>;
}

/** One posting on a group's pool as the ledger holds it, with who moved the money and the provider's reference. */
export interface PoolPosting {
  /** The journal entry's id: the place of the posting in the pool's order. */
  entryId: string;
  at: Date;
  /** The journal entry's kind (`contribution_received`, `tontine_payout`, `reversal` …). */
  entryKind: string;
  /** For a reversal, the kind of the entry it undoes; otherwise null. */
  reversedKind: string | null;
  /** The member who paid or was paid (for a reversal, the one of the entry it undoes); null for none. */
  memberId: string | null;
  /** On the pool's normal side: positive when money comes in. */
  amount: Money;
  /** The pool's balance right after this posting, in the pool's order. */
  balanceAfter: Money;
  /** The reference the provider knows the payment or transfer by; null for none. */
  reference: string | null;
  /** For a late fine posted or waived (entry kind `fine_posted`, `fine_waived`; amount zero): the fine's amount; otherwise null. */
  fine: Money | null;
}

/**
 * The postings of groups' pools, in the pool's order: by time, money in before money out at one
 * instant (a pool never goes below zero, so that is the order they must have had), the oldest
 * first; a page is read newest first. A late fine posted and a fine waived are movements of the
 * pool too, of no amount (`entryKind` fine_posted, fine_waived; `entryId` an id of their own).
 */
export interface PoolBooks {
  /**
   * Up to `limit` postings of the group's pool, newest first, all of them older than the posting
   * of entry `before` when given (a page after another: a posting made meanwhile never shifts it);
   * `cursor_invalid` when `before` is no posting of this pool.
   */
  postings(tontineId: string, page: { before?: string; limit: number }): Promise<PoolPosting[] | 'cursor_invalid'>;
}

/** The monthly statements sent to groups' members: one per group and Kigali month (core/tontines/send-monthly-statements.ts). */
export interface MonthlyStatements {
  /**
   * Up to `limit` active rotating groups (not personal savings) whose rotation started before
   * `startedBefore` and that have no statement recorded for `month` (`YYYY-MM`), by id.
   */
  groupsAwaiting(month: string, startedBefore: LocalDate, limit: number): Promise<string[]>;
  /**
   * Records the statement of (group, month) in the caller's transaction: true when this call
   * recorded it (send it now), false when it was recorded before; of two racing, the second waits
   * for the first's transaction and learns it is not new.
   */
  recordOnce(tontineId: string, month: string, at: Date): Promise<boolean>;
}

/** A contribution still unpaid after its group's late fine grace, with the rule and the group's name. */
export interface LateContribution {
  contribution: Contribution;
  rule: GroupLateFine;
  tontineName: string;
}

/** The contributions a late fine is due on (DOMAIN.md "Fines"). */
export interface LateContributions {
  /**
   * Up to `limit` pending contributions (never a fine) of active groups with a late fine, not
   * fined yet, whose grace ended before `today` and on or after the rule took effect, oldest due first.
   */
  dueForFine(today: LocalDate, limit: number): Promise<LateContribution[]>;
  /** Whether this contribution has been fined (as committed now: ask it under the contribution's lock). */
  isFined(contributionId: string): Promise<boolean>;
}
