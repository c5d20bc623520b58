/**
 * Payout rule: what the recipient of a complete cycle receives.
 *
 * Guarantees
 * - The pot is contribution × members. The recipient's arrears (their own contributions of later
 *   cycles already overdue) are deducted from the pot and stay in the pool as those contributions:
 *   the group is made whole before the member is paid.
 * - Mobile money moves whole francs: paid = whole francs of (pot − arrears + the fraction carried
 *   by the last payout); the new fraction stays in the pool for the next payout.
 *   paid + carried = pot − arrears + carriedIn, so no centime is lost.
 */
import { Money } from '../money/money.ts';
import { invariant } from '../shared/result.ts';

export interface PayoutAmounts {
  arrears: Money;
  paid: Money;
  carried: Money;
}

export function payoutAmounts(input: { pot: Money; arrears: readonly Money[]; carriedIn: Money }): PayoutAmounts {
  const arrears = Money.sum(input.arrears);
  const owed = input.pot.minus(arrears).plus(input.carriedIn);
  invariant(!owed.isNegative(), 'arrears cannot exceed the pot: a member owes at most N − 1 later contributions');
  const { payable, carried } = owed.splitWholeFrancs();
  return { arrears, paid: payable, carried };
}
