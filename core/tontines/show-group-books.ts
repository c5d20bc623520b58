/**
 * ShowGroupBooks: a member reads every movement of the group's pool (DOMAIN.md "Open books"):
 * when, what kind, who, how much, the provider's reference and the balance after it.
 *
 * Guarantees
 * - For the group's members only (`not_a_member`); someone else's personal savings, or an id of
 *   no group, is `tontine_not_found` (tontine-access.ts), like every members-only read of a group.
 * - The balance is the ledger's balance of the pool; the movements are the pool's postings, newest
 *   first, so all of them together sum to the balance and each `balanceAfter` is the running total.
 * - A member is named by first name and last initial ("Amina U."), never a phone number or an id.
 * - A late fine posted and a fine waived show as movements of no amount, with the fine's amount
 *   and its member (DOMAIN.md "Fines"); the fine paid is a movement of money, `fine`.
 * - Pages of at most `limit` (default 20, at most 100); `nextCursor` names the last movement
 *   shown, so a movement posted meanwhile never shifts the next page; null on the last page. A
 *   cursor that is no movement of this pool is refused (`cursor_invalid`), never an empty page.
 */
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { publicName } from './member-names.ts';
import type { MemberProfiles, PoolBalances, PoolBooks, PoolPosting, TontineRepository } from './ports.ts';
import { memberTontine, type TontineAccessError } from './tontine-access.ts';

/** What a movement is, as a stable code every channel words in its own language. */
export const MOVEMENT_KINDS = [
  'contribution',
  'payout',
  'payout_returned',
  'withdrawal',
  'withdrawal_returned',
  'contribution_reversed',
  'fine',
  'fine_reversed',
  'fine_posted',
  'fine_waived',
  'reversal',
  'rounding',
  'other',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const ENTRY_MOVEMENTS: Readonly<Record<string, MovementKind>> = {
  contribution_received: 'contribution',
  fine_received: 'fine',
  tontine_payout: 'payout',
  savings_withdrawal: 'withdrawal',
  pool_rounding_swept: 'rounding',
  // No money moves: a fine posted on a late contribution, and a fine waived (PoolBooks).
  fine_posted: 'fine_posted',
  fine_waived: 'fine_waived',
};

/** A failed transfer's booking is reversed (core/transfers/settle-transfer.ts): the money came back to the pool. */
const REVERSED_MOVEMENTS: Readonly<Record<string, MovementKind>> = {
  contribution_received: 'contribution_reversed',
  fine_received: 'fine_reversed',
  tontine_payout: 'payout_returned',
  savings_withdrawal: 'withdrawal_returned',
};

export function movementKind(posting: Pick<PoolPosting, 'entryKind' | 'reversedKind'>): MovementKind {
  if (posting.entryKind === 'reversal') return (posting.reversedKind && REVERSED_MOVEMENTS[posting.reversedKind]) || 'reversal';
  // An entry kind this list does not know yet is still shown, with its amount, as "other".
  return ENTRY_MOVEMENTS[posting.entryKind] ?? 'other';
}

export interface PoolMovement {
  at: Date;
  kind: MovementKind;
  /** "Amina U."; null when no member moved it (a rounding sweep). */
  member: string | null;
  /** Positive in, negative out; zero for a fine posted or waived. */
  amount: Money;
  balanceAfter: Money;
  reference: string | null;
  /** For a fine posted or waived: the fine's amount (owed, or no longer owed); otherwise null. */
  fine: Money | null;
}

export interface GroupBooks {
  balance: Money;
  movements: PoolMovement[];
  nextCursor: string | null;
}

export interface ShowGroupBooksDeps {
  tontines: Pick<TontineRepository, 'get'>;
  balances: PoolBalances;
  books: PoolBooks;
  profiles: MemberProfiles;
}

export interface ShowGroupBooksInput {
  tontineId: string;
  userId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
}

const BOOKS_PAGE = { default: 20, max: 100 } as const;

export type ShowGroupBooksError = TontineAccessError | 'cursor_invalid';

export class ShowGroupBooks {
  constructor(private readonly deps: ShowGroupBooksDeps) {}

  async execute(input: ShowGroupBooksInput): Promise<Result<GroupBooks, ShowGroupBooksError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const tontineId = member.value.id;
    const limit = Math.min(Math.max(1, input.limit ?? BOOKS_PAGE.default), BOOKS_PAGE.max);
    // One more than the page tells whether another page follows.
    const postings = await this.deps.books.postings(tontineId, { ...(input.cursor ? { before: input.cursor } : {}), limit: limit + 1 });
    if (postings === 'cursor_invalid') return err('cursor_invalid');
    const page = postings.slice(0, limit);
    // The first page's balance is its newest movement's, read in the same statement, so the two
    // agree even while money moves; a later page reads the ledger's balance of now.
    const balance = input.cursor ? ((await this.deps.balances.poolBalances([tontineId])).get(tontineId) ?? Money.ZERO) : (page[0]?.balanceAfter ?? Money.ZERO);
    const memberIds = [...new Set(page.flatMap((p) => (p.memberId ? [p.memberId] : [])))];
    const profiles = memberIds.length > 0 ? await this.deps.profiles.profiles(memberIds) : new Map();
    return ok({
      balance,
      movements: page.map((p) => ({
        at: p.at,
        kind: movementKind(p),
        member: p.memberId ? publicName(profiles.get(p.memberId)) : null,
        amount: p.amount,
        balanceAfter: p.balanceAfter,
        reference: p.reference,
        fine: p.fine,
      })),
      nextCursor: postings.length > limit ? page[page.length - 1]!.entryId : null,
    });
  }
}
