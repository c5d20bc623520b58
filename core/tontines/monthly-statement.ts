/**
 * A group's monthly statement (DOMAIN.md "Open books"; issue 28): what its pool held at the end of
 * a Kigali month, what came in and went out during it and to whom, and who is paid next — the SMS
 * each member of an active group receives at the start of the next month
 * (send-monthly-statements.ts), read from the same postings as the group's books (PoolBooks).
 *
 * Guarantees
 * - The figures are the ledger's: `balance` is the pool's balance after its last posting before
 *   the month's end (zero for none); `moneyIn − moneyOut` is the sum of the month's postings, so
 *   the balance before the month plus in minus out is `balance`, to the centime.
 * - A payout (or withdrawal) that failed and came back in the same month is neither in nor out,
 *   and its member is not among those paid; one that came back from an earlier month is money in.
 * - Members are named by first name and initial, cut to fit one SMS, never a phone number.
 * - One SMS: the group's name and each name are cut (NAME_LIMITS) so that every language's words
 *   with amounts of eight digits fit 160 GSM-7 characters (apps/notifications catalogue test).
 *
 * Template (for the Notifier's renderer): tontine_monthly_statement {tontineName, month, moneyIn,
 * moneyOut, paidTo ("" when nobody was paid; "Amina U. +2" when three were), balance,
 * nextRecipient, nextDate}.
 */
import { Money } from '../money/money.ts';
import { formatDate, formatMonth, type Period } from '../shared/calendar.ts';
import { clip, shortPublicName } from './member-names.ts';
import type { MemberNotification, MemberProfile, PoolBooks, PoolPosting } from './ports.ts';
import type { Tontine } from './tontine.ts';

/** The longest group name and first name a statement carries, in characters ("Amina U." adds 3). */
const NAME_LIMITS = { tontineName: 12, firstName: 8 } as const;

/** Postings read per page while walking back to the month's start. */
const PAGE = 100;

export interface MonthlyFigures {
  balance: Money;
  moneyIn: Money;
  moneyOut: Money;
  /** The members paid out during the month, in the order they were paid (a member paid twice, twice). */
  paidTo: string[];
}

/** The entries of transfers out of a pool, which a failed transfer reverses (core/transfers/settle-transfer.ts). */
const TRANSFERS_OUT: ReadonlySet<string> = new Set(['tontine_payout', 'savings_withdrawal']);

/** True for the posting that brought a failed transfer's money back. */
const isReturn = (p: PoolPosting) => p.entryKind === 'reversal' && p.reversedKind !== null && TRANSFERS_OUT.has(p.reversedKind);

/** The month's figures from the pool's postings, newest first, reaching back at least to the last one before the month. */
export function monthlyFigures(postings: readonly PoolPosting[], month: Period): MonthlyFigures {
  const before = postings.find((p) => p.at < month.end);
  const inMonth = postings.filter((p) => p.at >= month.start && p.at < month.end).reverse();
  // A transfer that failed and came back within the month: the two postings cancel out.
  const cancelled = new Set<PoolPosting>();
  for (const back of inMonth.filter(isReturn)) {
    const sent = inMonth.find((p) => !cancelled.has(p) && p.entryKind === back.reversedKind && p.reference === back.reference && p.amount.negate().equals(back.amount));
    if (sent) cancelled.add(sent).add(back);
  }
  const kept = inMonth.filter((p) => !cancelled.has(p));
  return {
    balance: before?.balanceAfter ?? Money.ZERO,
    moneyIn: Money.sum(kept.filter((p) => p.amount.isPositive()).map((p) => p.amount)),
    moneyOut: Money.sum(kept.filter((p) => p.amount.isNegative()).map((p) => p.amount.negate())),
    paidTo: kept.filter((p) => p.entryKind === 'tontine_payout' && p.amount.isNegative() && p.memberId !== null).map((p) => p.memberId!),
  };
}

/** The pool's postings newest first, from now back to the last one before `month` (or the first ever). */
export async function postingsSince(books: PoolBooks, tontineId: string, month: Period): Promise<PoolPosting[]> {
  const postings: PoolPosting[] = [];
  for (;;) {
    const last = postings[postings.length - 1];
    const page = await books.postings(tontineId, { ...(last ? { before: last.entryId } : {}), limit: PAGE });
    // The cursor is a posting this read returned: never invalid.
    if (page === 'cursor_invalid') return postings;
    postings.push(...page);
    if (page.length < PAGE || page.some((p) => p.at < month.start)) return postings;
  }
}

/** Each member's notice of the month's statement (the same words for all, each in their language). */
export function monthlyStatementNotices(tontine: Tontine, month: Period, figures: MonthlyFigures, profiles: ReadonlyMap<string, MemberProfile>): MemberNotification[] {
  const nameOf = (userId: string) => shortPublicName(profiles.get(userId), NAME_LIMITS.firstName);
  const [first, ...others] = figures.paidTo;
  const next = tontine.nextRecipient;
  const nextDate = tontine.nextPayoutDate;
  const params = {
    tontineName: clip(tontine.name, NAME_LIMITS.tontineName),
    month: formatMonth(month),
    moneyIn: figures.moneyIn.format(),
    moneyOut: figures.moneyOut.format(),
    paidTo: first === undefined ? '' : `${nameOf(first)}${others.length > 0 ? ` +${others.length}` : ''}`,
    balance: figures.balance.format(),
    nextRecipient: next ? nameOf(next) : '',
    nextDate: nextDate ? formatDate(nextDate) : '',
  };
  return tontine.members.map((m) => ({ userId: m.userId, type: 'other', template: 'tontine_monthly_statement', params }));
}

/** Whom a statement names: the members paid during the month and the next one. */
export function namedInStatement(tontine: Tontine, figures: MonthlyFigures): string[] {
  return [...new Set([...figures.paidTo, ...(tontine.nextRecipient ? [tontine.nextRecipient] : [])])];
}
