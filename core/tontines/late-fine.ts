/**
 * Late fine (DOMAIN.md "Fines"): a group's optional rule charging a member whose contribution of a
 * cycle is still unpaid when a grace period after its due date has ended.
 *
 * Guarantees
 * - A rule is a fixed amount (whole francs, 1 to MAX_FIXED_FRANCS) or a whole percentage of the
 *   contribution (1 to MAX_PERCENT), with a grace of 0 to MAX_GRACE_DAYS whole days (3 when not
 *   given); anything else is `late_fine_invalid`. Personal savings take no fine.
 * - A fine is whole francs, at least one: a percentage is rounded half up to the franc, since
 *   mobile money moves whole francs.
 * - The grace ends with the last minute of (due date + grace days), Kigali time: a contribution
 *   due on the 1st with a grace of 3 days is fined from the 5th.
 * - A rule fines only graces that end on or after the day it took effect (`since`): a rule a
 *   group adopts later never reaches back to debts it did not announce.
 */
import { Money } from '../money/money.ts';
import { addDays, compareDates, type LocalDate } from '../shared/calendar.ts';
import { err, ok, type Result } from '../shared/result.ts';

export const DEFAULT_GRACE_DAYS = 3;
export const MAX_GRACE_DAYS = 30;
export const MAX_PERCENT = 50;
export const MAX_FIXED_FRANCS = 1_000_000;

export type LateFineKind = 'fixed' | 'percent';

/** `value` is francs for `fixed`, a whole percentage of the contribution for `percent`. */
export interface LateFineRule {
  readonly kind: LateFineKind;
  readonly value: number;
  readonly graceDays: number;
}

/** A group's rule and the day (Kigali) it took effect. */
export interface GroupLateFine extends LateFineRule {
  readonly since: LocalDate;
}

export interface LateFineInput {
  kind: string;
  value: number;
  graceDays?: number | undefined;
}

export type LateFineError = 'late_fine_invalid';

export function checkLateFine(input: LateFineInput): Result<LateFineRule, LateFineError> {
  const graceDays = input.graceDays ?? DEFAULT_GRACE_DAYS;
  if (!Number.isInteger(graceDays) || graceDays < 0 || graceDays > MAX_GRACE_DAYS) return err('late_fine_invalid');
  if (!Number.isInteger(input.value) || input.value < 1) return err('late_fine_invalid');
  if (input.kind === 'fixed' && input.value <= MAX_FIXED_FRANCS) return ok({ kind: 'fixed', value: input.value, graceDays });
  if (input.kind === 'percent' && input.value <= MAX_PERCENT) return ok({ kind: 'percent', value: input.value, graceDays });
  return err('late_fine_invalid');
}

/** The fine on a contribution of `contribution`: whole francs, at least one. */
export function fineAmount(rule: LateFineRule, contribution: Money): Money {
  if (rule.kind === 'fixed') return Money.ofFrancs(rule.value);
  // centimes × percent / 100 is the fine in centimes; / 100 more is francs, rounded half up.
  const francs = Math.floor((contribution.centimes * rule.value + 5_000) / 10_000);
  return Money.ofFrancs(Math.max(1, francs));
}

/** The last day of grace: the fine is posted on any later day. */
export function lastDayOfGrace(rule: LateFineRule, dueDate: LocalDate): LocalDate {
  return addDays(dueDate, rule.graceDays);
}

/** Whether a contribution due on `dueDate`, still unpaid `today`, is to be fined under this rule. */
export function isFineDue(rule: GroupLateFine, dueDate: LocalDate, today: LocalDate): boolean {
  const last = lastDayOfGrace(rule, dueDate);
  return compareDates(today, last) > 0 && compareDates(last, rule.since) >= 0;
}
