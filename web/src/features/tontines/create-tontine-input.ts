/**
 * Create-tontine form rules (spec part 1 §5), checked in this order, each reported by a
 * 'Validation Error' toast with the specification's words.
 *
 * Guarantees:
 * - name is required after trimming; description is required (after trimming).
 * - contributionAmount must be a decimal greater than 0 (at most two decimals).
 * - maxMembers is parsed as an integer and falls back to 1 (personal savings) when it is not a
 *   whole number of at least 1.
 * - frequency is weekly or monthly (the dialog's options; monthly by default).
 * - the group's decisions pass by a majority of all members unless unanimity is ticked
 *   (decisionRule is sent only then).
 */
import { formatDecimal, parseCentimes } from '../../lib/money.ts';

export type CreateFrequency = 'weekly' | 'monthly';
export const CREATE_FREQUENCIES: readonly CreateFrequency[] = ['weekly', 'monthly'];
export const DEFAULT_CREATE_FREQUENCY: CreateFrequency = 'monthly';

export interface CreateTontineForm {
  name: string;
  description: string;
  contributionAmount: string;
  frequency: CreateFrequency;
  maxMembers: string;
  /** Decisions need every member's yes. */
  unanimity?: boolean;
}

export interface CreateTontineInput {
  name: string;
  description: string;
  contributionAmount: string;
  frequency: CreateFrequency;
  maxMembers: number;
  decisionRule?: 'unanimity';
}

export type CreateTontineProblem = 'nameRequired' | 'descriptionRequired' | 'amountInvalid';

export function parseMaxMembers(raw: string): number {
  const parsed = Number.parseInt(raw, 10);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
}

export function validateCreateTontine(
  form: CreateTontineForm,
): { ok: true; input: CreateTontineInput } | { ok: false; problem: CreateTontineProblem } {
  const name = form.name.trim();
  if (name === '') return { ok: false, problem: 'nameRequired' };
  const description = form.description.trim();
  if (description === '') return { ok: false, problem: 'descriptionRequired' };
  const amount = parseCentimes(form.contributionAmount);
  if (amount === null || amount <= 0) return { ok: false, problem: 'amountInvalid' };
  return {
    ok: true,
    input: {
      name,
      description,
      contributionAmount: formatDecimal(amount),
      frequency: form.frequency,
      maxMembers: parseMaxMembers(form.maxMembers),
      ...(form.unanimity ? { decisionRule: 'unanimity' as const } : {}),
    },
  };
}
