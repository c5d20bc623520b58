/** Ports of the tontines module. MobileMoney is in payments/ports.ts, JournalWriter in ledger/ports.ts. */
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Tontine } from './tontine.ts';

export interface TontineRepository {
  findById(id: string): Promise<Tontine | undefined>;
  listByMember(userId: string): Promise<Tontine[]>;
  save(tontine: Tontine): Promise<void>;
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
}
