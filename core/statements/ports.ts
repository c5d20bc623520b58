/**
 * Ports of the statements module: one read of the ledger, the same for a member's statement, a
 * group's report and a merchant's monthly statement, so every figure they print is a sum of the
 * ledger's own postings.
 */
import type { Language } from '../accounts/user.ts';
import type { Money } from '../money/money.ts';

/** One posting of one account, with what the entry meant and who moved the money. */
export interface LedgerLine {
  entryId: string;
  at: Date;
  /** The account posted to (`pool:<id>`, `loan:<id>`, `merchant_payable:<id>` …). */
  account: string;
  /** The journal entry's kind (`contribution_received`, `tontine_payout`, `loan_repaid` …). */
  entryKind: string;
  /** For a reversal, the kind of the entry it undoes; otherwise null. */
  reversedKind: string | null;
  /** On the account's normal side: positive when its balance grows. */
  amount: Money;
  /** The sum of the entry's debits: what the whole entry moved (a repayment's principal and interest). */
  entryTotal: Money;
  /** The member who paid or was paid (for a reversal, the one of the entry it undoes); null for none known. */
  memberId: string | null;
  /** The provider's or the platform's reference of the movement. */
  reference: string | null;
  /** The collection's provider (`mtn`, `airtel`, `flutterwave`) when the ledger knows it; null otherwise. */
  method: string | null;
  /** The contribution's cycle, for a contribution into a group's pool; null otherwise. */
  cycle: number | null;
}

export interface StatementLedger {
  /**
   * Every posting on these accounts dated in [from, to) (either may be left out: the whole
   * history), oldest first in each account's order (time, money in before money out, entry id).
   */
  lines(accountIds: readonly string[], period: { from?: Date; to?: Date }): Promise<LedgerLine[]>;
  /** The balances of these accounts (normal side) just before `at`; an account never posted to is absent. */
  balancesBefore(accountIds: readonly string[], at: Date): Promise<Map<string, Money>>;
}

/** Whose statement a download link is for: a member's of a period, or a merchant's of a month (for its owner). */
export type StatementClaim = { kind: 'member'; userId: string; from: string; to: string } | { kind: 'merchant'; userId: string; merchantId: string; month: string; language: Language };

/** Download links of statements, sent by e-mail: whoever holds one reads that statement until it expires. */
export interface StatementLinks {
  linkFor(claim: StatementClaim, expiresAt: Date): string;
  /** The claim a link's token carries, or null for a forged or expired one. */
  verify(token: string, now: Date): StatementClaim | null;
}

/** Members found by their phone number (the CLI's `--member <id|phone>`), and whether an account is erased. */
export interface StatementRecipients {
  /** The account whose phone number this is (E.164); null when none. */
  memberIdByPhone(phoneNumber: string): Promise<string | null>;
  /** True once the account was erased (DELETE /api/me) or is unknown: its statement links no longer open. */
  isErased(userId: string): Promise<boolean>;
}
