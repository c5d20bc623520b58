/**
 * Tontine terms: what a member may ask for when creating a tontine (spec part 1 §5, "Create
 * tontine"), checked on the server; the HTTP catalogue gives the codes the dialog's words.
 *
 * Guarantees
 * - The name and description are trimmed and must not be empty.
 * - The contribution is a positive amount of at most two decimals.
 * - maxMembers is an integer from 1 to MAX_MEMBERS; 1 means personal savings.
 * - The frequency is daily, weekly or monthly; the category, when given, is one of the defaults.
 * - The passing rule of the group's decisions is a majority of all members unless the creator
 *   chooses unanimity (DOMAIN.md "Group decisions"); it is fixed once the group is created.
 * - The first broken rule is reported, in the dialog's order, with its code (each channel words it).
 */
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { FREQUENCIES, type Frequency } from './cycle-calendar.ts';

/**
 * The largest group. A draw must be able to reach every payout order from a 122-bit seed
 * (30! < 2^122, see payout-draw.ts), and a rotation longer than 30 periods outlasts what a group
 * can keep track of.
 */
export const MAX_MEMBERS = 30;

export const TONTINE_CATEGORIES = [
  'daily_micro',
  'weekly_workers',
  'monthly_professionals',
  'business_builders',
  'student_savers',
  'women_entrepreneurs',
] as const;
export type TontineCategory = (typeof TONTINE_CATEGORIES)[number];

/** How a group's proposals pass (core/decisions): more than half of all members, or every member. */
export const DECISION_RULES = ['majority', 'unanimity'] as const;
export type DecisionRule = (typeof DECISION_RULES)[number];

export type TontineTermsError =
  | 'tontine_name_required'
  | 'tontine_description_required'
  | 'contribution_amount_invalid'
  | 'max_members_invalid'
  | 'frequency_invalid'
  | 'category_unknown';

export interface TontineTermsInput {
  name: string;
  description: string;
  /** The API's decimal string, "5000" or "5000.00". */
  contributionAmount: string;
  frequency: string;
  maxMembers: number;
  category?: string | null;
  /** Majority when not given. */
  decisionRule?: DecisionRule;
}

export interface TontineTerms {
  name: string;
  description: string;
  contributionAmount: Money;
  frequency: Frequency;
  maxMembers: number;
  category: TontineCategory | null;
  decisionRule: DecisionRule;
}

export function checkTontineTerms(input: TontineTermsInput): Result<TontineTerms, TontineTermsError> {
  const name = input.name.trim();
  if (name === '') return err('tontine_name_required');
  const description = input.description.trim();
  if (description === '') return err('tontine_description_required');
  const amount = Money.parseDecimal(input.contributionAmount.trim());
  if (!amount.ok || !amount.value.isPositive()) return err('contribution_amount_invalid');
  if (!Number.isInteger(input.maxMembers) || input.maxMembers < 1 || input.maxMembers > MAX_MEMBERS) {
    return err('max_members_invalid');
  }
  const frequency = FREQUENCIES.find((f) => f === input.frequency);
  if (!frequency) return err('frequency_invalid');
  const category = input.category == null ? null : TONTINE_CATEGORIES.find((c) => c === input.category);
  if (category === undefined) return err('category_unknown');
  return ok({
    name,
    description,
    contributionAmount: amount.value,
    frequency,
    maxMembers: input.maxMembers,
    category,
    decisionRule: input.decisionRule ?? 'majority',
  });
}
